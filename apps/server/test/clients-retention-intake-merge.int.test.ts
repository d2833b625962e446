import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientAddresses,
  clientContacts,
  clientDiagnoses,
  clientEmails,
  clientGroupMembers,
  clientInsurances,
  clientLoginHistory,
  clientPhones,
  clients,
  clientTherapists,
  custodianRecords,
  clientFormAssignments,
  formDefinitions,
  outboundEmails,
  users,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const db = () => t.database.db;

/** The therapist ids of the first practice by last name (Quinn is therapist1, Lindqvist therapist3...). */
async function therapistIds(browser: Browser): Promise<Record<string, number>> {
  const rows: { id: number; practitionerLastName: string }[] = (
    await browser.get('/api/practice/listTherapists')
  ).json().data;
  return Object.fromEntries(rows.map((r) => [r.practitionerLastName, r.id]));
}

/** A new client of the manager's practice, treated by Theresa Quinn (therapist1). */
async function newClient(
  manager: Browser,
  firstName: string,
  lastName: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const { Quinn } = await therapistIds(manager);
  const response = await manager.post('/api/patient/addNewPatientForTherapists', {
    firstName,
    lastName,
    therapistIds: [Quinn],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().patientId as number;
}

/** Runs `body` with the clock moved, and puts it back. Sessions are signed in inside. */
async function withClockMoved(ms: number, body: () => Promise<void>) {
  const start = t.clock.now();
  t.clock.advance(ms);
  try {
    await body();
  } finally {
    t.clock.set(start);
  }
}

const retention = async (browser: Browser, body: Record<string, unknown> = {}) => {
  const response = await browser.post('/api/patient/getRetention', { limit: 200, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: { patientId: number; lastAppointment: string | null; snoozedUntil: string | null }[];
    hasMore: boolean;
    today: string;
  }>();
};

/** Every retention row of the manager's practice, page by page. */
async function allRetention(browser: Browser, body: Record<string, unknown> = {}) {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await retention(browser, { ...body, offset });
    ids.push(...page.data.map((r) => r.patientId));
    if (!page.hasMore) return ids;
  }
}

describe('POST /api/patient/getRetention', () => {
  it('lists active clients with no upcoming appointment, newest first, last appointment None', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Rhea', 'Retention');
    const page = await retention(manager, { limit: 10 });
    // Most demo clients have upcoming appointments (seeded calendar); the new one has none.
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data[0]).toMatchObject({
      patientId: id,
      firstName: 'Rhea',
      lastName: 'Retention',
      therapistNames: ['Theresa Quinn'],
      lastAppointment: null,
      daysSinceAdded: 0,
      snoozedUntil: null,
      accountNumber: expect.stringMatching(/^C\d{9}$/),
    });
  });

  it('pages without overlap and leaves out archived clients, groups and other practices', async () => {
    const manager = await signedIn(t.app, 'manager');
    const first = await retention(manager, { limit: 25, offset: 0 });
    const second = await retention(manager, { limit: 25, offset: 25 });
    const firstIds = first.data.map((r) => r.patientId);
    expect(second.data.map((r) => r.patientId).some((id) => firstIds.includes(id))).toBe(false);

    const listed = await allRetention(manager);
    const rows = await db()
      .select({ id: clients.id, isGroup: clients.isGroup, practiceId: clients.practiceId })
      .from(clients)
      .where(inArray(clients.id, listed));
    expect(rows.every((r) => !r.isGroup)).toBe(true);
    expect(new Set(rows.map((r) => r.practiceId)).size).toBe(1);
    const archived = await db()
      .select({ id: clientTherapists.clientId })
      .from(clientTherapists)
      .where(eq(clientTherapists.status, 'INACTIVE'));
    const stillActive = await db()
      .select({ id: clientTherapists.clientId })
      .from(clientTherapists)
      .where(eq(clientTherapists.status, 'ACTIVE'));
    const archivedOnly = archived
      .map((r) => r.id)
      .filter((id) => !stillActive.some((a) => a.id === id));
    expect(archivedOnly.length).toBeGreaterThan(0);
    expect(listed.some((id) => archivedOnly.includes(id))).toBe(false);
  });

  it('drops a client once they have an upcoming appointment, and shows their last one', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Ursula', 'Upcoming');
    expect(await allRetention(manager)).toContain(id);
    const { Quinn } = await therapistIds(manager);
    const book = (eventDateTime: string) =>
      manager.post('/api/calendar/createAppointment', {
        therapistId: Quinn,
        patientId: id,
        practiceLocationId: null,
        isTeletherapy: true,
        eventDateTime,
        duration: 45,
        allowDoubleBooking: true,
      });
    const upcoming = await book('2031-06-02T06:00:00.000Z');
    expect(upcoming.statusCode).toBe(201);
    expect(await allRetention(manager)).not.toContain(id);
    expect((await book('2020-06-01T14:00:00.000Z')).statusCode).toBe(201);
    const cancelled = await manager.post('/api/calendar/cancelEvent', {
      id: upcoming.json().data.calendar_event_ids[0],
    });
    expect(cancelled.statusCode).toBe(200);
    const page = await retention(manager, { limit: 200 });
    // The practice's local time (New York, summer): 14:00Z is 10:00.
    expect(page.data.find((r) => r.patientId === id)?.lastAppointment).toBe('2020-06-01T10:00:00');
  });

  it("limits a therapist to their own clients (the search's context)", async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    await therapist.post('/api/patient/addNewPatientForTherapists', {
      firstName: 'Tara',
      lastName: 'Twoclient',
      therapistIds: [(await therapistIds(therapist)).Okafor],
    });
    const listed = await allRetention(therapist);
    expect(listed.length).toBeGreaterThan(0);
    const { Okafor } = await therapistIds(therapist);
    const links = await db()
      .select({ clientId: clientTherapists.clientId })
      .from(clientTherapists)
      .where(eq(clientTherapists.therapistId, Okafor!));
    const own = new Set(links.map((l) => l.clientId));
    expect(listed.every((id) => own.has(id))).toBe(true);
    expect((await therapist.post('/api/patient/getRetention', { context: 'all' })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/patient/snoozeClientRetention', () => {
  it('hides a snoozed client until the date has passed, audited', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Sonny', 'Snoozer');
    const { today } = await retention(manager, { limit: 1 });
    const until = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * DAY).toISOString().slice(0, 10);
    const response = await manager.post('/api/patient/snoozeClientRetention', {
      patientId: id,
      until,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ patientId: id, until });
    expect(await allRetention(manager)).not.toContain(id);
    const withSnoozed = await retention(manager, { includeSnoozed: true, limit: 5 });
    expect(withSnoozed.data.find((r) => r.patientId === id)).toMatchObject({
      snoozedUntil: until,
      isSnoozed: true,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, id), eq(auditLog.action, 'client.retention_snoozed')));
    expect(audit?.detail).toEqual({
      kind: 'change',
      route: 'POST /api/patient/snoozeClientRetention',
      until,
    });

    // Still hidden on the snooze day itself; back the day after.
    await withClockMoved(3 * DAY, async () => {
      expect(await allRetention(await signedIn(t.app, 'manager'))).not.toContain(id);
    });
    await withClockMoved(4 * DAY, async () => {
      expect(await allRetention(await signedIn(t.app, 'manager'))).toContain(id);
    });
  });

  it('snoozes for 30 days when no date is given', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Dee', 'Default');
    const { today } = await retention(manager, { limit: 1 });
    const response = await manager.post('/api/patient/snoozeClientRetention', { patientId: id });
    expect(response.statusCode).toBe(200);
    const expected = new Date(Date.parse(`${today}T12:00:00Z`) + 30 * DAY)
      .toISOString()
      .slice(0, 10);
    expect(response.json().until).toBe(expected);
  });

  it('refuses a date in the past with the message to show', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Pat', 'Past');
    const response = await manager.post('/api/patient/snoozeClientRetention', {
      patientId: id,
      until: '2001-01-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'until',
      message: expect.stringMatching(/^Please enter a date on or after \d{2}\/\d{2}\/\d{4}\.$/),
    });
    const bad = await manager.post('/api/patient/snoozeClientRetention', {
      patientId: id,
      until: 'soon',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another practice's client", async () => {
    const [harriet] = await db().select().from(clients).where(eq(clients.lastName, 'Harbor'));
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/patient/snoozeClientRetention', {
      patientId: harriet!.id,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('intake', () => {
  it('counts new clients of the window, split by whether they have an appointment', async () => {
    const manager = await signedIn(t.app, 'manager');
    await newClient(manager, 'Ina', 'Intake');
    const summary = (await manager.get('/api/patient/getIntake?days=30')).json<{
      newClients: number;
      withAppointments: number;
      withoutAppointments: number;
    }>();
    expect(summary.newClients).toBeGreaterThan(0);
    expect(summary.withAppointments + summary.withoutAppointments).toBe(summary.newClients);
    expect(summary.withoutAppointments).toBeGreaterThan(0);
    const withAppointments = await manager.get(
      '/api/patient/listNewClientsWithAppointments?sortBy=name&sortDir=desc&limit=25&offset=0',
    );
    expect(withAppointments.statusCode).toBe(200);
    expect(withAppointments.json()).toMatchObject({
      total: summary.withAppointments,
      sortBy: 'name',
    });
  });

  it('refuses a sort key outside the allow-list', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get(
      '/api/patient/listNewClientsWithAppointments?sortBy=first_name;drop',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('sortBy');
  });

  it('lists new clients without appointments within the window, newest first, in pages', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Nina', 'Newest');
    const page = (
      await manager.post('/api/patient/getNewClients', { days: 30, limit: 3, offset: 0 })
    ).json();
    expect(page.data[0]).toMatchObject({
      patientId: id,
      daysSinceAdded: 0,
      firstAppointment: null,
      therapistNames: ['Theresa Quinn'],
    });
    expect(page.data.length).toBeLessThanOrEqual(3);
    const all = (
      await manager.post('/api/patient/getNewClients', { days: 30, limit: 200, offset: 0 })
    ).json();
    expect(all.total).toBeGreaterThan(0);
    expect(all.data.every((r: { addedOn: string }) => r.addedOn >= all.since)).toBe(true);
    const year = (
      await manager.post('/api/patient/getNewClients', { days: 365, limit: 1, offset: 0 })
    ).json();
    expect(year.total).toBeGreaterThan(all.total);
  });

  it('drops a client from the window once it is older than the window', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await newClient(manager, 'Olive', 'Olderthan');
    const ids = async (days: number) =>
      (
        await (
          await signedIn(t.app, 'manager')
        ).post('/api/patient/getNewClients', { days, limit: 200, offset: 0 })
      )
        .json()
        .data.map((r: { patientId: number }) => r.patientId);
    await withClockMoved(29 * DAY, async () => {
      expect(await ids(30)).toContain(id);
    });
    await withClockMoved(32 * DAY, async () => {
      expect(await ids(30)).not.toContain(id);
      expect(await ids(60)).toContain(id);
    });
  });

  it('refuses a window longer than a year', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/patient/getNewClients', { days: 400 });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('days');
  });
});

describe('POST /api/patient/mergeClients', () => {
  /** A duplicate holding one row of every kind, and the record to keep with its own defaults. */
  async function duplicatePair(suffix: string) {
    const manager = await signedIn(t.app, 'manager');
    const { Quinn, Okafor } = await therapistIds(manager);
    const target = await newClient(manager, 'Kept', `Keeper${suffix}`, {
      email: `kept${suffix}@example.com`,
      phone: '(207) 555-0101',
    });
    const source = await newClient(manager, 'Dupe', `Keeper${suffix}`, {
      email: `dupe${suffix}@example.com`,
      phone: '(207) 555-0102',
    });
    const [custodian] = await db().select().from(users).where(eq(users.username, 'custodian'));
    const [group] = await db()
      .select()
      .from(clients)
      .where(and(eq(clients.isGroup, true), eq(clients.practiceId, custodian!.practiceId!)));
    await db()
      .insert(clientAddresses)
      .values([
        {
          clientId: target,
          addressLine1: '1 Kept St',
          city: 'Portland',
          state: 'ME',
          zipcode: '04101',
          isDefault: true,
        },
        {
          clientId: source,
          addressLine1: '2 Dupe St',
          city: 'Portland',
          state: 'ME',
          zipcode: '04101',
          isDefault: true,
          isMailing: true,
        },
      ]);
    await db()
      .insert(clientContacts)
      .values({ clientId: source, firstName: 'Em', lastName: 'Ergency', isEmergencyContact: true });
    await db()
      .insert(clientInsurances)
      .values({ clientId: source, insuranceType: 'SECONDARY', insuranceNumber: 'DUP1' });
    await db()
      .insert(clientDiagnoses)
      .values([
        { clientId: target, code: 'F41.1', position: 1 },
        { clientId: source, code: 'F41.1', position: 1 },
        { clientId: source, code: 'F32.0', position: 2 },
      ]);
    // The source is ACTIVE with Quinn (the target keeps its own status) and also with Okafor.
    await db()
      .update(clientTherapists)
      .set({ status: 'WAITLIST' })
      .where(eq(clientTherapists.clientId, target));
    await db()
      .insert(clientTherapists)
      .values({ clientId: source, therapistId: Okafor!, status: 'ACTIVE' });
    await db()
      .insert(clientGroupMembers)
      .values({ groupClientId: group!.id, clientId: source, joinedOn: '2026-01-01' });
    await db()
      .insert(clientLoginHistory)
      .values({ clientId: source, at: new Date(), succeeded: true, ip: '127.0.0.1' });
    await db()
      .insert(custodianRecords)
      .values({ custodianUserId: custodian!.id, clientId: source });
    const [release] = await db()
      .select()
      .from(formDefinitions)
      .where(eq(formDefinitions.name, 'Release of information'));
    await db()
      .insert(clientFormAssignments)
      .values({ clientId: source, formDefinitionId: release!.id });
    await db()
      .insert(outboundEmails)
      .values({
        practiceId: custodian!.practiceId,
        clientId: source,
        recipient: `dupe${suffix}@example.com`,
        subject: 'Hello',
        body: 'Hello',
        status: 'logged',
      });
    await db()
      .update(clients)
      .set({ memo: 'Prefers mornings.', alert: 'Check ID.' })
      .where(eq(clients.id, source));
    await db().update(clients).set({ memo: 'Kept memo.' }).where(eq(clients.id, target));
    return { manager, source, target, Quinn: Quinn!, Okafor: Okafor!, groupId: group!.id };
  }

  it('moves every kind of row to the kept record, in one go, and retires the duplicate', async () => {
    const { manager, source, target, Quinn, Okafor, groupId } = await duplicatePair('A');
    const response = await manager.post('/api/patient/mergeClients', {
      sourceId: source,
      targetId: target,
      confirmPhrase: 'MERGE',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().moved).toEqual({
      phones: 1,
      emails: 1,
      addresses: 1,
      contacts: 1,
      insurances: 1,
      diagnoses: 1,
      therapists: 1,
      groupMemberships: 1,
      loginHistory: 1,
      custodianRecords: 1,
      // Both were given the automatic intake questionnaire when added; the release moves.
      forms: 1,
      outboundEmails: 1,
      portalAccount: 0,
      memoAppended: true,
      alertCopied: true,
    });

    for (const table of [
      'client_phones',
      'client_emails',
      'client_addresses',
      'client_contacts',
      'client_insurances',
      'client_diagnoses',
      'client_therapists',
      'client_group_members',
      'client_login_history',
      'custodian_records',
      'client_form_assignments',
      'outbound_emails',
    ]) {
      const [left] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ${sql.identifier(table)} where client_id = ${source}`,
      );
      expect(left?.n, `nothing of ${table} stays with the duplicate`).toBe(0);
    }
    // The kept record keeps its defaults: exactly one default phone, email and address, its own.
    const phones = await db().select().from(clientPhones).where(eq(clientPhones.clientId, target));
    expect(phones.filter((p) => p.isDefault).map((p) => p.number)).toEqual(['2075550101']);
    expect(phones).toHaveLength(2);
    const emails = await db().select().from(clientEmails).where(eq(clientEmails.clientId, target));
    expect(emails.filter((e) => e.isDefault).map((e) => e.email)).toEqual(['keptA@example.com']);
    const addresses = await db()
      .select()
      .from(clientAddresses)
      .where(eq(clientAddresses.clientId, target));
    expect(addresses.filter((a) => a.isDefault).map((a) => a.addressLine1)).toEqual(['1 Kept St']);
    // The target had no mailing address, so the moved one stays the mailing address.
    expect(addresses.filter((a) => a.isMailing).map((a) => a.addressLine1)).toEqual(['2 Dupe St']);
    const diagnoses = await db()
      .select()
      .from(clientDiagnoses)
      .where(eq(clientDiagnoses.clientId, target))
      .orderBy(asc(clientDiagnoses.position));
    expect(diagnoses.map((d) => [d.code, d.position])).toEqual([
      ['F41.1', 1],
      ['F32.0', 2],
    ]);
    const links = await db()
      .select()
      .from(clientTherapists)
      .where(eq(clientTherapists.clientId, target));
    expect(Object.fromEntries(links.map((l) => [l.therapistId, l.status]))).toEqual({
      [Quinn]: 'WAITLIST',
      [Okafor]: 'ACTIVE',
    });
    expect(links.filter((l) => l.isPrimary)).toHaveLength(1);
    const [membership] = await db()
      .select()
      .from(clientGroupMembers)
      .where(eq(clientGroupMembers.clientId, target));
    expect(membership?.groupClientId).toBe(groupId);

    const [kept] = await db().select().from(clients).where(eq(clients.id, target));
    expect(kept).toMatchObject({ memo: 'Kept memo.\n\nPrefers mornings.', alert: 'Check ID.' });
    const [gone] = await db().select().from(clients).where(eq(clients.id, source));
    expect(gone).toMatchObject({ mergedIntoId: target, recordStatusId: 3 });

    // The duplicate disappears from search; the kept record is found.
    const found = (
      await manager.get('/api/patient/findPatients?context=all&search=keeperA&limit=50')
    ).json();
    expect(found.data.map((r: { user_id: number }) => r.user_id)).toEqual([target]);

    // One audit row naming both records, with the counts.
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.merged'),
          sql`${auditLog.patientIds} @> array[${source}, ${target}]::int[]`,
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.patientIds).toEqual([source, target]);
    expect(audits[0]!.detail).toMatchObject({
      kind: 'change',
      sourceId: source,
      targetId: target,
      moved: { phones: 1 },
    });

    // A duplicate is merged once.
    const again = await manager.post('/api/patient/mergeClients', {
      sourceId: source,
      targetId: target,
      confirmPhrase: 'MERGE',
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 400 "Type MERGE to confirm." for a missing or wrong phrase, changing nothing', async () => {
    const { manager, source, target } = await duplicatePair('B');
    for (const confirmPhrase of [undefined, 'merge', 'MERGE ']) {
      const response = await manager.post('/api/patient/mergeClients', {
        sourceId: source,
        targetId: target,
        ...(confirmPhrase === undefined ? {} : { confirmPhrase }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Type MERGE to confirm.',
        field: 'confirmPhrase',
      });
    }
    const [still] = await db().select().from(clients).where(eq(clients.id, source));
    expect(still?.mergedIntoId).toBeNull();
  });

  it('answers 400 when merging a client into itself, and for a group', async () => {
    const { manager, source, groupId } = await duplicatePair('C');
    const self = await manager.post('/api/patient/mergeClients', {
      sourceId: source,
      targetId: source,
      confirmPhrase: 'MERGE',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Choose a different client to keep.');
    const group = await manager.post('/api/patient/mergeClients', {
      sourceId: source,
      targetId: groupId,
      confirmPhrase: 'MERGE',
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe('Groups cannot be merged.');
  });

  it("answers 404 for another practice's client, either side", async () => {
    const { source, target } = await duplicatePair('D');
    const owner2 = await signedIn(t.app, 'owner2');
    const [harriet] = await db().select().from(clients).where(eq(clients.lastName, 'Harbor'));
    const response = await owner2.post('/api/patient/mergeClients', {
      sourceId: source,
      targetId: target,
      confirmPhrase: 'MERGE',
    });
    expect(response.statusCode).toBe(404);
    const mixed = await owner2.post('/api/patient/mergeClients', {
      sourceId: harriet!.id,
      targetId: target,
      confirmPhrase: 'MERGE',
    });
    expect(mixed.statusCode).toBe(404);
  });

  it('answers 403 to a therapist of both clients, who lacks record administration', async () => {
    const { source, target } = await duplicatePair('E');
    const therapist = await signedIn(t.app, 'therapist1');
    const response = await therapist.post('/api/patient/mergeClients', {
      sourceId: source,
      targetId: target,
      confirmPhrase: 'MERGE',
    });
    expect(response.statusCode).toBe(403);
    const [still] = await db().select().from(clients).where(eq(clients.id, source));
    expect(still?.mergedIntoId).toBeNull();
  });
});
