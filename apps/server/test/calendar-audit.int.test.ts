import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, calendarEventAttendees, calendarEvents } from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Issue 13 findings 2 and 3 for the calendar: every read that shows clients'
 * appointments is audited with the clients it returned, in one row; a change
 * and its audit row commit together or not at all; a refusal is audited.
 */

let t: TestApp;
let ids: {
  therapist1: number;
  therapist2: number;
  margaret: number;
  product: number;
  location: number;
};

beforeAll(async () => {
  t = await testApp();
  const one = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;
  const practice1 = await one(sql`select id from practices order by id limit 1`);
  const therapist = (username: string) =>
    one(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = ${username}`,
    );
  ids = {
    therapist1: await therapist('therapist1'),
    therapist2: await therapist('therapist2'),
    margaret: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    product: await one(
      sql`select id from products where practice_id = ${practice1} and cpt_code = '90837'`,
    ),
    location: await one(
      sql`select id from locations where practice_id = ${practice1} and is_default`,
    ),
  };
});
afterAll(() => t.close());

/** Far ahead of the seeded calendar; each test uses its own day. */
const at = (day: number, hour: number) =>
  new Date(Date.UTC(2033, 4, 2 + day, hour, 0, 0)).toISOString();
/** Far behind it: a session that has started, so its client may be checked in. */
const past = (day: number, hour: number) =>
  new Date(Date.UTC(2023, 4, 2 + day, hour, 0, 0)).toISOString();

const windowUrl = (therapistIds: number[], start: string, end: string) =>
  `/api/calendar/getTherapistAppointments?therapistIds=${therapistIds.join(',')}&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;

const book = (browser: Browser, eventDateTime: string) =>
  browser.post('/api/calendar/createAppointment', {
    therapistId: ids.therapist1,
    patientId: ids.margaret,
    practiceLocationId: ids.location,
    isTeletherapy: false,
    eventDateTime,
    products: [{ productId: ids.product, duration: 60 }],
  });

const lastAuditId = async () =>
  (await t.app.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]
    ?.id ?? 0;

const auditsSince = (id: number, action: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, id), eq(auditLog.action, action)))
    .orderBy(auditLog.id);

const sorted = (values: Iterable<number>) => [...values].sort((a, b) => a - b);

describe('reading the calendar window', () => {
  it("writes one 'list' row naming every client it returned, also when the answer was cached", async () => {
    const manager = await signedIn(t.app, 'manager');
    const now = t.clock.now().getTime();
    const url = windowUrl(
      [ids.therapist1, ids.therapist2],
      new Date(now - 3 * 86_400_000).toISOString(),
      new Date(now + 4 * 86_400_000).toISOString(),
    );
    for (const pass of ['fresh', 'cached']) {
      const before = await lastAuditId();
      const response = await manager.get(url);
      expect(response.statusCode, pass).toBe(200);
      const events = response.json().data as { user_id_patient: number | null }[];
      const shown = new Set(events.flatMap((e) => (e.user_id_patient ? [e.user_id_patient] : [])));
      expect(shown.size, pass).toBeGreaterThan(1);
      const rows = await auditsSince(before, 'client.calendar_read');
      expect(rows, pass).toHaveLength(1);
      expect(rows[0], pass).toMatchObject({
        patientId: null,
        detail: {
          kind: 'list',
          route: 'GET /api/calendar/getTherapistAppointments',
          therapistIds: [ids.therapist1, ids.therapist2],
          events: events.length,
        },
      });
      expect(sorted(rows[0]?.patientIds ?? []), pass).toEqual(sorted(shown));
    }
  });

  it('names the one client of a window in patient_id', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    expect((await book(scheduler, at(0, 14))).statusCode).toBe(201);
    const before = await lastAuditId();
    const response = await scheduler.get(windowUrl([ids.therapist1], at(0, 0), at(1, 0)));
    expect(response.json().data).toHaveLength(1);
    const [row] = await auditsSince(before, 'client.calendar_read');
    expect(row).toMatchObject({ patientId: ids.margaret, patientIds: null });
  });
});

describe('reads of one appointment', () => {
  it("the details, the series and the scheduling lookup each write one 'view' row naming the client", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [id] = (await book(scheduler, at(1, 14))).json().data.calendar_event_ids as number[];
    const reads: [string, () => ReturnType<Browser['get']>, string][] = [
      [
        'client.appointment_details_read',
        () => scheduler.get(`/api/patientRecord/getAppointmentDetails/${id}/0`),
        'GET /api/patientRecord/getAppointmentDetails/:eventId/:attendeeId',
      ],
      [
        'client.appointment_series_read',
        () => scheduler.get(`/api/calendar/series/${id}`),
        'GET /api/calendar/series/:eventId',
      ],
      [
        'client.scheduling_lookup',
        () =>
          scheduler.get(
            `/api/availability/findProductsForSchedulingRequest?duration=60&therapistId=${ids.therapist1}&clientId=${ids.margaret}&start=${encodeURIComponent(at(1, 16))}`,
          ),
        'GET /api/availability/findProductsForSchedulingRequest',
      ],
    ];
    for (const [action, read, route] of reads) {
      const before = await lastAuditId();
      const response = await read();
      expect(response.statusCode, action).toBe(200);
      expect(await auditsSince(before, action), action).toMatchObject([
        { patientId: ids.margaret, detail: { kind: 'view', route } },
      ]);
    }
  });

  it('another practice’s appointment answers 404 and reads no client', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [id] = (await book(scheduler, at(1, 18))).json().data.calendar_event_ids as number[];
    const owner2 = await signedIn(t.app, 'owner2');
    const before = await lastAuditId();
    const response = await owner2.get(`/api/patientRecord/getAppointmentDetails/${id}/0`);
    expect(response.statusCode).toBe(404);
    expect(await auditsSince(before, 'client.appointment_details_read')).toEqual([]);
  });
});

describe('a change and its audit row are one transaction', () => {
  /** Makes the audit insert fail for one action, as a crash between the two would have. */
  async function failAuditOf(action: string): Promise<void> {
    await t.app.db.execute(
      sql.raw(`create or replace function test_fail_audit() returns trigger as $$
        begin raise exception 'audit refused for %', new.action; end $$ language plpgsql`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_fail_audit before insert on audit_log for each row
        when (new.action = '${action}') execute function test_fail_audit()`),
    );
  }
  afterEach(async () => {
    await t.app.db.execute(sql`drop trigger if exists test_fail_audit on audit_log`);
  });

  const eventOf = async (id: number) =>
    (await t.app.db.select().from(calendarEvents).where(eq(calendarEvents.id, id)))[0];

  it('a move whose audit row fails answers 500 and leaves the appointment where it was', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const booked = await book(scheduler, at(2, 14));
    const [id] = booked.json().data.calendar_event_ids as number[];
    const before = await eventOf(id ?? 0);
    await failAuditOf('client.appointment_rescheduled');
    const moved = await scheduler.post('/api/calendar/rescheduleEvent', {
      calendar_event_id: id,
      calendar_event_starttime: at(2, 17),
      calendar_event_endtime: at(2, 18),
      calendar_event_allday: 0,
    });
    expect(moved.statusCode).toBe(500);
    const after = await eventOf(id ?? 0);
    expect(after?.startAt.toISOString()).toBe(at(2, 14));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it('a cancel whose audit row fails answers 500 and leaves the appointment live', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [id] = (await book(scheduler, at(3, 14))).json().data.calendar_event_ids as number[];
    await failAuditOf('client.appointment_cancelled');
    const cancelled = await scheduler.post('/api/calendar/cancelEvent', { id, reason: 'x' });
    expect(cancelled.statusCode).toBe(500);
    expect((await eventOf(id ?? 0))?.cancelledAt).toBeNull();
  });

  it('a booking whose audit row fails answers 500 and books nothing', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    await failAuditOf('client.appointment_created');
    const booked = await book(scheduler, at(4, 14));
    expect(booked.statusCode).toBe(500);
    const [left] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from calendar_events
          where therapist_id = ${ids.therapist1} and start_at = ${at(4, 14)}::timestamptz`,
    );
    expect(left?.n).toBe(0);
  });

  it('a check-in whose audit row fails answers 500 and checks no one in', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [id] = (await book(scheduler, past(5, 14))).json().data.calendar_event_ids as number[];
    await failAuditOf('client.checked_in');
    const checkIn = await scheduler.post('/api/calendarEvent/togglePatientCheckedIn', {
      calendarEventId: id,
      patientId: ids.margaret,
    });
    expect(checkIn.statusCode).toBe(500);
    const [attendee] = await t.app.db
      .select()
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, id ?? 0));
    expect(attendee?.checkedInAt).toBeNull();
  });

  it('with the audit working, the same move commits with exactly one row naming the client', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [id] = (await book(scheduler, at(6, 14))).json().data.calendar_event_ids as number[];
    const before = await lastAuditId();
    const moved = await scheduler.post('/api/calendar/rescheduleEvent', {
      calendar_event_id: id,
      calendar_event_starttime: at(6, 17),
      calendar_event_endtime: at(6, 18),
      calendar_event_allday: 0,
    });
    expect(moved.statusCode).toBe(200);
    expect((await eventOf(id ?? 0))?.startAt.toISOString()).toBe(at(6, 17));
    const rows = await auditsSince(before, 'client.appointment_rescheduled');
    expect(rows).toMatchObject([
      {
        patientId: ids.margaret,
        detail: { kind: 'change', route: 'POST /api/calendar/rescheduleEvent', eventId: id },
      },
    ]);
  });
});

describe('a meeting holds no client', () => {
  it('moving and cancelling one writes one platform row each, naming no client', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const created = await scheduler.post('/api/calendar/createMeeting', {
      therapistId: ids.therapist1,
      startDateTime: at(8, 14),
      duration: 30,
    });
    const id = created.json().data.calendar_event_id as number;
    const before = await lastAuditId();
    const moved = await scheduler.post('/api/calendar/rescheduleEvent', {
      calendar_event_id: id,
      calendar_event_starttime: at(8, 16),
      calendar_event_endtime: at(8, 17),
      calendar_event_allday: 0,
    });
    expect(moved.statusCode).toBe(200);
    expect((await scheduler.post('/api/calendar/cancelEvent', { id })).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, before))
      .orderBy(auditLog.id);
    expect(rows).toMatchObject([
      {
        action: 'calendar.event_moved',
        patientId: null,
        patientIds: null,
        detail: { eventId: id, kind: 'change', route: 'POST /api/calendar/rescheduleEvent' },
      },
      {
        action: 'calendar.event_cancelled',
        patientId: null,
        patientIds: null,
        detail: { eventIds: [id], kind: 'change', route: 'POST /api/calendar/cancelEvent' },
      },
    ]);
  });
});

describe('refusals are audited', () => {
  it('a therapist reading a colleague’s calendar gets 403 and a client.denied row', async () => {
    const therapist2 = await signedIn(t.app, 'therapist2');
    const before = await lastAuditId();
    const response = await therapist2.get(windowUrl([ids.therapist1], at(0, 0), at(1, 0)));
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Hamilton');
    expect(await auditsSince(before, 'client.calendar_read')).toEqual([]);
    const denied = await auditsSince(before, 'client.denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]?.detail).toEqual({
      kind: 'denied',
      route: 'GET /api/calendar/getTherapistAppointments',
      status: 403,
      reason: 'You can see and change only your own calendar.',
    });
  });

  it('an anonymous caller gets 401 and a client.denied row', async () => {
    const before = await lastAuditId();
    const response = await new Browser(t.app).get(windowUrl([ids.therapist1], at(0, 0), at(1, 0)));
    expect(response.statusCode).toBe(401);
    const denied = await auditsSince(before, 'client.denied');
    expect(denied).toMatchObject([
      {
        actorUserId: null,
        detail: {
          kind: 'denied',
          route: 'GET /api/calendar/getTherapistAppointments',
          status: 401,
          reason: 'not signed in',
        },
      },
    ]);
  });

  it('a therapist moving a colleague’s appointment gets 403, nothing moves, and it is audited', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [id] = (await book(scheduler, at(7, 14))).json().data.calendar_event_ids as number[];
    const therapist2 = await signedIn(t.app, 'therapist2');
    const before = await lastAuditId();
    const moved = await therapist2.post('/api/calendar/rescheduleEvent', {
      calendar_event_id: id,
      calendar_event_starttime: at(7, 17),
      calendar_event_endtime: at(7, 18),
      calendar_event_allday: 0,
    });
    expect(moved.statusCode).toBe(403);
    const [event] = await t.app.db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.id, id ?? 0));
    expect(event?.startAt.toISOString()).toBe(at(7, 14));
    expect(await auditsSince(before, 'client.appointment_rescheduled')).toEqual([]);
    expect(await auditsSince(before, 'client.denied')).toMatchObject([
      { detail: { route: 'POST /api/calendar/rescheduleEvent', status: 403 } },
    ]);
  });
});
