import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  clients,
  clientTherapists,
  selfBookingRequests,
} from '../src/db/schema/index.ts';
import { CHOOSE_CLIENT } from '../src/modules/booking/messages.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Issue 13, finding 1: a booking request never creates access to a client's
 * record. A visitor who names an existing client (Margaret Hamilton, a
 * client of therapist1) when booking with therapist2 (Daniel Okafor) leaves
 * only a request; staff decide who the visitor is, and only then is Daniel
 * linked to a client and the appointment attached. The clock is in 2032, so
 * the demo availability is all open.
 */

let t: TestApp;
const tid: Record<string, number> = {};
let margaretId: number;
let chrisId: number;
const browsers = new Map<string, Browser>();

async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = await signedIn(t.app, username);
    browsers.set(username, browser);
  }
  return browser;
}

/** A New York wall-clock time in February 2032 (UTC−5). */
const ny = (day: string, hour: number) =>
  new Date(Date.parse(`${day}T${String(hour + 5).padStart(2, '0')}:00:00Z`)).toISOString();

let keyCounter = 0;
const newKey = () => `no-access-${keyCounter++}-${Date.now()}`;

/** Margaret's own name, email and date of birth, as a visitor could type them. */
const margaret = {
  firstName: 'Margaret',
  lastName: 'Hamilton',
  email: 'margaret.hamilton@example.com',
  phone: '2075550123',
  dob: '1985-06-15',
};

/** A visitor books with Daniel as Margaret; answers the request id. */
async function bookAsMargaret(start: string, reason = 'I want to read my chart.') {
  const visitor = new Browser(t.app);
  const key = newKey();
  const response = await visitor.post('/api/public/selfSchedule/book', {
    therapistId: tid.therapist2,
    start,
    mode: 'inPerson',
    idempotencyKey: key,
    ...margaret,
    reasonForAppointment: reason,
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().data.status).toBe('PENDING');
  const [row] = await t.app.db
    .select({ id: selfBookingRequests.id })
    .from(selfBookingRequests)
    .where(eq(selfBookingRequests.idempotencyKey, key));
  return row?.id ?? 0;
}

async function linked(clientId: number, therapistId: number | undefined): Promise<boolean> {
  const rows = await t.app.db
    .select()
    .from(clientTherapists)
    .where(
      and(
        eq(clientTherapists.clientId, clientId),
        eq(clientTherapists.therapistId, therapistId ?? 0),
      ),
    );
  return rows.length > 0;
}

async function requestRow(id: number) {
  const [row] = await t.app.db
    .select()
    .from(selfBookingRequests)
    .where(eq(selfBookingRequests.id, id));
  if (!row) throw new Error('no request');
  return row;
}

async function attendeesOf(eventId: number | null) {
  return t.app.db
    .select()
    .from(calendarEventAttendees)
    .where(eq(calendarEventAttendees.eventId, eventId ?? 0));
}

const countClients = async (first: string, last: string) =>
  (
    await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from clients where first_name = ${first} and last_name = ${last}`,
    )
  )[0]?.n ?? 0;

type Candidate = {
  clientId: number;
  firstName: string;
  lastName: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
};
type Row = {
  requestId: number;
  clientId: number | null;
  needsClientChoice: boolean;
  detailsHidden: boolean;
  reasonForAppointment: string | null;
  dob: string | null;
  email: string | null;
  candidates: Candidate[];
};

async function pendingRows(username: string): Promise<Row[]> {
  const response = await (await as(username)).get('/api/selfSchedule/requests?status=PENDING');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Row[] }>().data;
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date('2032-01-30T17:00:00Z'));
  for (const row of await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  )) {
    tid[row.username] = row.id;
  }
  const find = async (first: string, last: string) =>
    (
      await t.app.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.firstName, first), eq(clients.lastName, last)))
    )[0]?.id ?? 0;
  margaretId = await find('Margaret', 'Hamilton');
  chrisId = await find('Chris', 'Client');
  expect(await linked(margaretId, tid.therapist2)).toBe(false);
});
afterAll(() => t.close());

describe("a visitor's request naming an existing client", () => {
  let requestId: number;

  beforeAll(async () => {
    requestId = await bookAsMargaret(ny('2032-02-02', 9));
  });

  it('creates only a request: no client, no link, no attendee; the therapist still cannot open her record', async () => {
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ clientId: null, status: 'PENDING', firstName: 'Margaret' });
    expect(await attendeesOf(row.calendarEventId)).toEqual([]);
    expect(await linked(margaretId, tid.therapist2)).toBe(false);
    expect(await countClients('Margaret', 'Hamilton')).toBe(1);
    const daniel = await as('therapist2');
    const access = await daniel.get(`/api/patient/findPatientAccess?patientId=${margaretId}`);
    expect([403, 404]).toContain(access.statusCode);
    const profile = await daniel.get(`/api/patient/getProfile?patientId=${margaretId}`);
    expect([403, 404]).toContain(profile.statusCode);
    // Her record is untouched: the visitor's reason is on the request only.
    const [record] = await t.app.db
      .select({ reason: clients.reasonForAppointment })
      .from(clients)
      .where(eq(clients.id, margaretId));
    expect(record?.reason ?? '').not.toContain('read my chart');
  });

  it('shows staff the possible matches side by side; a therapist only the clients they may see', async () => {
    const rows = await pendingRows('scheduler');
    const row = rows.find((r) => r.requestId === requestId);
    expect(row).toMatchObject({
      clientId: null,
      needsClientChoice: true,
      detailsHidden: false,
      reasonForAppointment: 'I want to read my chart.',
      dob: '1985-06-15',
    });
    const candidate = row?.candidates.find((c) => c.clientId === margaretId);
    expect(candidate).toMatchObject({
      firstName: 'Margaret',
      lastName: 'Hamilton',
      dob: '1985-06-15',
      email: expect.stringMatching(/margaret/i),
    });
    // Daniel answers his own requests and sees what the visitor wrote, but not Margaret's record.
    const own = (await pendingRows('therapist2')).find((r) => r.requestId === requestId);
    expect(own?.reasonForAppointment).toBe('I want to read my chart.');
    expect(own?.candidates.map((c) => c.clientId)).not.toContain(margaretId);
    // Each list's audit row names the clients it showed: the scheduler's Margaret, Daniel's not.
    const audits = await rowsOf<{ username: string; ids: number[] }>(
      t.app.db,
      sql`select u.username, coalesce(a.patient_ids, array_remove(array[a.patient_id], null)) as ids
          from audit_log a join users u on u.id = a.actor_user_id
          where a.action = 'client.booking_requests_viewed' order by a.id`,
    );
    expect(audits.find((a) => a.username === 'scheduler')?.ids).toContain(margaretId);
    expect(audits.find((a) => a.username === 'therapist2')?.ids ?? []).not.toContain(margaretId);
  });

  it('refuses to confirm without saying who the visitor is', async () => {
    const scheduler = await as('scheduler');
    for (const body of [{ requestId }, { requestId, newClient: true, clientId: margaretId }]) {
      const response = await scheduler.post('/api/selfSchedule/confirmRequest', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: CHOOSE_CLIENT, field: 'clientId' });
    }
    expect((await requestRow(requestId)).status).toBe('PENDING');
  });

  it('will not let the therapist link himself to a client he may not see', async () => {
    const daniel = await as('therapist2');
    const response = await daniel.post('/api/selfSchedule/confirmRequest', {
      requestId,
      clientId: margaretId,
    });
    expect(response.statusCode).toBe(403);
    expect(await linked(margaretId, tid.therapist2)).toBe(false);
    expect((await requestRow(requestId)).status).toBe('PENDING');
    const [denied] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from audit_log where action = 'client.denied'
          and detail->>'route' = 'POST /api/selfSchedule/confirmRequest'`,
    );
    expect(denied?.n).toBeGreaterThan(0);
  });

  it('confirmed by staff as that existing client: linked, the appointment attached, audited', async () => {
    const scheduler = await as('scheduler');
    const response = await scheduler.post('/api/selfSchedule/confirmRequest', {
      requestId,
      clientId: margaretId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'CONFIRMED', clientId: margaretId });
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ clientId: margaretId, clientChoice: 'existing' });
    expect((await attendeesOf(row.calendarEventId)).map((a) => a.clientId)).toEqual([margaretId]);
    expect(await linked(margaretId, tid.therapist2)).toBe(true);
    expect(await countClients('Margaret', 'Hamilton')).toBe(1);
    const daniel = await as('therapist2');
    expect(
      (await daniel.get(`/api/patient/findPatientAccess?patientId=${margaretId}`)).statusCode,
    ).toBe(200);
    const [audit] = await rowsOf<{ patientId: number; detail: Record<string, unknown> }>(
      t.app.db,
      sql`select patient_id as "patientId", detail from audit_log
          where action = 'client.booking_request_confirmed' order by id desc limit 1`,
    );
    expect(audit?.patientId).toBe(margaretId);
    expect(audit?.detail).toMatchObject({ requestId, clientChoice: 'existing' });
  });
});

describe('declining and confirming as new', () => {
  it('declining leaves nothing behind: no client, link or appointment; the slot reopens', async () => {
    const start = ny('2032-02-02', 10);
    const before = await countClients('Margaret', 'Hamilton');
    const requestId = await bookAsMargaret(start);
    const { calendarEventId } = await requestRow(requestId);
    const scheduler = await as('scheduler');
    const response = await scheduler.post('/api/selfSchedule/declineRequest', { requestId });
    expect(response.statusCode, response.body).toBe(200);
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'DECLINED', clientId: null, calendarEventId: null });
    const events = await t.app.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, calendarEventId ?? 0));
    expect(events).toEqual([]);
    expect(await attendeesOf(calendarEventId)).toEqual([]);
    expect(await countClients('Margaret', 'Hamilton')).toBe(before);
    const daniel = await new Browser(t.app).get(
      `/api/public/findYourTherapist/slots?therapistId=${tid.therapist2}&start=2032-02-02&end=2032-02-03`,
    );
    expect(daniel.json().data.map((s: { start: string }) => s.start)).toContain(start);
  });

  it('confirmed as a new client: a client is made from the request, linked and attached', async () => {
    const visitor = new Browser(t.app);
    const key = newKey();
    const booked = await visitor.post('/api/public/selfSchedule/book', {
      therapistId: tid.therapist2,
      start: ny('2032-02-02', 11),
      mode: 'inPerson',
      idempotencyKey: key,
      firstName: 'Nadia',
      lastName: 'Newcomer',
      email: 'nadia.newcomer@example.com',
      phone: '2075550150',
      dob: '1991-03-04',
      reasonForAppointment: 'Grief after a loss.',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await countClients('Nadia', 'Newcomer')).toBe(0);
    const [request] = await t.app.db
      .select()
      .from(selfBookingRequests)
      .where(eq(selfBookingRequests.idempotencyKey, key));
    const daniel = await as('therapist2');
    const response = await daniel.post('/api/selfSchedule/confirmRequest', {
      requestId: request?.id,
      newClient: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const clientId = response.json().data.clientId as number;
    const [client] = await t.app.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Newcomer',
      dob: '1991-03-04',
      reasonForAppointment: 'Grief after a loss.',
    });
    expect(await linked(clientId, tid.therapist2)).toBe(true);
    const row = await requestRow(request?.id ?? 0);
    expect(row).toMatchObject({ clientId, clientChoice: 'new' });
    expect((await attendeesOf(row.calendarEventId)).map((a) => a.clientId)).toEqual([clientId]);
  });

  it('rolls the confirmation back when its audit row cannot be written', async () => {
    const requestId = await bookAsMargaret(ny('2032-02-02', 12));
    await t.app.db
      .execute(sql`create or replace function test_refuse_confirm_audit() returns trigger
      language plpgsql as $$ begin
        if new.action = 'client.booking_request_confirmed' then raise exception 'audit refused'; end if;
        return new; end $$`);
    await t.app.db.execute(sql`create trigger test_refuse_confirm_audit before insert on audit_log
      for each row execute function test_refuse_confirm_audit()`);
    try {
      const scheduler = await as('scheduler');
      const response = await scheduler.post('/api/selfSchedule/confirmRequest', {
        requestId,
        newClient: true,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`drop trigger test_refuse_confirm_audit on audit_log`);
    }
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'PENDING', clientId: null });
    expect(await attendeesOf(row.calendarEventId)).toEqual([]);
    expect(await countClients('Margaret', 'Hamilton')).toBe(1);
  });
});

describe("a signed-in client's booking", () => {
  it('with a therapist not yet theirs waits for staff even in instant mode, and links nothing', async () => {
    const owner = await as('owner');
    await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'instant' });
    try {
      const client = await as('client1');
      const response = await client.post('/api/selfSchedule/book', {
        therapistId: tid.therapist2,
        start: ny('2032-02-03', 9),
        idempotencyKey: newKey(),
        reasonForAppointment: 'Something private.',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.status).toBe('PENDING');
      expect(await linked(chrisId, tid.therapist2)).toBe(false);
      const [row] = await t.app.db
        .select()
        .from(selfBookingRequests)
        .where(
          and(
            eq(selfBookingRequests.clientId, chrisId),
            eq(selfBookingRequests.therapistId, tid.therapist2 ?? 0),
          ),
        );
      expect(await attendeesOf(row?.calendarEventId ?? null)).toEqual([]);

      // Daniel sees that Chris asked, not what Chris's record holds or the reason.
      const own = (await pendingRows('therapist2')).find((r) => r.requestId === row?.id);
      expect(own).toMatchObject({
        detailsHidden: true,
        reasonForAppointment: null,
        dob: null,
        email: null,
        needsClientChoice: false,
        candidates: [],
      });
      const daniel = await as('therapist2');
      const self = await daniel.post('/api/selfSchedule/confirmRequest', { requestId: row?.id });
      expect(self.statusCode).toBe(403);
      expect(await linked(chrisId, tid.therapist2)).toBe(false);

      // Staff decide: then Daniel is linked and the appointment is Chris's.
      const scheduler = await as('scheduler');
      const confirmed = await scheduler.post('/api/selfSchedule/confirmRequest', {
        requestId: row?.id,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await linked(chrisId, tid.therapist2)).toBe(true);
      expect((await attendeesOf(row?.calendarEventId ?? null)).map((a) => a.clientId)).toEqual([
        chrisId,
      ]);
    } finally {
      await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'request' });
    }
  });

  it('with their own therapist is confirmed at once in instant mode, attached to their record', async () => {
    const owner = await as('owner');
    await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'instant' });
    try {
      const client = await as('client1');
      const start = ny('2032-02-04', 9);
      const response = await client.post('/api/selfSchedule/book', {
        therapistId: tid.therapist1,
        start,
        idempotencyKey: newKey(),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.status).toBe('CONFIRMED');
      const [row] = await rowsOf<{ eventId: number; choice: string }>(
        t.app.db,
        sql`select calendar_event_id as "eventId", client_choice as choice from self_booking_requests
            where client_id = ${chrisId} and start_at = ${start}::timestamptz`,
      );
      expect(row?.choice).toBe('portal');
      expect((await attendeesOf(row?.eventId ?? null)).map((a) => a.clientId)).toEqual([chrisId]);
    } finally {
      await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'request' });
    }
  });
});
