import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientInsurances,
  clients,
  insurancePreAuths,
  practiceInsurances,
  practiceSettings,
  therapists,
  users,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The Insurance tab's calls (spec-2 §7 Insurance) on two practices: each
 * call's answer, its audit row, its refusals (bad input 400, another
 * practice 404, no access 403) and the rules of spec-2 §4.
 */

let t: TestApp;
let manager: Browser;
let owner2: Browser;
let therapist1: Browser;
let therapist2: Browser;
let frontoffice: Browser;
let client1: Browser;

let margaret: number;
let harriet: number;
let therapistIds: Record<string, number>;
let payers: { aetna: number; bcbs: number; cigna: number; secondPracticeAetna: number };

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('an insurance card, by its signature'),
]);

const post = (browser: Browser, call: string, body: unknown) =>
  browser.post(`/api/patientInsurance/${call}`, body);

type Policy = {
  insuranceId: number;
  insuranceType: 'PRIMARY' | 'SECONDARY';
  isCurrent: boolean;
  startDate: string | null;
  endDate: string | null;
  insuranceNumber: string | null;
  companyId: number | null;
  payerLabel: string | null;
  isActive: boolean;
  isVerified: boolean;
  insuranceCardPhotoUrl: string | null;
  preAuths: { authId: number; authDate: string; cptCodes: string[]; visitsAuthorized: number }[];
  confirmations: { confirmationId: number; authDate: string; copayCents: number | null }[];
  insuredRelationship: string;
  insuredFirstName: string | null;
};
type Insurance = {
  isInsuranceEnabled: boolean;
  isPrivatePay: boolean;
  usualFee: number | null;
  policies: Policy[];
  currentPrimaryPolicy: Policy | null;
  currentSecondaryPolicy: Policy | null;
  defaultInsuranceId: number | null;
  autoGenClaims: {
    therapistId: number;
    therapistName: string;
    autogen: boolean;
    reason: string | null;
  }[];
  access: { canEditPolicies: boolean; canEditBilling: boolean };
};

const list = async (browser: Browser, patientId: number): Promise<Insurance> => {
  const response = await post(browser, 'list', { patientId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Insurance>();
};

/** The client's latest audit row; reads of the list are skipped unless `withListReads`. */
const lastAudit = async (patientId: number, withListReads = false) =>
  (
    await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail, practiceId: auditLog.practiceId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.patientId, patientId),
          withListReads ? undefined : ne(auditLog.action, 'client.insurance_read'),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

/** A client of our own (so tests change nobody else's), treated by `therapist`. */
async function newClient(lastName: string, therapist = 'therapist2'): Promise<number> {
  const response = await manager.post('/api/patient/addNewPatientForTherapists', {
    firstName: 'Insured',
    lastName,
    therapistIds: [therapistIds[therapist]],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ patientId: number }>().patientId;
}

const policyInput = (patientId: number, fields: Record<string, unknown> = {}) => ({
  patientId,
  insuranceType: 'PRIMARY',
  isCurrent: true,
  startDate: '2026-01-01',
  endDate: null,
  insuranceNumber: 'W100200300',
  groupNumber: 'AET123',
  companyId: payers.aetna,
  ...fields,
});

async function addPolicy(patientId: number, fields: Record<string, unknown> = {}) {
  const response = await post(manager, 'saveInsurance', policyInput(patientId, fields));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ insuranceId: number; noLongerCurrent: number[] }>().insuranceId;
}

async function setInsuranceFeature(practiceId: number, on: boolean) {
  const [row] = await t.database.db
    .select({ features: practiceSettings.features })
    .from(practiceSettings)
    .where(eq(practiceSettings.practiceId, practiceId));
  if (!row) throw new Error('no settings');
  await t.database.db
    .update(practiceSettings)
    .set({ features: { ...row.features, insurance: on } })
    .where(eq(practiceSettings.practiceId, practiceId));
}

beforeAll(async () => {
  t = await testApp();
  [manager, owner2, therapist1, therapist2, frontoffice, client1] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'owner2'),
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'therapist2'),
    signedIn(t.app, 'frontoffice'),
    signedIn(t.app, 'client1'),
  ]);
  const db = t.database.db;
  const named = async (firstName: string, lastName: string) =>
    (
      await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)))
    )[0]?.id ?? 0;
  margaret = await named('Margaret', 'Hamilton');
  harriet = await named('Harriet', 'Harbor');
  const rows = await db
    .select({ id: therapists.id, username: users.username })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId));
  therapistIds = Object.fromEntries(rows.map((r) => [r.username, r.id]));
  const payerRows = await db
    .select({
      id: practiceInsurances.id,
      label: practiceInsurances.label,
      practiceId: practiceInsurances.practiceId,
    })
    .from(practiceInsurances)
    .orderBy(asc(practiceInsurances.id));
  const payer = (label: string, practiceId: number) =>
    payerRows.find((p) => p.label.startsWith(label) && p.practiceId === practiceId)?.id ?? 0;
  payers = {
    aetna: payer('Aetna', 1),
    bcbs: payer('Blue Cross', 1),
    cigna: payer('Cigna', 1),
    secondPracticeAetna: payer('Aetna', 2),
  };
});
afterAll(() => t.close());

describe('POST /api/patientInsurance/list', () => {
  it("answers the client's insurance and audits the read", async () => {
    const answer = await list(manager, margaret);
    expect(answer.isInsuranceEnabled).toBe(true);
    expect(answer.policies.length).toBeGreaterThan(0);
    const primary = answer.currentPrimaryPolicy;
    expect(primary).toMatchObject({
      insuranceType: 'PRIMARY',
      isCurrent: true,
      isActive: true,
      isVerified: true,
      payerLabel: 'Aetna (60054)',
      insuranceNumber: 'W000000002',
      insuredRelationship: 'self',
      insuranceCardPhotoUrl: null,
    });
    expect(answer.defaultInsuranceId).toBe(primary?.insuranceId);
    expect(answer.autoGenClaims).toEqual([
      expect.objectContaining({ therapistId: therapistIds.therapist1, autogen: true }),
    ]);
    expect(answer.access).toEqual({ canEditPolicies: true, canEditBilling: true });
    expect(await lastAudit(margaret, true)).toMatchObject({
      action: 'client.insurance_read',
      practiceId: 1,
    });
  });

  it('404 for a client of another practice, both ways', async () => {
    expect((await post(owner2, 'list', { patientId: margaret })).statusCode).toBe(404);
    expect((await post(manager, 'list', { patientId: harriet })).statusCode).toBe(404);
    expect((await list(owner2, harriet)).policies.length).toBeGreaterThan(0);
  });

  it('403 for staff without demographic or billing access, and for a portal client', async () => {
    const refusedTherapist = await post(therapist2, 'list', { patientId: margaret });
    expect(refusedTherapist.statusCode).toBe(403);
    const refusedFrontDesk = await post(frontoffice, 'list', { patientId: margaret });
    expect(refusedFrontDesk.statusCode).toBe(403);
    expect(refusedFrontDesk.json().message).toBe(
      "You do not have access to this client's insurance.",
    );
    const portal = await post(client1, 'list', { patientId: margaret });
    expect(portal.statusCode).toBe(403);
    expect(portal.json().message).toBe('Permission denied');
  });

  it('lets a therapist without billing rights read and edit policies, not billing settings', async () => {
    const bob = await newClient('Therapist-Two-Client');
    const answer = await list(therapist2, bob);
    expect(answer.access).toEqual({ canEditPolicies: true, canEditBilling: false });
    const saved = await post(therapist2, 'saveInsurance', policyInput(bob));
    expect(saved.statusCode, saved.body).toBe(200);
    const privatePay = await post(therapist2, 'changePrivatePay', {
      patientId: bob,
      isPrivatePay: true,
      localDate: '2026-03-10',
    });
    expect(privatePay.statusCode).toBe(403);
    expect(privatePay.json().message).toBe(
      "Changing this client's billing settings needs billing access.",
    );
  });

  it('400 without a patient id', async () => {
    expect((await post(manager, 'list', {})).statusCode).toBe(400);
  });
});

describe('POST /api/patientInsurance/saveInsurance', () => {
  let patientId: number;
  beforeAll(async () => {
    patientId = await newClient('Saver');
  });

  it('adds a policy, audits it, and lists it', async () => {
    const response = await post(manager, 'saveInsurance', policyInput(patientId));
    expect(response.statusCode, response.body).toBe(200);
    const { insuranceId } = response.json<{ insuranceId: number }>();
    expect(response.json()).toEqual({ status: 'saved', insuranceId, noLongerCurrent: [] });
    expect(await lastAudit(patientId)).toMatchObject({
      action: 'client.insurance_changed',
      detail: { insuranceId, change: 'added' },
    });
    const answer = await list(manager, patientId);
    expect(answer.currentPrimaryPolicy?.insuranceId).toBe(insuranceId);
    expect(answer.defaultInsuranceId).toBe(insuranceId);
  });

  it('a new current primary makes the old one no longer current (one current per type)', async () => {
    const before = (await list(manager, patientId)).currentPrimaryPolicy?.insuranceId;
    const response = await post(
      manager,
      'saveInsurance',
      policyInput(patientId, {
        companyId: payers.cigna,
        insuranceNumber: 'C555',
        startDate: '2026-02-01',
      }),
    );
    expect(response.json().noLongerCurrent).toEqual([before]);
    const answer = await list(manager, patientId);
    expect(
      answer.policies.filter((p) => p.isCurrent && p.insuranceType === 'PRIMARY'),
    ).toHaveLength(1);
    expect(answer.currentPrimaryPolicy?.payerLabel).toBe('Cigna (62308)');
    expect(answer.policies.at(-1)?.insuranceId).toBe(before);
  });

  it('updates a policy, and answers unchanged when nothing changed', async () => {
    const policy = (await list(manager, patientId)).currentPrimaryPolicy;
    if (!policy) throw new Error('no policy');
    const input = policyInput(patientId, {
      insuranceId: policy.insuranceId,
      companyId: payers.cigna,
      insuranceNumber: 'C555',
      startDate: '2026-02-01',
    });
    expect((await post(manager, 'saveInsurance', input)).json()).toEqual({ status: 'unchanged' });
    const changed = await post(manager, 'saveInsurance', { ...input, endDate: '12/31/2026' });
    expect(changed.json()).toMatchObject({ status: 'saved', insuranceId: policy.insuranceId });
    expect(await lastAudit(patientId)).toMatchObject({
      detail: { change: 'updated', fields: ['endDate'] },
    });
    const after = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(after?.endDate).toBe('2026-12-31');
  });

  it('keeps dependent details only for a dependent', async () => {
    const insuranceId = await addPolicy(patientId, {
      insuranceType: 'SECONDARY',
      insuredRelationship: 'child',
      insuredFirstName: ' Karen ',
      insuredLastName: 'Saver',
      insuredDob: '1970-04-12',
    });
    let policy = (await list(manager, patientId)).policies.find(
      (p) => p.insuranceId === insuranceId,
    );
    expect(policy).toMatchObject({ insuredRelationship: 'child', insuredFirstName: 'Karen' });
    await post(
      manager,
      'saveInsurance',
      policyInput(patientId, {
        insuranceId,
        insuranceType: 'SECONDARY',
        insuredRelationship: 'self',
        insuredFirstName: 'Karen',
      }),
    );
    policy = (await list(manager, patientId)).policies.find((p) => p.insuranceId === insuranceId);
    expect(policy).toMatchObject({ insuredRelationship: 'self', insuredFirstName: null });
  });

  it('keeps a policy without a payer as unverified', async () => {
    const insuranceId = await addPolicy(patientId, { companyId: null, isCurrent: false });
    const policy = (await list(manager, patientId)).policies.find(
      (p) => p.insuranceId === insuranceId,
    );
    expect(policy).toMatchObject({ isVerified: false, payerLabel: null, companyId: null });
  });

  it.each([
    ['no insurance number', { insuranceNumber: '  ' }, 'insuranceNumber', 'This is required.'],
    [
      'an end before the start',
      { endDate: '2025-12-31' },
      'endDate',
      'Please enter a date on or after 01/01/2026.',
    ],
    [
      'a date that does not exist',
      { startDate: '2026-02-30' },
      'startDate',
      'Please enter a valid date, e.g. 01/05/1995.',
    ],
    [
      'a dependent without the insured name',
      { insuredRelationship: 'spouse', insuredFirstName: 'Sam' },
      'insuredLastName',
      'This is required.',
    ],
    [
      'a payer of another practice',
      { companyId: 999_999 },
      'companyId',
      "Choose an insurance from the practice's list of active insurance companies.",
    ],
  ])('400 for %s', async (_label, fields, field, message) => {
    const response = await post(manager, 'saveInsurance', policyInput(patientId, fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('400 for a bad type', async () => {
    const response = await post(
      manager,
      'saveInsurance',
      policyInput(patientId, { insuranceType: 'TERTIARY' }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses an ended payer for a new policy, but a policy keeps the payer it has', async () => {
    const insuranceId = await addPolicy(patientId, { companyId: payers.bcbs, isCurrent: false });
    await t.database.db
      .update(practiceInsurances)
      .set({ endDate: '2020-01-01' })
      .where(eq(practiceInsurances.id, payers.bcbs));
    try {
      const fresh = await post(
        manager,
        'saveInsurance',
        policyInput(patientId, { companyId: payers.bcbs }),
      );
      expect(fresh.statusCode).toBe(400);
      expect(fresh.json().field).toBe('companyId');
      const kept = await post(
        manager,
        'saveInsurance',
        policyInput(patientId, {
          insuranceId,
          companyId: payers.bcbs,
          isCurrent: false,
          insuranceNumber: 'B2',
        }),
      );
      expect(kept.json()).toMatchObject({ status: 'saved' });
    } finally {
      await t.database.db
        .update(practiceInsurances)
        .set({ endDate: null })
        .where(eq(practiceInsurances.id, payers.bcbs));
    }
  });

  it("refuses the other practice's payer, and their client and policies (404)", async () => {
    const foreignPayer = await post(
      manager,
      'saveInsurance',
      policyInput(patientId, { companyId: payers.secondPracticeAetna }),
    );
    expect(foreignPayer.statusCode).toBe(400);
    expect((await post(owner2, 'saveInsurance', policyInput(patientId))).statusCode).toBe(404);
    const harrietPolicy = (await list(owner2, harriet)).policies[0];
    const foreignPolicy = await post(
      manager,
      'saveInsurance',
      policyInput(patientId, { insuranceId: harrietPolicy?.insuranceId }),
    );
    expect(foreignPolicy.statusCode).toBe(404);
  });

  it("404 for another client's policy of the same practice", async () => {
    const margaretPolicy = (await list(manager, margaret)).policies[0];
    const response = await post(
      manager,
      'saveInsurance',
      policyInput(patientId, { insuranceId: margaretPolicy?.insuranceId }),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('ordering (spec-2 §4)', () => {
  it('lists current first, then by end date, then by start date, and defaults to the earliest primary', async () => {
    const patientId = await newClient('Orderly');
    const old = await addPolicy(patientId, {
      isCurrent: false,
      startDate: '2020-01-01',
      endDate: '2021-12-31',
    });
    const older = await addPolicy(patientId, {
      isCurrent: false,
      startDate: '2018-01-01',
      endDate: '2019-12-31',
    });
    const secondary = await addPolicy(patientId, {
      insuranceType: 'SECONDARY',
      startDate: '2024-01-01',
    });
    const primary = await addPolicy(patientId, { startDate: '2025-06-01' });
    const answer = await list(manager, patientId);
    // Both current and open-ended: the later start comes first.
    expect(answer.policies.map((p) => p.insuranceId)).toEqual([primary, secondary, old, older]);
    expect(answer.policies.map((p) => p.isActive)).toEqual([true, true, false, false]);
    expect(answer.currentSecondaryPolicy?.insuranceId).toBe(secondary);
    expect(answer.defaultInsuranceId).toBe(primary);
  });
});

describe('POST /api/patientInsurance/convertInsurance', () => {
  it("swaps the client's current primary and secondary in one go", async () => {
    const patientId = await newClient('Converter');
    const primary = await addPolicy(patientId);
    const secondary = await addPolicy(patientId, {
      insuranceType: 'SECONDARY',
      companyId: payers.cigna,
    });
    const response = await post(manager, 'convertInsurance', { patientId, insuranceId: secondary });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'saved',
      message: 'Policy converted.',
      changes: [
        { insuranceId: secondary, insuranceType: 'PRIMARY' },
        { insuranceId: primary, insuranceType: 'SECONDARY' },
      ],
    });
    const answer = await list(manager, patientId);
    expect(answer.currentPrimaryPolicy?.insuranceId).toBe(secondary);
    expect(answer.currentSecondaryPolicy?.insuranceId).toBe(primary);
    expect(await lastAudit(patientId)).toMatchObject({
      action: 'client.insurance_changed',
      detail: { change: 'converted', converted: [secondary, primary] },
    });
  });

  it('404 for an unknown policy or another practice', async () => {
    expect(
      (await post(manager, 'convertInsurance', { patientId: margaret, insuranceId: 999_999 }))
        .statusCode,
    ).toBe(404);
    const policy = (await list(manager, margaret)).policies[0];
    expect(
      (
        await post(owner2, 'convertInsurance', {
          patientId: margaret,
          insuranceId: policy?.insuranceId,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('pre-authorizations', () => {
  let patientId: number;
  let insuranceId: number;
  beforeAll(async () => {
    patientId = await newClient('Preauth');
    insuranceId = await addPolicy(patientId);
  });

  const preAuth = (fields: Record<string, unknown> = {}) => ({
    patientId,
    insuranceId,
    authNumber: 'PA-100',
    authDate: '2026-01-10',
    startDate: '2026-01-12',
    endDate: '2026-06-30',
    visitsAuthorized: 12,
    cptCodes: ['90834', '90837'],
    notes: 'By phone',
    ...fields,
  });

  it('adds, lists newest first, updates, answers unchanged and deletes', async () => {
    const first = await post(manager, 'savePreAuth', preAuth());
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json<{ authId: number }>().authId;
    const second = await post(
      manager,
      'savePreAuth',
      preAuth({ authNumber: 'PA-200', authDate: '2026-02-10' }),
    );
    const secondId = second.json<{ authId: number }>().authId;
    expect(await lastAudit(patientId)).toMatchObject({
      action: 'client.pre_auth_changed',
      detail: { insuranceId, authId: secondId, change: 'added' },
    });

    let policy = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(policy?.preAuths.map((a) => a.authId)).toEqual([secondId, firstId]);
    expect(policy?.preAuths[0]).toMatchObject({
      cptCodes: ['90834', '90837'],
      visitsAuthorized: 12,
    });

    expect((await post(manager, 'savePreAuth', preAuth({ preAuthId: firstId }))).json()).toEqual({
      status: 'unchanged',
    });
    const updated = await post(
      manager,
      'savePreAuth',
      preAuth({ preAuthId: firstId, visitsAuthorized: 20, authDate: '2026-03-01' }),
    );
    expect(updated.json()).toEqual({ status: 'saved', authId: firstId });
    policy = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(policy?.preAuths.map((a) => a.authId)).toEqual([firstId, secondId]);

    const removed = await post(manager, 'deletePreAuth', {
      patientId,
      insuranceId,
      preAuthId: secondId,
    });
    expect(removed.json()).toEqual({ status: 'deleted' });
    policy = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(policy?.preAuths.map((a) => a.authId)).toEqual([firstId]);
    const again = await post(manager, 'deletePreAuth', {
      patientId,
      insuranceId,
      preAuthId: secondId,
    });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    ['no number', { authNumber: '' }, 'authNumber'],
    ['no date', { authDate: null }, 'authDate'],
    ['zero visits', { visitsAuthorized: 0 }, 'visitsAuthorized'],
    ['a bad code', { cptCodes: ['9083'] }, 'cptCodes'],
    ['an end before the start', { endDate: '2026-01-01' }, 'endDate'],
  ])('400 for %s', async (_label, fields, field) => {
    const response = await post(manager, 'savePreAuth', preAuth(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it("404 for another client's policy, or a pre-authorization of another policy", async () => {
    const margaretPolicy = (await list(manager, margaret)).policies[0]?.insuranceId;
    expect(
      (await post(manager, 'savePreAuth', preAuth({ insuranceId: margaretPolicy }))).statusCode,
    ).toBe(404);
    const other = await addPolicy(patientId, { isCurrent: false });
    const [row] = await t.database.db
      .select({ id: insurancePreAuths.id })
      .from(insurancePreAuths)
      .where(eq(insurancePreAuths.clientInsuranceId, insuranceId));
    expect(
      (await post(manager, 'savePreAuth', preAuth({ insuranceId: other, preAuthId: row?.id })))
        .statusCode,
    ).toBe(404);
    expect((await post(owner2, 'savePreAuth', preAuth())).statusCode).toBe(404);
  });
});

describe('benefits confirmations', () => {
  let patientId: number;
  let insuranceId: number;
  beforeAll(async () => {
    patientId = await newClient('Confirmed');
    insuranceId = await addPolicy(patientId);
  });

  const confirmation = (fields: Record<string, unknown> = {}) => ({
    patientId,
    insuranceId,
    authDate: '2026-02-01',
    referenceNumber: 'REF-1',
    representative: 'Dana',
    copayCents: 2500,
    coinsurancePercent: 20,
    deductibleCents: 100000,
    deductibleRemainingCents: 40000,
    visitsPerYear: 30,
    notes: null,
    ...fields,
  });

  it('adds, lists newest first, updates and deletes, with money in cents', async () => {
    const older = (await post(manager, 'saveConfirmation', confirmation())).json<{
      confirmationId: number;
    }>().confirmationId;
    const newer = (
      await post(
        manager,
        'saveConfirmation',
        confirmation({ authDate: '2026-03-01', copayCents: 3000 }),
      )
    ).json<{ confirmationId: number }>().confirmationId;
    expect(await lastAudit(patientId)).toMatchObject({
      action: 'client.benefits_confirmation_changed',
      detail: { confirmationId: newer, change: 'added' },
    });
    let policy = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(policy?.confirmations.map((c) => [c.confirmationId, c.copayCents])).toEqual([
      [newer, 3000],
      [older, 2500],
    ]);
    expect(
      (await post(manager, 'saveConfirmation', confirmation({ confirmationId: older }))).json(),
    ).toEqual({ status: 'unchanged' });
    expect(
      (
        await post(
          manager,
          'saveConfirmation',
          confirmation({ confirmationId: older, copayCents: 0 }),
        )
      ).json(),
    ).toEqual({ status: 'saved', confirmationId: older });
    expect(
      (
        await post(manager, 'deleteConfirmation', { patientId, insuranceId, confirmationId: newer })
      ).json(),
    ).toEqual({ status: 'deleted' });
    policy = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(policy?.confirmations.map((c) => [c.confirmationId, c.copayCents])).toEqual([
      [older, 0],
    ]);
  });

  it.each([
    ['no date', { authDate: '' }, 'authDate'],
    ['a negative copay', { copayCents: -100 }, 'copayCents'],
    ['part of a cent', { deductibleCents: 10.5 }, 'deductibleCents'],
    ['coinsurance over 100', { coinsurancePercent: 120 }, 'coinsurancePercent'],
    [
      'more remaining than the deductible',
      { deductibleRemainingCents: 200000 },
      'deductibleRemainingCents',
    ],
  ])('400 for %s', async (_label, fields, field) => {
    const response = await post(manager, 'saveConfirmation', confirmation(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('404 for a confirmation that is not there, and for another practice', async () => {
    expect(
      (
        await post(manager, 'deleteConfirmation', {
          patientId,
          insuranceId,
          confirmationId: 999_999,
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(owner2, 'saveConfirmation', confirmation())).statusCode).toBe(404);
  });
});

describe('POST /api/patientInsurance/delete', () => {
  it('deletes a policy with its pre-authorizations, confirmations and card', async () => {
    const patientId = await newClient('Deleted');
    const insuranceId = await addPolicy(patientId);
    await post(manager, 'savePreAuth', {
      patientId,
      insuranceId,
      authNumber: 'X1',
      authDate: '2026-01-01',
    });
    await post(manager, 'saveConfirmation', { patientId, insuranceId, authDate: '2026-01-01' });
    const { url, key } = (
      await manager.get(
        `/api/patientInsurance/getInsuranceCardUploadUrl?userInsuranceId=${insuranceId}`,
      )
    ).json<{ url: string; key: string }>();
    await manager.request('PUT', url, PNG, { headers: { 'content-type': 'image/png' } });
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(true);

    expect((await post(owner2, 'delete', { patientId, insuranceId })).statusCode).toBe(404);
    const response = await post(manager, 'delete', { patientId, insuranceId });
    expect(response.json()).toEqual({ status: 'deleted' });
    expect((await list(manager, patientId)).policies).toEqual([]);
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(false);
    const left = await t.database.db
      .select()
      .from(insurancePreAuths)
      .where(eq(insurancePreAuths.clientInsuranceId, insuranceId));
    expect(left).toEqual([]);
    expect(await lastAudit(patientId)).toMatchObject({
      detail: { insuranceId, change: 'deleted' },
    });
    expect((await post(manager, 'delete', { patientId, insuranceId })).statusCode).toBe(404);
  });
});

describe('insurance card photo', () => {
  let patientId: number;
  let insuranceId: number;
  let firstKey: string;
  beforeAll(async () => {
    patientId = await newClient('Carded');
    insuranceId = await addPolicy(patientId);
  });

  const uploadUrl = (id: number, browser = manager) =>
    browser.get(`/api/patientInsurance/getInsuranceCardUploadUrl?userInsuranceId=${id}`);

  it('uploads a PNG to a signed address; the list and getUrl read it (audited)', async () => {
    const signed = await uploadUrl(insuranceId);
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, getUrl, key } = signed.json<{ url: string; getUrl: string; key: string }>();
    firstKey = key;
    expect(key).toMatch(
      new RegExp(`^clients/1/${patientId}/insurance-card-${insuranceId}-[\\w-]+\\.png$`),
    );
    expect(url).toMatch(/^\/api\/storage\/upload\//);
    const put = await manager.request('PUT', url, PNG, {
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    expect(await lastAudit(patientId)).toMatchObject({
      action: 'client.insurance_card_changed',
      detail: { insuranceId, change: 'added' },
    });
    const read = await manager.get(getUrl);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PNG)).toBe(true);
    expect((await lastAudit(patientId))?.action).toBe('client.insurance_card_read');
    const policy = (await list(manager, patientId)).currentPrimaryPolicy;
    expect(policy?.insuranceCardPhotoUrl).toMatch(/^\/api\/storage\/file\//);
    expect((await manager.get(policy?.insuranceCardPhotoUrl ?? '')).statusCode).toBe(200);
  });

  it('refuses a file that is not a PNG', async () => {
    const { url } = (await uploadUrl(insuranceId)).json<{ url: string }>();
    expect(
      (await manager.request('PUT', url, 'hello', { headers: { 'content-type': 'text/plain' } }))
        .statusCode,
    ).toBe(415);
  });

  it('replacing the card removes the old file', async () => {
    const { url, key } = (await uploadUrl(insuranceId)).json<{ url: string; key: string }>();
    await manager.request('PUT', url, PNG, { headers: { 'content-type': 'image/png' } });
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(true);
    expect(existsSync(join(t.dataDir, 'files', firstKey))).toBe(false);
    firstKey = key;
  });

  it('404 for a policy of another practice; 403 without access', async () => {
    expect((await uploadUrl(insuranceId, owner2)).statusCode).toBe(404);
    const harrietPolicy = (await list(owner2, harriet)).policies[0]?.insuranceId ?? 0;
    expect((await uploadUrl(harrietPolicy)).statusCode).toBe(404);
    expect((await uploadUrl(insuranceId, frontoffice)).statusCode).toBe(403);
    expect((await uploadUrl(0)).statusCode).toBe(400);
  });

  it('deletes the card and its file; a second delete is unchanged', async () => {
    const path = `/api/patientInsurance/deleteInsuranceCardPhoto?userInsuranceId=${insuranceId}`;
    expect((await owner2.request('DELETE', path)).statusCode).toBe(404);
    const response = await manager.request('DELETE', path);
    expect(response.json()).toEqual({ status: 'saved', insuranceCardPhotoUrl: null });
    expect(existsSync(join(t.dataDir, 'files', firstKey))).toBe(false);
    expect((await manager.request('DELETE', path)).json()).toEqual({ status: 'unchanged' });
    expect((await list(manager, patientId)).currentPrimaryPolicy?.insuranceCardPhotoUrl).toBeNull();
  });

  it('a card uploaded for a policy deleted meanwhile is not kept', async () => {
    const doomed = await addPolicy(patientId, { isCurrent: false });
    const { url, key } = (await uploadUrl(doomed)).json<{ url: string; key: string }>();
    await post(manager, 'delete', { patientId, insuranceId: doomed });
    await manager.request('PUT', url, PNG, { headers: { 'content-type': 'image/png' } });
    expect(existsSync(join(t.dataDir, 'files', key))).toBe(false);
  });
});

describe('POST /api/patientInsurance/listStandardCptCodes', () => {
  it("lists the practice's codes once each, the therapist's primary code first", async () => {
    const response = await post(manager, 'listStandardCptCodes', {
      patientId: margaret,
      therapistId: therapistIds.therapist1,
    });
    expect(response.statusCode).toBe(200);
    const codes = response.json<{ data: { cptCode: string; description: string }[] }>().data;
    expect(codes[0]?.cptCode).toBe('90837');
    expect(codes.map((c) => c.cptCode)).toEqual(expect.arrayContaining(['90791', '90834']));
    expect(new Set(codes.map((c) => c.cptCode)).size).toBe(codes.length);
  });

  it('404 for a therapist of another practice, and for another practice’s client', async () => {
    const [other] = await t.database.db
      .select({ id: therapists.id })
      .from(therapists)
      .where(eq(therapists.practiceId, 2));
    expect(
      (await post(manager, 'listStandardCptCodes', { patientId: margaret, therapistId: other?.id }))
        .statusCode,
    ).toBe(404);
    expect((await post(owner2, 'listStandardCptCodes', { patientId: margaret })).statusCode).toBe(
      404,
    );
  });
});

describe('private pay, usual fee and automatic claims', () => {
  let patientId: number;
  beforeAll(async () => {
    patientId = await newClient('Payer', 'therapist1');
  });

  it('turns private pay on and off, audited; unchanged writes nothing', async () => {
    const on = await post(manager, 'changePrivatePay', {
      patientId,
      isPrivatePay: true,
      localDate: '2026-03-10',
    });
    expect(on.json()).toEqual({
      status: 'saved',
      isPrivatePay: true,
      privatePayChangedOn: '2026-03-10',
    });
    expect(await lastAudit(patientId)).toMatchObject({ action: 'client.private_pay_changed' });
    const again = await post(manager, 'changePrivatePay', {
      patientId,
      isPrivatePay: true,
      localDate: '2026-03-11',
    });
    expect(again.json()).toEqual({ status: 'unchanged' });
    expect((await list(manager, patientId)).isPrivatePay).toBe(true);
    // A financial therapist has billing access to their own clients.
    const off = await post(therapist1, 'changePrivatePay', {
      patientId,
      isPrivatePay: false,
      localDate: '2026-03-12',
    });
    expect(off.json()).toMatchObject({ status: 'saved', isPrivatePay: false });
  });

  it('400 for a bad local date; 404 for another practice', async () => {
    const bad = await post(manager, 'changePrivatePay', {
      patientId,
      isPrivatePay: true,
      localDate: '2026-13-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('localDate');
    expect(
      (
        await post(owner2, 'changePrivatePay', {
          patientId,
          isPrivatePay: true,
          localDate: '2026-03-10',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sets and clears the usual fee in cents', async () => {
    expect((await post(manager, 'updateUsualFee', { patientId, usualFee: 17500 })).json()).toEqual({
      status: 'saved',
      usualFee: 17500,
    });
    expect((await list(manager, patientId)).usualFee).toBe(17500);
    expect(await lastAudit(patientId)).toMatchObject({ action: 'client.usual_fee_changed' });
    expect((await post(manager, 'updateUsualFee', { patientId, usualFee: 17500 })).json()).toEqual({
      status: 'unchanged',
    });
    expect(
      (await post(manager, 'updateUsualFee', { patientId, usualFee: null })).json(),
    ).toMatchObject({
      status: 'saved',
      usualFee: null,
    });
  });

  it.each([[-1], [12.5], [10_000_001]])('400 for a usual fee of %d', async (usualFee) => {
    const response = await post(manager, 'updateUsualFee', { patientId, usualFee });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'usualFee',
      message: 'Please enter a fee from $0.00 to $100,000.00.',
    });
  });

  it('turns automatic claim creation off with a reason, and on again', async () => {
    const therapistId = therapistIds.therapist1;
    const noReason = await post(manager, 'updateAutoGenClaim', {
      patientId,
      therapistId,
      autogen: false,
      localDate: '2026-03-10',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');
    const off = await post(manager, 'updateAutoGenClaim', {
      patientId,
      therapistId,
      autogen: false,
      reason: 'Sessions billed by the agency',
      localDate: '2026-03-10',
    });
    expect(off.json()).toMatchObject({
      status: 'saved',
      autoGenClaims: [
        expect.objectContaining({
          therapistId,
          autogen: false,
          reason: 'Sessions billed by the agency',
        }),
      ],
    });
    expect(await lastAudit(patientId)).toMatchObject({
      action: 'client.auto_claim_changed',
      detail: { therapistId, fields: ['autogen', 'reason'] },
    });
    const same = await post(manager, 'updateAutoGenClaim', {
      patientId,
      therapistId,
      autogen: false,
      reason: 'Sessions billed by the agency',
      localDate: '2026-03-11',
    });
    expect(same.json()).toEqual({ status: 'unchanged' });
    const on = await post(manager, 'updateAutoGenClaim', {
      patientId,
      therapistId,
      autogen: true,
      reason: null,
      localDate: '2026-03-12',
    });
    expect(on.json().autoGenClaims[0]).toMatchObject({
      autogen: true,
      reason: null,
      changedOn: '2026-03-12',
    });
  });

  it('404 for a therapist who does not treat the client; 403 without billing access', async () => {
    const notTheirs = await post(manager, 'updateAutoGenClaim', {
      patientId,
      therapistId: therapistIds.therapist3,
      autogen: true,
      localDate: '2026-03-10',
    });
    expect(notTheirs.statusCode).toBe(404);
    const bob = await newClient('Auto-Two');
    const refused = await post(therapist2, 'updateAutoGenClaim', {
      patientId: bob,
      therapistId: therapistIds.therapist2,
      autogen: true,
      localDate: '2026-03-10',
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('with the insurance feature off', () => {
  it('still reads, refuses policy changes (409) and keeps private pay working', async () => {
    const patientId = await newClient('Featureless');
    const insuranceId = await addPolicy(patientId);
    await setInsuranceFeature(1, false);
    try {
      const answer = await list(manager, patientId);
      expect(answer.isInsuranceEnabled).toBe(false);
      expect(answer.policies).toHaveLength(1);
      const refused = await post(manager, 'saveInsurance', policyInput(patientId));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Insurance is turned off for this practice/);
      expect((await post(manager, 'convertInsurance', { patientId, insuranceId })).statusCode).toBe(
        409,
      );
      expect(
        (
          await post(manager, 'savePreAuth', {
            patientId,
            insuranceId,
            authNumber: 'A',
            authDate: '2026-01-01',
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await post(manager, 'changePrivatePay', {
            patientId,
            isPrivatePay: true,
            localDate: '2026-03-10',
          })
        ).json(),
      ).toMatchObject({ status: 'saved' });
    } finally {
      await setInsuranceFeature(1, true);
    }
  });
});

describe('the seeded demo', () => {
  it('gives policies group numbers, some dependents, pre-authorizations and confirmations', async () => {
    const db = t.database.db;
    const policies = await db
      .select({
        groupNumber: clientInsurances.groupNumber,
        relationship: clientInsurances.insuredRelationship,
        isCurrent: clientInsurances.isCurrent,
      })
      .from(clientInsurances)
      .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
      .where(eq(clients.practiceId, 1));
    expect(policies.filter((p) => p.groupNumber).length).toBeGreaterThan(100);
    expect(policies.filter((p) => p.relationship !== 'self').length).toBeGreaterThan(5);
    expect(policies.filter((p) => !p.isCurrent).length).toBeGreaterThan(5);
    expect(
      (await db.select({ id: insurancePreAuths.id }).from(insurancePreAuths)).length,
    ).toBeGreaterThan(10);
  });
});
