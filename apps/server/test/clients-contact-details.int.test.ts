import { VALIDATION_MESSAGES } from '@openpractice/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let manager: Browser;
let therapist1: Browser;
let owner2: Browser;
let margaret: number;
let bob: number;

async function clientIdByName(firstName: string, lastName: string) {
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)));
  if (!row) throw new Error(`no demo client ${firstName} ${lastName}`);
  return row.id;
}

const auditCount = async (patientId: number, action: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patientId), eq(auditLog.action, action)))
  )[0]?.n ?? 0;

const lastDetail = async (patientId: number, action: string) =>
  (
    await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patientId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]?.detail;

type Phone = { phoneId: number; contact: string; label: string | null; isDefault: boolean };

beforeAll(async () => {
  t = await testApp();
  [manager, therapist1, owner2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'owner2'),
  ]);
  margaret = await clientIdByName('Margaret', 'Hamilton');
  bob = await clientIdByName('Robert', 'Sinclair');
});
afterAll(() => t.close());

describe('phones', () => {
  let firstId: number;
  let secondId: number;

  it('adds a phone as the new default, clearing the old default', async () => {
    const response = await therapist1.post('/api/patient/savePhone', {
      patientId: margaret,
      contact: '+1 (207) 555-0177',
      label: 'Work',
      isDefault: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ phoneId: number; phones: Phone[] }>();
    secondId = body.phoneId;
    expect(body.phones).toEqual([
      { phoneId: secondId, contact: '2075550177', label: 'Work', isDefault: true },
      expect.objectContaining({ contact: '2075550102', isDefault: false }),
    ]);
    firstId = body.phones[1]?.phoneId ?? 0;
    expect(await auditCount(margaret, 'client.phone_changed')).toBe(1);
    expect(await lastDetail(margaret, 'client.phone_changed')).toEqual({
      kind: 'change',
      route: 'POST /api/patient/savePhone',
      phoneId: secondId,
      change: 'added',
      fields: ['number', 'label'],
    });
  });

  it('switches the default back by updating the other phone', async () => {
    const response = await therapist1.post('/api/patient/savePhone', {
      patientId: margaret,
      phoneId: firstId,
      contact: '(207) 555-0102',
      label: 'Mobile',
      isDefault: true,
    });
    const phones = response.json<{ phones: Phone[] }>().phones;
    expect(phones.filter((p) => p.isDefault).map((p) => p.phoneId)).toEqual([firstId]);
  });

  it('skips an update that changes nothing, auditing that the phone was read', async () => {
    const before = await auditCount(margaret, 'client.phone_changed');
    const response = await therapist1.post('/api/patient/savePhone', {
      patientId: margaret,
      phoneId: firstId,
      contact: '207.555.0102',
      label: 'Mobile',
    });
    expect(response.json()).toEqual({ status: 'unchanged' });
    expect(await auditCount(margaret, 'client.phone_changed')).toBe(before + 1);
    expect(await lastDetail(margaret, 'client.phone_changed')).toEqual({
      kind: 'change',
      route: 'POST /api/patient/savePhone',
      phoneId: firstId,
      change: 'none',
      fields: [],
    });
  });

  it('passes the default on when the default phone is deleted', async () => {
    const response = await therapist1.post('/api/patient/deletePhone', {
      phoneId: firstId,
      patientId: margaret,
    });
    expect(response.json()).toEqual({
      status: 'deleted',
      data: [{ phoneId: secondId, contact: '2075550177', label: 'Work', isDefault: true }],
    });
    expect(await lastDetail(margaret, 'client.phone_changed')).toEqual({
      kind: 'change',
      route: 'POST /api/patient/deletePhone',
      phoneId: firstId,
      change: 'deleted',
    });
  });

  it('keeps a lone phone the default even when asked not to be', async () => {
    const response = await therapist1.post('/api/patient/savePhone', {
      patientId: margaret,
      phoneId: secondId,
      contact: '2075550177',
      label: 'Work',
      isDefault: false,
    });
    expect(response.json().phones).toEqual([expect.objectContaining({ isDefault: true })]);
  });

  it('400 with the spec message for a number that is not a US phone number', async () => {
    const response = await therapist1.post('/api/patient/savePhone', {
      patientId: margaret,
      contact: '555-0102',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'contact',
      message: VALIDATION_MESSAGES.phone,
    });
  });

  it("404 for another client's phone, and for the other practice", async () => {
    const wrongClient = await manager.post('/api/patient/deletePhone', {
      phoneId: secondId,
      patientId: bob,
    });
    expect(wrongClient.statusCode).toBe(404);
    const foreign = await owner2.post('/api/patient/deletePhone', {
      phoneId: secondId,
      patientId: margaret,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('emails', () => {
  it('validates with the spec message and keeps one default', async () => {
    const bad = await manager.post('/api/patient/saveEmail', {
      patientId: bob,
      contact: 'bob@',
    });
    expect(bad.json()).toMatchObject({ field: 'contact', message: VALIDATION_MESSAGES.email });
    const added = await manager.post('/api/patient/saveEmail', {
      patientId: bob,
      contact: 'bob.work@example.com',
    });
    const emails = added.json<{ emails: { contact: string; isDefault: boolean }[] }>().emails;
    expect(emails.map((e) => [e.contact, e.isDefault])).toEqual([
      ['robert.sinclair@example.com', true],
      ['bob.work@example.com', false],
    ]);
  });
});

describe('addresses', () => {
  it('adds a mailing address and keeps the home address as default', async () => {
    const response = await manager.post('/api/patient/saveAddress', {
      userId: bob,
      addressLine1: 'PO Box 12',
      city: 'Portland',
      state: 'me',
      zipcode: '04112-0012',
      isMailing: true,
    });
    expect(response.statusCode).toBe(200);
    const { addresses, addressId } = response.json();
    expect(addresses.defaultAddress.addressLine1).toBe('3 Harbor Way');
    expect(addresses.mailingAddress).toMatchObject({
      addressId,
      state: 'ME',
      zipcode: '041120012',
      isDefault: false,
    });
    expect(addresses.otherAddresses).toEqual([]);
  });

  it('400 with the spec message for a bad ZIP code', async () => {
    const response = await manager.post('/api/patient/saveAddress', {
      userId: bob,
      addressLine1: '1 Main St',
      city: 'Portland',
      state: 'ME',
      zipcode: '0411',
    });
    expect(response.json()).toMatchObject({
      field: 'zipcode',
      message: VALIDATION_MESSAGES.zipShort,
    });
  });

  it('moves the mailing flag back when the mailing address is deleted', async () => {
    const listed = await manager.post('/api/patient/saveAddress', {
      userId: bob,
      addressLine1: '9 Elm St',
      city: 'Portland',
      state: 'ME',
      zipcode: '04101',
    });
    const { addresses } = listed.json();
    expect(addresses.otherAddresses).toHaveLength(1);
    const deleted = await manager.post('/api/patient/deleteAddress', {
      addressId: addresses.mailingAddress.addressId,
      userId: bob,
    });
    const after = deleted.json().data;
    expect(after.mailingAddress.addressLine1).toBe('3 Harbor Way');
    expect(after.otherAddresses.map((a: { addressLine1: string }) => a.addressLine1)).toEqual([
      '9 Elm St',
    ]);
  });
});

describe('contacts', () => {
  it('adds, updates and deletes a contact of type patient_contact', async () => {
    const added = await manager.post('/api/patient/saveContact', {
      patientId: bob,
      firstName: 'Ann',
      lastName: 'Sinclair',
      relationship: 'Spouse',
      phone: '207-555-0150',
      isEmergencyContact: true,
    });
    const { contactId, contacts } = added.json();
    expect(contacts).toEqual([
      expect.objectContaining({
        contactId,
        type: 'patient_contact',
        phone: '2075550150',
        isEmergencyContact: true,
      }),
    ]);
    const same = await manager.post('/api/patient/saveContact', {
      patientId: bob,
      contactId,
      firstName: 'Ann',
      lastName: 'Sinclair',
      relationship: 'Spouse',
      phone: '(207) 555-0150',
    });
    expect(same.json()).toEqual({ status: 'unchanged' });
    const badEmail = await manager.post('/api/patient/saveContact', {
      patientId: bob,
      contactId,
      firstName: 'Ann',
      lastName: 'Sinclair',
      email: 'not-an-email',
    });
    expect(badEmail.json()).toMatchObject({ field: 'email', message: VALIDATION_MESSAGES.email });
    const deleted = await manager.post('/api/patient/deleteContact', {
      contactId,
      patientId: bob,
    });
    expect(deleted.json()).toEqual({ status: 'deleted', data: [] });
    // Added, saved unchanged (read), deleted: a row each.
    expect(await auditCount(bob, 'client.contact_changed')).toBe(3);
  });
});
