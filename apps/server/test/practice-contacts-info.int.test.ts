import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, practiceContacts, practices } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/** Issue 16 items 4 and 8: the practice's outside contacts and its information. */

const VALID_NPI = '1234567893';
const BAD_NPI = '1234567890';

const lastAudit = async (t: TestApp, action: string) =>
  (
    await t.database.db
      .select({ practiceId: auditLog.practiceId, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'physician',
  name: 'Dr. Ellie Sattler',
  organization: 'Midcoast Paediatrics',
  phone: '(207) 555-0170',
  fax: '207-555-0171',
  email: 'ellie@example.com',
  addressLine1: '12 Elm St',
  city: 'Portland',
  state: 'me',
  zipcode: '04101',
  npi: VALID_NPI,
  notes: 'Prefers fax.',
  active: true,
  ...overrides,
});

describe('practice contacts', () => {
  let t: TestApp;
  let manager: Browser;
  let scheduler: Browser;
  let therapist: Browser;
  let client: Browser;
  let owner2: Browser;

  beforeAll(async () => {
    t = await testApp();
    [manager, scheduler, therapist, client, owner2] = await Promise.all([
      signedIn(t.app, 'manager'),
      signedIn(t.app, 'scheduler'),
      signedIn(t.app, 'therapist1'),
      signedIn(t.app, 'client1'),
      signedIn(t.app, 'owner2'),
    ]);
  });
  afterAll(() => t.close());

  it('the demo contacts were made by the practice service, each with its kind', async () => {
    const list = (await manager.get('/api/practice/contacts')).json().data;
    expect(list.map((c: { name: string; kind: string }) => [c.name, c.kind])).toEqual([
      ['Casco Bay High School counselling office', 'school'],
      ['Dr. Alan Grant', 'physician'],
      ['Psychology Today directory', 'referral_source'],
    ]);
  });

  it('a scheduler adds a contact with every field checked and stored plainly; the audit names it', async () => {
    const response = await scheduler.post('/api/practice/contacts', contactBody());
    expect(response.statusCode).toBe(200);
    const contact = response.json().data;
    expect(contact).toMatchObject({
      name: 'Dr. Ellie Sattler',
      phone: '2075550170',
      fax: '2075550171',
      state: 'ME',
      npi: VALID_NPI,
      referredClients: 0,
    });
    const audit = await lastAudit(t, 'practice.contact_added');
    expect(audit).toMatchObject({ practiceId: 1, detail: { contactId: contact.contactId } });
    // Staff who do not keep client records read contacts but cannot add them.
    expect((await therapist.get('/api/practice/contacts')).statusCode).toBe(200);
    expect((await therapist.post('/api/practice/contacts', contactBody())).statusCode).toBe(403);
    expect((await client.get('/api/practice/contacts')).statusCode).toBe(403);
    expect((await client.post('/api/practice/contacts', contactBody())).statusCode).toBe(403);
  });

  it.each([
    ['npi', { npi: BAD_NPI }, 'Enter a valid 10-digit NPI (the last digit is a check digit).'],
    [
      'npi',
      { kind: 'school', npi: VALID_NPI },
      'Only clinicians and referral sources have an NPI.',
    ],
    [
      'phone',
      { phone: '555-01' },
      'Please enter phone number in valid format, e.g. (888) 555-1212',
    ],
    ['fax', { fax: 'fax me' }, 'Please enter fax in valid format.'],
    ['email', { email: 'nobody' }, 'Please enter a valid e-mail address, e.g. name@example.com'],
    ['zipcode', { zipcode: '4101' }, 'Please enter a five-digit ZIP code.'],
    ['name', { name: '   ' }, 'This is required.'],
  ])('refuses a bad %s with its message and stores nothing', async (field, change, message) => {
    const before = await t.database.db.select().from(practiceContacts);
    const response = await manager.post('/api/practice/contacts', contactBody(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
    expect(await t.database.db.select().from(practiceContacts)).toEqual(before);
  });

  it('filters by state, and an inactive contact stays a client’s referral source', async () => {
    const added = (
      await manager.post('/api/practice/contacts', contactBody({ name: 'Old clinic' }))
    ).json().data;
    const [bob] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.firstName, 'Robert'), eq(clients.lastName, 'Sinclair')));
    const patientId = bob!.id;
    const saved = await manager.post('/api/patientReferralSource/save', {
      patientId,
      contactId: added.contactId,
    });
    expect(saved.json()).toMatchObject({ status: 'saved', referralSource: { kind: 'physician' } });

    const changed = await manager.request(
      'PUT',
      `/api/practice/contacts/${added.contactId}`,
      contactBody({ name: 'Old clinic', active: false }),
    );
    expect(changed.json().data).toMatchObject({ active: false, referredClients: 1 });
    expect((await lastAudit(t, 'practice.contact_changed'))?.detail).toMatchObject({
      fields: ['active'],
    });
    const names = async (state: string) =>
      (await manager.get(`/api/practice/contacts?state=${state}`))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await names('inactive')).toEqual(['Old clinic']);
    expect(await names('active')).not.toContain('Old clinic');
    expect(await names('all')).toContain('Old clinic');
    const referral = await manager.get(`/api/patientReferralSource/get?patientId=${patientId}`);
    expect(referral.json().referralSource).toMatchObject({ name: 'Old clinic', active: false });
    expect((await manager.get('/api/practice/contacts?state=gone')).statusCode).toBe(400);
  });

  it('practices never see each other’s contacts', async () => {
    const [grant] = await t.database.db
      .select({ id: practiceContacts.id })
      .from(practiceContacts)
      .where(eq(practiceContacts.name, 'Dr. Alan Grant'));
    const theirs = (await owner2.get('/api/practice/contacts')).json().data;
    expect(theirs.map((c: { name: string }) => c.name)).toEqual(['Harbor Family Medicine']);
    expect((await owner2.get(`/api/practice/contacts/${grant!.id}`)).statusCode).toBe(404);
    const update = await owner2.request(
      'PUT',
      `/api/practice/contacts/${grant!.id}`,
      contactBody({ name: 'Taken over' }),
    );
    expect(update.statusCode).toBe(404);
    const [row] = await t.database.db
      .select({ name: practiceContacts.name })
      .from(practiceContacts)
      .where(eq(practiceContacts.id, grant!.id));
    expect(row?.name).toBe('Dr. Alan Grant');
  });
});

describe('practice information', () => {
  let t: TestApp;
  let manager: Browser;
  let staffadmin: Browser;
  let therapist: Browser;
  let owner2: Browser;

  const info = (overrides: Record<string, unknown> = {}) => ({
    name: 'Riverbend Counseling',
    legalName: 'Riverbend Counseling LLC',
    tin: '12-3456789',
    npi: VALID_NPI,
    addressLine1: '1 Congress St',
    addressLine2: 'Suite 200',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
    phone: '(207) 555-0100',
    timezone: 'America/New_York',
    ...overrides,
  });

  beforeAll(async () => {
    t = await testApp();
    [manager, staffadmin, therapist, owner2] = await Promise.all([
      signedIn(t.app, 'manager'),
      signedIn(t.app, 'staffadmin'),
      signedIn(t.app, 'therapist1'),
      signedIn(t.app, 'owner2'),
    ]);
  });
  afterAll(() => t.close());

  it('a manager saves it; navigation and the default contact block follow; the audit names fields', async () => {
    const response = await manager.post('/api/practice/practiceInfo', info());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Riverbend Counseling',
      tin: '12-3456789',
      phone: '2075550100',
      inactivityLockoutMinutes: expect.any(Number),
    });
    const [row] = await t.database.db.select().from(practices).where(eq(practices.id, 1));
    expect(row).toMatchObject({ tin: '123456789', npi: VALID_NPI, zipcode: '04101' });
    const audit = await lastAudit(t, 'practice.info_changed');
    expect(audit?.detail).toMatchObject({ fields: expect.arrayContaining(['name', 'tin']) });
    expect(JSON.stringify(audit?.detail)).not.toContain('123456789');
    const nav = (await therapist.get('/api/dashboard/main/navigation')).json();
    expect(nav.currentPractice.name).toBe('Riverbend Counseling');
    const contact = (await therapist.get('/api/practice/defaultContactInformation')).json().data;
    expect(contact).toMatchObject({ name: 'Riverbend Counseling', addressLine2: 'Suite 200' });
    // The other practice is untouched and sees only its own.
    const theirs = (await owner2.get('/api/practice/practiceInfo')).json().data;
    expect(theirs.name).not.toBe('Riverbend Counseling');
    expect(theirs.tin).toBeNull();
  });

  it.each([
    ['tin', { tin: '123' }, 'Enter the practice’s 9-digit EIN, e.g. 12-3456789.'],
    ['tin', { tin: '07-1234567' }, 'Enter the practice’s 9-digit EIN, e.g. 12-3456789.'],
    ['npi', { npi: BAD_NPI }, 'Enter a valid 10-digit NPI (the last digit is a check digit).'],
    ['timezone', { timezone: 'Europe/Paris' }, 'Choose a US time zone from the list.'],
    ['name', { name: ' ' }, 'This is required.'],
    ['state', { state: 'M1' }, 'Enter the two-letter state code, e.g. ME.'],
  ])('refuses a bad %s naming it and changes nothing', async (field, change, message) => {
    const [before] = await t.database.db.select().from(practices).where(eq(practices.id, 1));
    const response = await manager.post('/api/practice/practiceInfo', info(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
    const [after] = await t.database.db.select().from(practices).where(eq(practices.id, 1));
    expect(after).toEqual(before);
  });

  it('only managers change it; staff read it', async () => {
    expect((await therapist.get('/api/practice/practiceInfo')).statusCode).toBe(200);
    expect((await therapist.post('/api/practice/practiceInfo', info())).statusCode).toBe(403);
    expect((await staffadmin.post('/api/practice/practiceInfo', info())).statusCode).toBe(403);
  });
});
