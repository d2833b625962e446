import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  auditLog,
  calendarEvents,
  clients,
  outboundEmails,
  selfBookingRequests,
} from '../src/db/schema/index.ts';
import {
  REQUEST_APPOINTMENT_CANCELLED,
  REQUEST_NOT_FOUND,
  THERAPIST_NOT_FOUND,
  requestAlreadyDecided,
} from '../src/modules/booking/messages.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Booking by a signed-in client (/selfSchedule), staff answering requests
 * (confirm, decline) and the practice's booking settings. The clock is in
 * 2032, after the seeded calendar, so the demo availability is all open.
 */

let t: TestApp;
let p1: number;
const tid: Record<string, number> = {};
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
const newKey = () => `requests-${keyCounter++}-${Date.now()}`;

/** A visitor's booking request with a therapist; answers its request id. */
async function visitorRequest(therapist: string, start: string, name: string): Promise<number> {
  const visitor = new Browser(t.app);
  const email = `${name.toLowerCase()}@example.com`;
  const response = await visitor.post('/api/public/selfSchedule/book', {
    therapistId: tid[therapist],
    start,
    mode: 'inPerson',
    idempotencyKey: newKey(),
    firstName: name,
    lastName: 'Requester',
    email,
    phone: '2075550111',
    dob: '1988-08-08',
    reasonForAppointment: 'Would like help with stress.',
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await t.app.db
    .select({ id: selfBookingRequests.id })
    .from(selfBookingRequests)
    .where(eq(selfBookingRequests.email, email));
  return row?.id ?? 0;
}

async function requestRow(id: number) {
  const [row] = await t.app.db
    .select()
    .from(selfBookingRequests)
    .where(eq(selfBookingRequests.id, id));
  if (!row) throw new Error('no request');
  const [event] = await t.app.db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.id, row.calendarEventId ?? 0));
  return { row, event };
}

async function lastEmailTo(recipient: string) {
  const [mail] = await t.app.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.recipient, recipient))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  return mail;
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date('2032-01-30T17:00:00Z'));
  const practices = await rowsOf<{ id: number }>(
    t.app.db,
    sql`select id from practices order by id`,
  );
  p1 = practices[0]?.id ?? 0;
  for (const row of await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  )) {
    tid[row.username] = row.id;
  }
  const [chris] = await t.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, 'Chris'), eq(clients.lastName, 'Client')));
  chrisId = chris?.id ?? 0;
});
afterAll(() => t.close());

describe('a signed-in client books (/selfSchedule)', () => {
  it('offers their own therapist first, then the listed ones taking clients; never another practice', async () => {
    const client = await as('client1');
    const response = await client.get('/api/selfSchedule/therapists');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<{
      data: { therapistId: number; displayName: string; isMyTherapist: boolean }[];
      defaultDurationMinutes: number;
    }>();
    expect(rows.defaultDurationMinutes).toBe(45);
    expect(rows.data.map((r) => [r.displayName, r.isMyTherapist])).toEqual([
      ['Theresa Quinn, PsyD', true],
      ['Daniel Okafor, LCSW', false],
      ['Samuel Ortiz, LPC', false],
      ['Priya Raman, LMFT', false],
    ]);
  });

  it('books for their own record with no personal details, pending confirmation', async () => {
    const client = await as('client1');
    const slots = await client.get(
      `/api/selfSchedule/slots?therapistId=${tid.therapist1}&start=2032-02-02&end=2032-02-03`,
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json().data).toHaveLength(8);
    const start = ny('2032-02-02', 15);
    const response = await client.post('/api/selfSchedule/book', {
      therapistId: tid.therapist1,
      start,
      idempotencyKey: newKey(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ status: 'PENDING', start });
    const [row] = await t.app.db
      .select()
      .from(selfBookingRequests)
      .where(eq(selfBookingRequests.clientId, chrisId));
    expect(row).toMatchObject({
      firstName: 'Chris',
      lastName: 'Client',
      dob: '1985-06-15',
      reasonForAppointment: '',
      status: 'PENDING',
    });
    expect(row?.bookedByUserId).not.toBeNull();
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.self_booked'), eq(auditLog.patientId, chrisId)));
    expect(audit[0]).toMatchObject({ actorUserId: row?.bookedByUserId });
    expect(audit[0]?.detail).toMatchObject({ via: 'portal', status: 'PENDING' });
  });

  it('refuses other practices, unlisted colleagues, missing CSRF and staff callers', async () => {
    const client = await as('client1');
    for (const id of [tid.owner2, tid.therapist5]) {
      const response = await client.get(
        `/api/selfSchedule/slots?therapistId=${id}&start=2032-02-02&end=2032-02-03`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(THERAPIST_NOT_FOUND);
    }
    const noToken = await client.post(
      '/api/selfSchedule/book',
      { therapistId: tid.therapist1, start: ny('2032-02-02', 16), idempotencyKey: newKey() },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    const staff = await as('scheduler');
    const refused = await staff.get('/api/selfSchedule/therapists');
    expect(refused.statusCode).toBe(403);
  });
});

describe('staff answer requests', () => {
  let forDaniel: number;
  let forTheresa: number;

  beforeAll(async () => {
    forDaniel = await visitorRequest('therapist2', ny('2032-02-03', 9), 'Dana');
    forTheresa = await visitorRequest('therapist1', ny('2032-02-03', 10), 'Theo');
  });

  it('lists pending requests by start: the whole practice for schedulers, their own for a therapist', async () => {
    const scheduler = await as('scheduler');
    const all = await scheduler.get('/api/selfSchedule/requests');
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data as { requestId: number; firstName: string }[];
    expect(rows.map((r) => r.firstName)).toEqual(['Chris', 'Dana', 'Theo']);
    expect(all.json().data[1]).toMatchObject({
      requestId: forDaniel,
      status: 'PENDING',
      therapistId: tid.therapist2,
      therapistName: 'Daniel Okafor, LCSW',
      start: ny('2032-02-03', 9),
      isTelehealth: false,
      location: { id: expect.any(Number), name: 'Main Office' },
      lastName: 'Requester',
      email: 'dana@example.com',
      phone: '2075550111',
      dob: '1988-08-08',
      reasonForAppointment: 'Would like help with stress.',
      appointmentCancelled: false,
      decidedAt: null,
      viaPortal: false,
    });
    const daniel = await as('therapist2');
    const own = await daniel.get('/api/selfSchedule/requests');
    expect(own.json().data.map((r: { requestId: number }) => r.requestId)).toEqual([forDaniel]);
    // One audit row per list, naming the clients it showed: Chris (his own request) and
    // whichever clients the visitors may be; visitors themselves are no clients yet.
    const audit = await rowsOf<{ ids: number[] | null; id: number | null }>(
      t.app.db,
      sql`select patient_ids as ids, patient_id as id from audit_log
          where action = 'client.booking_requests_viewed' order by id`,
    );
    expect(audit).toHaveLength(2);
    expect([...(audit[0]?.ids ?? []), audit[0]?.id]).toContain(chrisId);
    const frontOffice = await as('frontoffice');
    expect((await frontOffice.get('/api/selfSchedule/requests')).statusCode).toBe(403);
    const owner2 = await as('owner2');
    expect((await owner2.get('/api/selfSchedule/requests')).json().data).toEqual([]);
  });

  it('keeps therapists to their own requests and practices apart', async () => {
    const daniel = await as('therapist2');
    const other = await daniel.post('/api/selfSchedule/confirmRequest', { requestId: forTheresa });
    expect(other.statusCode).toBe(403);
    const owner2 = await as('owner2');
    const elsewhere = await owner2.post('/api/selfSchedule/confirmRequest', {
      requestId: forTheresa,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(REQUEST_NOT_FOUND);
    expect((await requestRow(forTheresa)).row.status).toBe('PENDING');
  });

  it('confirms as a new client: the appointment stops awaiting, the client is emailed, once only', async () => {
    const daniel = await as('therapist2');
    const response = await daniel.post('/api/selfSchedule/confirmRequest', {
      requestId: forDaniel,
      newClient: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      requestId: forDaniel,
      status: 'CONFIRMED',
      clientId: expect.any(Number),
      email: 'logged',
    });
    const { row, event } = await requestRow(forDaniel);
    expect(row).toMatchObject({ status: 'CONFIRMED', declineReason: null });
    expect(row.decidedAt).not.toBeNull();
    expect(event).toMatchObject({ awaitingConfirmation: false, cancelledAt: null });
    const mail = await lastEmailTo('dana@example.com');
    expect(mail?.subject).toBe('Your appointment is confirmed');
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.booking_request_confirmed'),
          eq(auditLog.patientId, row.clientId ?? 0),
        ),
      );
    expect(audit).toHaveLength(1);
    const again = await daniel.post('/api/selfSchedule/confirmRequest', {
      requestId: forDaniel,
      newClient: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(requestAlreadyDecided('CONFIRMED'));
  });

  it('declines: the held appointment is removed, the slot reopens, the visitor hears why', async () => {
    const scheduler = await as('scheduler');
    const response = await scheduler.post('/api/selfSchedule/declineRequest', {
      requestId: forTheresa,
      reason: 'Dr. Quinn is not taking new clients for evening sessions.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('DECLINED');
    const { row, event } = await requestRow(forTheresa);
    expect(row).toMatchObject({
      status: 'DECLINED',
      clientId: null,
      calendarEventId: null,
      declineReason: 'Dr. Quinn is not taking new clients for evening sessions.',
    });
    expect(event).toBeUndefined();
    const mail = await lastEmailTo('theo@example.com');
    expect(mail?.subject).toBe('Your appointment request was declined');
    expect(mail?.body).toContain('Dr. Quinn is not taking new clients for evening sessions.');
    const visitor = new Browser(t.app);
    const slots = await visitor.get(
      `/api/public/findYourTherapist/slots?therapistId=${tid.therapist1}&start=2032-02-03&end=2032-02-04`,
    );
    expect(slots.json().data.map((s: { start: string }) => s.start)).toContain(
      ny('2032-02-03', 10),
    );
    const declined = await scheduler.get('/api/selfSchedule/requests?status=DECLINED');
    expect(declined.json().data[0]).toMatchObject({
      requestId: forTheresa,
      decidedByName: 'Sofia Alvarez',
      appointmentCancelled: true,
    });
    const again = await scheduler.post('/api/selfSchedule/declineRequest', {
      requestId: forTheresa,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(requestAlreadyDecided('DECLINED'));
  });

  it('will not confirm a request whose appointment was cancelled meanwhile', async () => {
    const id = await visitorRequest('therapist2', ny('2032-02-04', 9), 'Cora');
    const { event } = await requestRow(id);
    const manager = await as('manager');
    const cancel = await manager.post('/api/calendar/cancelEvent', {
      id: event?.id,
      reason: 'Client called to cancel',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const response = await manager.post('/api/selfSchedule/confirmRequest', {
      requestId: id,
      newClient: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REQUEST_APPOINTMENT_CANCELLED);
    expect((await requestRow(id)).row.clientId).toBeNull();
    // Declining it still closes the request; the cancelled hold, nobody's, goes with it.
    const decline = await manager.post('/api/selfSchedule/declineRequest', { requestId: id });
    expect(decline.statusCode).toBe(200);
    expect((await requestRow(id)).row).toMatchObject({ status: 'DECLINED', calendarEventId: null });
    const gone = await t.app.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, event?.id ?? 0));
    expect(gone).toEqual([]);
  });

  it('refuses bad input with 400', async () => {
    const manager = await as('manager');
    for (const body of [{}, { requestId: 'x' }, { requestId: -1 }]) {
      const response = await manager.post('/api/selfSchedule/confirmRequest', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const long = await manager.post('/api/selfSchedule/declineRequest', {
      requestId: 1,
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect((await manager.get('/api/selfSchedule/requests?status=LOST')).statusCode).toBe(400);
  });
});

describe('booking settings', () => {
  it('reads and changes the mode and the directory for settings users only, audited', async () => {
    const owner = await as('owner');
    const read = await owner.get('/api/selfSchedule/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({
      practiceId: p1,
      selfBookingMode: 'request',
      publicDirectoryEnabled: true,
    });
    const change = await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'instant' });
    expect(change.json().data.selfBookingMode).toBe('instant');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'practice.settings_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toEqual({ selfBookingMode: { from: 'request', to: 'instant' } });
    await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'request' });
    expect((await owner.post('/api/selfSchedule/settings', {})).statusCode).toBe(400);
    expect(
      (await owner.post('/api/selfSchedule/settings', { selfBookingMode: 'sometimes' })).statusCode,
    ).toBe(400);
    const scheduler = await as('scheduler');
    expect((await scheduler.get('/api/selfSchedule/settings')).statusCode).toBe(403);
  });
});
