import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('reference data from the database', () => {
  it('lists the six reference types with payment type flags', async () => {
    const body = (await new Browser(t.app).get('/api/system/listReferenceDataTypes')).json();
    expect(Object.keys(body).sort()).toEqual([
      'accountPaymentTypes',
      'accountStatementTypes',
      'claimStatusCategories',
      'claimStatuses',
      'claimSubmissionTypes',
      'claimTypes',
    ]);
    for (const list of Object.values(body)) expect((list as unknown[]).length).toBeGreaterThan(0);
    expect(body.accountPaymentTypes).toContainEqual({
      code: 'CARD',
      name: 'Credit or debit card',
      isPatientType: true,
      isInsuranceType: false,
    });
    expect(body.accountPaymentTypes).toContainEqual({
      code: 'EFT',
      name: 'Electronic funds transfer',
      isPatientType: false,
      isInsuranceType: true,
    });
  });

  it('lists record statuses', async () => {
    const body = (await new Browser(t.app).get('/api/system/recordStatus')).json();
    expect(body.data).toEqual([
      { recordStatusId: 1, name: 'Active' },
      { recordStatusId: 2, name: 'Inactive' },
      { recordStatusId: 3, name: 'Deleted' },
    ]);
  });

  it('lists US time zones and maps old names to standard ones', async () => {
    const body = (await new Browser(t.app).get('/api/system/listUSTimezones')).json();
    expect(body.data).toContainEqual({ name: 'America/New_York', label: 'Eastern' });
    expect(body.aliases['US/Eastern']).toBe('America/New_York');
    expect(body.aliases['US/Pacific']).toBe('America/Los_Angeles');
  });

  it('lists the practice products, locations with colours and settings', async () => {
    const owner = await signedIn(t.app, 'owner');
    const locations = (await owner.get('/api/practice/listPracticeLocations')).json().data;
    expect(locations).toContainEqual(
      expect.objectContaining({ name: 'Main Office', color: '#1565C0', isDefault: true }),
    );
    const services = (await owner.get('/api/practice/listPracticeServiceLocations')).json().data;
    expect(services.map((s: { placeOfServiceCode: string }) => s.placeOfServiceCode)).toEqual([
      '02',
      '10',
      '11',
    ]);
    const settings = (await owner.get('/api/practice/listPracticeSettings')).json().data;
    expect(settings).toMatchObject({
      inactivityLockoutMinutes: 60,
      features: { claims: true, ePrescribe: true },
    });
  });

  it('hides inactive therapists unless asked', async () => {
    const owner = await signedIn(t.app, 'owner');
    const { therapists } = await import('../src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(therapists)
      .set({ active: false })
      .where(eq(therapists.lastName, 'Lindqvist'));
    const active = (await owner.get('/api/practice/listTherapists')).json().data;
    const all = (await owner.get('/api/practice/listTherapists?includeInactive=true')).json().data;
    expect(
      active.map((x: { practitionerLastName: string }) => x.practitionerLastName),
    ).not.toContain('Lindqvist');
    expect(all.map((x: { practitionerLastName: string }) => x.practitionerLastName)).toContain(
      'Lindqvist',
    );
  });
});
