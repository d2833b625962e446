import { VALIDATION_MESSAGES } from '@openpractice/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientDiagnoses,
  clients,
  clientTherapists,
  custodianRecords,
  practiceContacts,
  users,
} from '../src/db/schema/index.ts';
import { verifyAuditChain } from '../src/platform/audit-chain.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let manager: Browser;
let therapist1: Browser;
let therapist2: Browser;
let owner2: Browser;
let custodian: Browser;
let frontoffice: Browser;
let client1: Browser;
/** Demo clients by last name (practice 1 unless said). */
let margaret: number; // therapist1's
let bob: number; // therapist2's
let jordan: number; // therapist3's; therapist1 supervises therapist3
let harriet: number; // practice 2

async function clientIdByName(app: TestApp, firstName: string, lastName: string) {
  const rows = await app.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)));
  if (rows.length !== 1 || !rows[0])
    throw new Error(`no single demo client ${firstName} ${lastName}`);
  return rows[0].id;
}

const auditRows = async (patientId: number, action?: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(eq(auditLog.patientId, patientId), action ? eq(auditLog.action, action) : undefined),
      )
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

const ALL_INCLUDES =
  'patientAccess,demographics,addresses,phones,emails,contacts,clientSettings,status,clinical,referralSource,eula,portalStatus,twoFactorStatus,reasonForAppointment,therapists,allowedToMessage,isPatientDeletable,memo,alert,photoIdS3Url,patientHardDelete';

beforeAll(async () => {
  t = await testApp();
  [manager, therapist1, therapist2, owner2, custodian, frontoffice, client1] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'therapist2'),
    signedIn(t.app, 'owner2'),
    signedIn(t.app, 'custodian'),
    signedIn(t.app, 'frontoffice'),
    signedIn(t.app, 'client1'),
  ]);
  margaret = await clientIdByName(t, 'Margaret', 'Hamilton');
  bob = await clientIdByName(t, 'Robert', 'Sinclair');
  jordan = await clientIdByName(t, 'Jordan', 'Avery');
  harriet = await clientIdByName(t, 'Harriet', 'Harbor');
});
afterAll(() => t.close());

describe('GET /api/patient/getProfile', () => {
  it('answers every part asked for, with the account number as userNumber, and audits the read', async () => {
    const before = await auditRows(margaret, 'client.profile_read');
    // The demo's claims give some clients a diagnosis: the answer is what is on record.
    const onRecord = await t.database.db
      .select({ code: clientDiagnoses.code })
      .from(clientDiagnoses)
      .where(eq(clientDiagnoses.clientId, margaret))
      .orderBy(clientDiagnoses.position);
    const response = await manager.get(
      `/api/patient/getProfile?patientId=${margaret}&include=${ALL_INCLUDES},savedCards`,
    );
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      patientId: margaret,
      basicDetails: { firstName: 'Margaret', lastName: 'Hamilton', userNumber: 'C000001002' },
      patientAccess: { hasDemographicAccess: true, hasRecordAdministration: true },
      phones: [{ contact: '2075550102', isDefault: true }],
      emails: [{ contact: 'margaret.hamilton@example.com', isDefault: true }],
      addresses: { defaultAddress: { city: 'Portland', zipcode: '041012345' } },
      clientSettings: { timezone: null },
      status: { isInactiveForAll: false },
      clinical: { diagnosisCode: onRecord.map((d) => d.code) },
      eula: null,
      portalStatus: { status: 'INITIAL' },
      twoFactorStatus: { isTwoFactorSetup: false },
      isPatientDeletable: { groupMemberships: 1, charts: 0, isDeletable: false },
      photoIdS3Url: null,
      patientHardDelete: { isEnqueued: false },
      memo: null,
      alert: null,
    });
    // Only the fields the practice collects; religion and education are OFF in the demo.
    expect(Object.keys(profile.demographics).sort()).toEqual([
      'ethnicity',
      'genderIdentity',
      'preferredLanguage',
      'race',
      'sexualOrientation',
    ]);
    expect(profile.therapists.map((th: { lastName: string }) => th.lastName)).toEqual(['Quinn']);
    expect(profile.allowedToMessage.billers.map((b: { name: string }) => b.name)).toEqual([
      'Ben Carter',
    ]);
    // The manager is not the client's therapist: no reason for appointment.
    expect(profile).not.toHaveProperty('reasonForAppointment');
    expect(profile).not.toHaveProperty('savedCards');
    expect(await auditRows(margaret, 'client.profile_read')).toBe(before + 1);
  });

  it('400 for an include flag it does not know', async () => {
    const response = await manager.get(`/api/patient/getProfile?patientId=${margaret}&include=x`);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('include');
  });

  it('404 for a client of the other practice, both ways', async () => {
    expect((await owner2.get(`/api/patient/getProfile?patientId=${margaret}`)).statusCode).toBe(
      404,
    );
    expect((await manager.get(`/api/patient/getProfile?patientId=${harriet}`)).statusCode).toBe(
      404,
    );
    expect((await owner2.get(`/api/patient/getProfile?patientId=${harriet}`)).statusCode).toBe(200);
    expect(
      (await owner2.post('/api/patient/saveMemo', { patientId: margaret, text: 'x' })).statusCode,
    ).toBe(404);
  });

  it('403 for a therapist who does not treat the client, for reads and changes', async () => {
    expect((await therapist2.get(`/api/patient/getProfile?patientId=${margaret}`)).statusCode).toBe(
      403,
    );
    const save = await therapist2.post('/api/patient/savePhone', {
      patientId: margaret,
      contact: '(207) 555-0199',
    });
    expect(save.statusCode).toBe(403);
    expect((await therapist2.get(`/api/patient/getProfile?patientId=${bob}`)).statusCode).toBe(200);
  });

  it('403 for a portal client, even on their own record', async () => {
    const own = await clientIdByName(t, 'Chris', 'Client');
    expect((await client1.get(`/api/patient/getProfile?patientId=${own}`)).statusCode).toBe(403);
    expect((await client1.get('/api/patientGroup/listAllGroups')).statusCode).toBe(403);
  });

  it("shows a supervisee's client to the supervising therapist", async () => {
    const response = await therapist1.get(
      `/api/patient/getProfile?patientId=${jordan}&include=patientAccess,demographics`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      basicDetails: { firstName: 'Jordan', dob: '1990-04-12' },
      patientAccess: { hasDemographicAccess: true, hasMessagingAccess: false },
    });
  });

  it('lets the custodian open only the records they hold', async () => {
    const held = await t.database.db
      .select({ clientId: custodianRecords.clientId })
      .from(custodianRecords)
      .innerJoin(users, eq(users.id, custodianRecords.custodianUserId))
      .where(eq(users.username, 'custodian'));
    expect(held.length).toBeGreaterThan(0);
    for (const { clientId } of held) {
      expect(
        (await custodian.get(`/api/patient/getProfile?patientId=${clientId}&include=memo`))
          .statusCode,
      ).toBe(200);
    }
    expect((await custodian.get(`/api/patient/getProfile?patientId=${margaret}`)).statusCode).toBe(
      403,
    );
  });

  it('leaves out what the caller may not see', async () => {
    const response = await frontoffice.get(
      `/api/patient/getProfile?patientId=${margaret}&include=${ALL_INCLUDES}`,
    );
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile.patientAccess.hasDemographicAccess).toBe(false);
    for (const hidden of [
      'demographics',
      'addresses',
      'contacts',
      'clinical',
      'memo',
      'photoIdS3Url',
    ])
      expect(profile, hidden).not.toHaveProperty(hidden);
    // Front office schedules the client, so it may reach them.
    expect(profile.phones).toHaveLength(1);
    expect(profile).toHaveProperty('alert');
  });
});

describe('reason for appointment', () => {
  beforeAll(async () => {
    await t.database.db
      .update(clients)
      .set({ reasonForAppointment: 'Trouble sleeping since the move.', memo: 'Prefers mornings.' })
      .where(eq(clients.id, margaret));
  });

  it("is shown only to the client's own therapist", async () => {
    const own = await therapist1.get(
      `/api/patient/getProfile?patientId=${margaret}&include=reasonForAppointment`,
    );
    expect(own.json().reasonForAppointment).toBe('Trouble sleeping since the move.');
    expect(
      (await manager.get(`/api/patient/getReasonForAppointment?patientId=${margaret}`)).statusCode,
    ).toBe(403);
    // Supervising is not treating.
    expect(
      (await therapist1.get(`/api/patient/getReasonForAppointment?patientId=${jordan}`)).statusCode,
    ).toBe(403);
    expect(
      (await therapist1.get(`/api/patient/getReasonForAppointment?patientId=${margaret}`)).json(),
    ).toEqual({ reasonForAppointment: 'Trouble sleeping since the move.' });
  });

  it('is appended to the memo and then cleared', async () => {
    const response = await therapist1.post('/api/patient/saveReasonForAppointmentToMemo', {
      patientId: margaret,
    });
    expect(response.json()).toEqual({
      status: 'saved',
      memo: 'Prefers mornings.\n\nTrouble sleeping since the move.',
      reasonForAppointment: null,
    });
    const again = await therapist1.post('/api/patient/saveReasonForAppointmentToMemo', {
      patientId: margaret,
    });
    expect(again.json()).toEqual({ status: 'unchanged' });
  });

  it('can be deleted', async () => {
    await t.database.db
      .update(clients)
      .set({ reasonForAppointment: 'Second reason' })
      .where(eq(clients.id, margaret));
    const response = await therapist1.request(
      'DELETE',
      `/api/patient/deleteReasonForAppointment?patientId=${margaret}`,
    );
    expect(response.json()).toMatchObject({ status: 'saved', reasonForAppointment: null });
    const [row] = await t.database.db
      .select({ reason: clients.reasonForAppointment })
      .from(clients)
      .where(eq(clients.id, margaret));
    expect(row?.reason).toBeNull();
  });
});

describe('memo and alert', () => {
  it.each([[''], ['   \n\t ']])('saves blank text %j as none', async (text) => {
    await manager.post('/api/patient/saveMemo', { patientId: bob, text: 'Something' });
    const response = await manager.post('/api/patient/saveMemo', { patientId: bob, text });
    expect(response.json()).toEqual({ status: 'saved', memo: null });
    expect((await manager.get(`/api/patient/getMemo?patientId=${bob}`)).json()).toEqual({
      memo: null,
    });
  });

  it('skips an unchanged save, auditing only that the record was read', async () => {
    await manager.post('/api/patient/saveAlert', { id: bob, text: 'Do not leave voicemail' });
    const before = await auditRows(bob);
    const response = await manager.post('/api/patient/saveAlert', {
      id: bob,
      text: 'Do not leave voicemail',
    });
    expect(response.json()).toEqual({ status: 'unchanged' });
    expect(await auditRows(bob)).toBe(before + 1);
    expect((await manager.get(`/api/patient/getAlert?id=${bob}`)).json()).toEqual({
      alert: 'Do not leave voicemail',
    });
    // The change and the unchanged save that read the record.
    expect(await auditRows(bob, 'client.alert_changed')).toBe(2);
  });
});

describe('POST /api/patient/updateUserDetails', () => {
  it('saves changed fields, dates typed as MM/DD/YYYY stored as ISO, and audits field names only', async () => {
    const response = await manager.post('/api/patient/updateUserDetails', {
      patientId: bob,
      dob: '02/29/1984',
      employer: '  Casco Bay Ferries ',
      firstName: 'Robert',
    });
    expect(response.json()).toMatchObject({
      status: 'saved',
      basicDetails: { dob: '1984-02-29', employer: 'Casco Bay Ferries', firstName: 'Robert' },
    });
    const [row] = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, bob), eq(auditLog.action, 'client.basic_details_changed')));
    expect(row?.detail).toEqual({
      kind: 'change',
      route: 'POST /api/patient/updateUserDetails',
      fields: ['dob', 'employer'],
    });
  });

  it('answers unchanged when nothing differs, auditing the read with no fields changed', async () => {
    const before = await auditRows(bob);
    const response = await manager.post('/api/patient/updateUserDetails', {
      patientId: bob,
      dob: '1984-02-29',
      employer: 'Casco Bay Ferries',
    });
    expect(response.json()).toEqual({ status: 'unchanged' });
    expect(await auditRows(bob)).toBe(before + 1);
  });

  it.each([
    [{ dob: '02/30/1984' }, 'dob', VALIDATION_MESSAGES.date],
    [{ dob: '1984-13-01' }, 'dob', VALIDATION_MESSAGES.date],
    [{ firstName: '   ' }, 'firstName', VALIDATION_MESSAGES.required],
  ])('400 with the spec message for %j', async (body, field, message) => {
    const response = await manager.post('/api/patient/updateUserDetails', {
      patientId: bob,
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('refuses a date of birth in the future', async () => {
    const response = await manager.post('/api/patient/updateUserDetails', {
      patientId: bob,
      // Within the platform's 1900–2200 range, so the spec's own message answers.
      dob: '2199-01-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Please enter a date on or before /);
  });

  it('needs demographic access', async () => {
    const response = await frontoffice.post('/api/patient/updateUserDetails', {
      patientId: bob,
      employer: 'Elsewhere',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('demographics', () => {
  it('saves fields the practice collects', async () => {
    const response = await manager.post('/api/patient/updatePatientDemographic', {
      patientId: bob,
      demographics: [
        { field: 'race', value: 'White' },
        { field: 'preferredLanguage', value: 'English' },
      ],
    });
    expect(response.json()).toMatchObject({
      status: 'saved',
      demographics: { race: 'White', preferredLanguage: 'English', ethnicity: null },
    });
  });

  it('400 for a field that is OFF, or unknown', async () => {
    const off = await manager.post('/api/patient/updatePatientDemographic', {
      patientId: bob,
      demographics: [{ field: 'religion', value: 'None' }],
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(
      "Religion is turned off in the practice's demographic settings.",
    );
    const unknown = await manager.post('/api/patient/updatePatientDemographic', {
      patientId: bob,
      demographics: [{ field: 'shoeSize', value: '9' }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('follows the practice settings, which only managers change', async () => {
    expect(
      (
        await therapist2.post('/api/setting/savePracticeDemographicSetting', {
          settings: { religion: { value: 'ON' } },
        })
      ).statusCode,
    ).toBe(403);
    const saved = await manager.post('/api/setting/savePracticeDemographicSetting', {
      settings: { religion: { value: 'ON' }, race: { label: 'Race', value: 'ON' } },
    });
    expect(saved.json().data.religion).toMatchObject({ label: 'Religion', value: 'ON' });
    const again = await manager.post('/api/setting/savePracticeDemographicSetting', {
      settings: { religion: { value: 'ON' } },
    });
    expect(again.json()).toEqual({ status: 'unchanged' });
    const settingRows = await t.database.db
      .select({ detail: auditLog.detail, patientId: auditLog.patientId })
      .from(auditLog)
      .where(eq(auditLog.action, 'practice.demographic_settings_changed'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    const route = 'POST /api/setting/savePracticeDemographicSetting';
    expect(settingRows).toEqual([
      { patientId: null, detail: { kind: 'change', route } },
      {
        patientId: null,
        detail: {
          kind: 'change',
          route,
          // race was ON already: only what changed is named.
          religion: { from: 'OFF', to: 'ON' },
        },
      },
    ]);
    const response = await manager.post('/api/patient/updatePatientDemographic', {
      patientId: bob,
      demographics: [{ field: 'religion', value: 'Quaker' }],
    });
    expect(response.json().demographics.religion).toBe('Quaker');
    // The other practice's settings did not move.
    const second = (await owner2.get('/api/setting/getPracticeDemographicSetting')).json();
    expect(second.data.religion.value).toBe('OFF');
  });
});

describe('status per therapist', () => {
  it('sets one status, archives and unarchives', async () => {
    const [row] = await t.database.db
      .select({ therapistId: clientTherapists.therapistId })
      .from(clientTherapists)
      .where(eq(clientTherapists.clientId, bob));
    const therapistId = row?.therapistId ?? 0;
    const waitlist = await manager.post('/api/patient/updateStatus', {
      patientId: bob,
      therapistId,
      status: 'WAITLIST',
    });
    expect(waitlist.json()).toMatchObject({
      status: 'saved',
      data: [{ therapistId, status: 'WAITLIST' }],
      isInactiveForAll: false,
    });
    const archived = await manager.post('/api/patient/archive', { patientId: bob });
    expect(archived.json()).toMatchObject({ isInactiveForAll: true });
    expect((await manager.post('/api/patient/archive', { patientId: bob })).json()).toEqual({
      status: 'unchanged',
    });
    const unarchived = await manager.post('/api/patient/unarchive', { patientId: bob });
    expect(unarchived.json()).toMatchObject({ data: [{ status: 'ACTIVE' }] });
    expect((await manager.get(`/api/patient/status?patientId=${bob}`)).json()).toMatchObject({
      isInactiveForAll: false,
    });
  });

  it('400 for a status outside the list or a therapist who is not the client’s', async () => {
    const bad = await manager.post('/api/patient/updateStatus', {
      patientId: bob,
      therapistId: 1,
      status: 'GONE',
    });
    expect(bad.statusCode).toBe(400);
    const [other] = await t.database.db
      .select({ therapistId: clientTherapists.therapistId })
      .from(clientTherapists)
      .where(eq(clientTherapists.clientId, margaret));
    const notTheirs = await manager.post('/api/patient/updateStatus', {
      patientId: bob,
      therapistId: other?.therapistId,
      status: 'ACTIVE',
    });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().field).toBe('therapistId');
  });
});

describe('time zone and therapists', () => {
  it('stores the canonical name of an old zone name', async () => {
    const response = await manager.post('/api/patient/setClientTimezone', {
      userId: bob,
      timezone: 'US/Eastern',
    });
    expect(response.json()).toEqual({
      status: 'saved',
      clientSettings: { timezone: 'America/New_York' },
    });
    expect(
      (
        await manager.post('/api/patient/setClientTimezone', {
          userId: bob,
          timezone: 'America/New_York',
        })
      ).json(),
    ).toEqual({ status: 'unchanged' });
    const bad = await manager.post('/api/patient/setClientTimezone', {
      userId: bob,
      timezone: 'Europe/Paris',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the client’s therapists', async () => {
    const response = await manager.get(
      `/api/patient/listTherapists?patientId=${jordan}&onlyActiveTherapists=true`,
    );
    expect(response.json().data).toEqual([
      expect.objectContaining({ lastName: 'Raman', status: 'ACTIVE', isPrimary: true }),
    ]);
  });
});

describe('clinical information and ICD-10', () => {
  it('finds F41.1 by words of its description, and codes by prefix', async () => {
    const byWords = (await therapist1.get('/api/icd10/search?q=generalized%20anxiety')).json();
    expect(byWords.data[0]).toEqual({ code: 'F41.1', description: 'Generalized anxiety disorder' });
    const byCode = (await therapist1.get('/api/icd10/search?q=f43.2')).json();
    expect(byCode.data.map((d: { code: string }) => d.code)).toContain('F43.23');
    expect(byCode.data.length).toBeLessThanOrEqual(20);
    expect((await therapist1.get('/api/icd10/search')).statusCode).toBe(400);
  });

  it('saves diagnoses in order with onset and accident information', async () => {
    const response = await therapist1.post('/api/patientChartDiagnosis/updateClinicalInformation', {
      patientId: margaret,
      diagnosisCode: ['F43.23', 'f41.1'],
      illnessOnsetDate: '2025-11-03',
      accidentInformation: {
        accidentCauseEmployment: false,
        accidentCauseDriving: true,
        accidentCauseOther: false,
        accidentCauseState: 'me',
      },
    });
    expect(response.json()).toMatchObject({
      status: 'saved',
      diagnosisCode: ['F43.23', 'F41.1'],
      illnessOnsetDate: '2025-11-03',
      accidentInformation: { accidentCauseDriving: true, accidentCauseState: 'ME' },
    });
    const read = (
      await therapist1.get(`/api/patientChartDiagnosis/clinicalInformation?patientId=${margaret}`)
    ).json();
    expect(read.diagnoses[1]).toEqual({
      code: 'F41.1',
      description: 'Generalized anxiety disorder',
    });
    const same = await therapist1.post('/api/patientChartDiagnosis/updateClinicalInformation', {
      patientId: margaret,
      diagnosisCode: ['F43.23', 'F41.1'],
    });
    expect(same.json()).toEqual({ status: 'unchanged' });
    // The unchanged save read the record: its row says so, with no fields changed.
    expect(await lastDetail(margaret, 'client.clinical_changed')).toEqual({
      kind: 'change',
      route: 'POST /api/patientChartDiagnosis/updateClinicalInformation',
      fields: [],
    });
  });

  it('400 for a code that is not in the ICD-10 table', async () => {
    const response = await therapist1.post('/api/patientChartDiagnosis/updateClinicalInformation', {
      patientId: margaret,
      diagnosisCode: ['F41.1', 'X99.9'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'diagnosisCode',
      message: 'X99.9 is not a known ICD-10 code.',
    });
  });
});

describe('groups', () => {
  let groupId: number;

  it('lists the practice’s groups only', async () => {
    const groups = (await manager.get('/api/patientGroup/listAllGroups')).json().data;
    expect(groups).toEqual([expect.objectContaining({ name: 'Tuesday Anxiety Group' })]);
    groupId = groups[0].groupId;
    expect((await owner2.get('/api/patientGroup/listAllGroups')).json().data).toEqual([]);
  });

  it('adds a client, then removes them on the reference date', async () => {
    const harbor = await clientIdByName(t, 'Chris', 'Client');
    const added = await manager.post('/api/patientGroup/addToGroup', {
      patientId: harbor,
      groupId,
      referenceDate: '2026-02-03',
    });
    expect(added.json()).toMatchObject({
      status: 'saved',
      data: [{ groupId, joinedOn: '2026-02-03', leftOn: null }],
    });
    expect(await lastDetail(harbor, 'client.group_membership_changed')).toEqual({
      kind: 'change',
      route: 'POST /api/patientGroup/addToGroup',
      groupId,
      change: 'added',
      fields: ['joinedOn'],
    });
    expect(
      (
        await manager.post('/api/patientGroup/addToGroup', {
          patientId: harbor,
          groupId,
          referenceDate: '2026-02-03',
        })
      ).json(),
    ).toEqual({ status: 'unchanged' });
    expect(await lastDetail(harbor, 'client.group_membership_changed')).toMatchObject({
      groupId,
      change: 'none',
      fields: [],
    });
    const early = await manager.post('/api/patientGroup/removeFromGroup', {
      patientId: harbor,
      groupId,
      referenceDate: '2026-01-01',
    });
    expect(early.statusCode).toBe(400);
    const removed = await manager.post('/api/patientGroup/removeFromGroup', {
      patientId: harbor,
      groupId,
      referenceDate: '03/10/2026',
    });
    expect(removed.json().data).toEqual([
      expect.objectContaining({ groupId, leftOn: '2026-03-10' }),
    ]);
    expect(
      (await manager.get(`/api/patientGroup/listPatientGroups?patientId=${harbor}`)).json().data,
    ).toHaveLength(1);
  });

  it('404 for a group of the other practice', async () => {
    const response = await owner2.post('/api/patientGroup/addToGroup', {
      patientId: harriet,
      groupId,
      referenceDate: '2026-02-03',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('referral source', () => {
  it('is one of the practice’s contacts', async () => {
    const contacts = (await manager.get('/api/practice/contacts')).json().data;
    expect(contacts.map((c: { name: string }) => c.name)).toContain('Dr. Alan Grant');
    const grant = contacts.find((c: { name: string }) => c.name === 'Dr. Alan Grant');
    const saved = await manager.post('/api/patientReferralSource/save', {
      patientId: bob,
      contactId: grant.contactId,
    });
    expect(saved.json()).toMatchObject({
      status: 'saved',
      referralSource: { name: 'Dr. Alan Grant' },
    });
    expect(
      (await manager.get(`/api/patientReferralSource/get?patientId=${bob}`)).json(),
    ).toMatchObject({ referralSource: { contactId: grant.contactId } });
    const [foreign] = await t.database.db
      .select({ id: practiceContacts.id })
      .from(practiceContacts)
      .where(eq(practiceContacts.name, 'Harbor Family Medicine'));
    const refused = await manager.post('/api/patientReferralSource/save', {
      patientId: bob,
      contactId: foreign?.id,
    });
    expect(refused.statusCode).toBe(400);
    const deleted = await manager.post('/api/patientReferralSource/delete', { patientId: bob });
    expect(deleted.json()).toEqual({ status: 'saved', referralSource: null });
  });
});

describe('other profile reads', () => {
  it('answers the summary, eula, deletability and legacy links', async () => {
    const summary = (await therapist1.get(`/api/patient/getSummary?patientId=${margaret}`)).json();
    expect(summary).toMatchObject({
      fullName: 'Margaret Hamilton',
      userNumber: 'C000001002',
      defaultPhone: '2075550102',
      isInactiveForAll: false,
    });
    expect((await manager.get(`/api/patient/getEula?patientId=${margaret}`)).json()).toEqual({
      eula: null,
    });
    expect(
      (await manager.get(`/api/patient/profileDeletable?patientId=${margaret}`)).json(),
    ).toMatchObject({ groupMemberships: 1, isDeletable: false });
    expect(
      (await frontoffice.get(`/api/patient/profileDeletable?patientId=${margaret}`)).statusCode,
    ).toBe(403);
    expect(
      (await manager.get(`/api/patientLegacyLinked/listForPatient?patientId=${margaret}`)).json(),
    ).toEqual({ data: [] });
  });

  it('keeps the audit chain intact after all of this', async () => {
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});
