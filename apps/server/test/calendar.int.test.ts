import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, calendarEventAttendees, calendarEvents } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

const SLOT_TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';

let t: TestApp;
let ids: {
  therapist: Record<string, number>;
  margaret: number;
  bob: number;
  product: number;
  location: number;
  otherTherapist: number;
};

beforeAll(async () => {
  t = await testApp();
  const therapists = await rowsOf<{ username: string; id: number }>(
    t.app.db,
    sql`select u.username, t.id from therapists t join users u on u.id = t.user_id`,
  );
  const one = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;
  const practice1 = await one(sql`select id from practices order by id limit 1`);
  ids = {
    therapist: Object.fromEntries(therapists.map((r) => [r.username, r.id])),
    margaret: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    bob: await one(
      sql`select id from clients where last_name = 'Sinclair' and first_name = 'Robert' limit 1`,
    ),
    product: await one(
      sql`select id from products where practice_id = ${practice1} and cpt_code = '90837'`,
    ),
    location: await one(
      sql`select id from locations where practice_id = ${practice1} and is_default`,
    ),
    otherTherapist: therapists.find((r) => r.username === 'owner2')?.id ?? 0,
  };
});
afterAll(() => t.close());

const tid = (username: string): number => ids.therapist[username] ?? 0;

/** Far ahead of the seeded calendar, so nothing is booked there yet. Each test uses its own day. */
const at = (day: number, hour: number) =>
  new Date(Date.UTC(2031, 2, 3 + day, hour, 0, 0)).toISOString();

const appointment = (over: Record<string, unknown> = {}) => ({
  therapistId: tid('therapist1'),
  patientId: ids.margaret,
  practiceLocationId: ids.location,
  isTeletherapy: false,
  teletherapyPos: '02',
  eventDateTime: at(0, 14),
  products: [{ productId: ids.product, duration: 60 }],
  ...over,
});

const window = (therapistIds: number[], start: string, end: string, extra = '') =>
  `/api/calendar/getTherapistAppointments?therapistIds=${therapistIds.join(',')}&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}${extra}`;

async function book(browser: Browser, over: Record<string, unknown> = {}) {
  return browser.post('/api/calendar/createAppointment', appointment(over));
}

describe('POST /api/calendar/createAppointment', () => {
  it('books an appointment, stores the event and attendee, and audits it', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await book(scheduler, { isTeletherapy: true, teletherapyPos: '10' });
    expect(response.statusCode).toBe(201);
    const [id] = response.json().data.calendar_event_ids;
    const [event] = await t.app.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    expect(event).toMatchObject({
      type: 'appointment',
      therapistId: tid('therapist1'),
      locationId: ids.location,
      isTelehealth: true,
      telehealthPos: '10',
      cancelledAt: null,
    });
    expect(event?.startAt.toISOString()).toBe(at(0, 14));
    expect(event?.endAt.toISOString()).toBe(at(0, 15));
    const attendees = await t.app.db
      .select()
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, id));
    expect(attendees).toMatchObject([
      { clientId: ids.margaret, productId: ids.product, attended: null },
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.appointment_created'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ patientId: ids.margaret });
    expect(audit?.detail).toMatchObject({
      eventIds: [id],
      kind: 'change',
      route: 'POST /api/calendar/createAppointment',
    });
  });

  it('gives exactly one of 20 concurrent requests for one slot; the rest get 409', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    await scheduler.refreshCsrf();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => book(scheduler, { eventDateTime: at(1, 14) })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(SLOT_TAKEN);
    }
    const live = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from calendar_events
          where therapist_id = ${tid('therapist1')} and start_at = ${at(1, 14)}::timestamptz`,
    );
    expect(live[0]?.n).toBe(1);
  });

  it('lets a second booking in when double booking is allowed; back-to-back is fine', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    expect((await book(scheduler, { eventDateTime: at(2, 14) })).statusCode).toBe(201);
    const overlapping = { eventDateTime: at(2, 14), patientId: ids.bob };
    expect((await book(scheduler, overlapping)).statusCode).toBe(409);
    expect((await book(scheduler, { ...overlapping, allowDoubleBooking: true })).statusCode).toBe(
      201,
    );
    expect((await book(scheduler, { eventDateTime: at(2, 15) })).statusCode).toBe(201);
  });

  it('creates a weekly series of 4', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await book(scheduler, { eventDateTime: at(3, 14), occurrences: 4 });
    expect(response.statusCode).toBe(201);
    const { calendar_event_ids, series_id } = response.json().data;
    expect(calendar_event_ids).toHaveLength(4);
    const rows = await t.app.db
      .select({ startAt: calendarEvents.startAt })
      .from(calendarEvents)
      .where(eq(calendarEvents.seriesId, series_id))
      .orderBy(calendarEvents.startAt);
    // 09:00 in New York every week: the clocks go forward on 9 March 2031.
    expect(rows.map((r) => r.startAt.toISOString())).toEqual([
      at(3, 14),
      at(10, 13),
      at(17, 13),
      at(24, 13),
    ]);
  });

  it('refuses another practice therapist, a therapist-only caller booking for a colleague, and bad input', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    expect(
      (await book(scheduler, { therapistId: ids.otherTherapist, eventDateTime: at(4, 9) }))
        .statusCode,
    ).toBe(400);
    const therapist2 = await signedIn(t.app, 'therapist2');
    const forColleague = await book(therapist2, {
      patientId: ids.bob,
      eventDateTime: at(4, 10),
    });
    expect(forColleague.statusCode).toBe(403);
    expect((await book(scheduler, { products: [], duration: undefined })).statusCode).toBe(400);
    expect((await book(scheduler, { occurrences: 53 })).statusCode).toBe(400);
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (await book(owner2, { therapistId: ids.otherTherapist, eventDateTime: at(4, 11) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('cancel and reschedule', () => {
  it('cancels this event, or this and the following events of a series', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const created = await book(scheduler, { eventDateTime: at(5, 14), occurrences: 4 });
    const [first, second, third, fourth] = created.json().data.calendar_event_ids;
    const one = await scheduler.post('/api/calendar/cancelEvent', {
      id: first,
      reason: 'Client is unwell',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.calendar_event_ids).toEqual([first]);
    const rest = await scheduler.post('/api/calendar/cancelEvent', {
      id: third,
      reason: 'Moving away',
      scope: 'following',
    });
    expect(rest.json().data.calendar_event_ids).toEqual([third, fourth]);
    const rows = await t.app.db
      .select({ id: calendarEvents.id, reason: calendarEvents.cancelReason })
      .from(calendarEvents)
      .where(eq(calendarEvents.seriesId, created.json().data.series_id))
      .orderBy(calendarEvents.id);
    expect(rows).toEqual([
      { id: first, reason: 'Client is unwell' },
      { id: second, reason: null },
      { id: third, reason: 'Moving away' },
      { id: fourth, reason: 'Moving away' },
    ]);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.appointment_cancelled'),
          eq(auditLog.patientId, ids.margaret),
        ),
      );
    expect(audits.length).toBeGreaterThanOrEqual(2);
    // The cancelled slot is free again.
    expect(
      (await book(scheduler, { eventDateTime: at(5, 14), patientId: ids.bob })).statusCode,
    ).toBe(201);
  });

  it('moves an event, refuses a taken slot (409) and a cancelled event (403 with the reason)', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const a = (await book(scheduler, { eventDateTime: at(6, 14) })).json().data
      .calendar_event_ids[0];
    await book(scheduler, { eventDateTime: at(6, 16) });
    const move = (id: number, start: string, end: string) =>
      scheduler.post('/api/calendar/rescheduleEvent', {
        calendar_event_id: id,
        calendar_event_starttime: start,
        calendar_event_endtime: end,
        calendar_event_allday: 0,
      });
    const moved = await move(a, at(6, 18), at(6, 19));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe('Event successfully rescheduled.');
    const taken = await move(a, at(6, 16), at(6, 17));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(SLOT_TAKEN);
    await scheduler.post('/api/calendar/cancelEvent', { id: a, reason: 'x' });
    const cancelled = await move(a, at(6, 20), at(6, 21));
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json().message).toBe('A cancelled event cannot be moved.');
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.appointment_rescheduled'));
    // The move that happened, only: the refused ones rolled back with their rows.
    expect(audits.filter((r) => (r.detail as { eventId?: number }).eventId === a)).toMatchObject([
      {
        patientId: ids.margaret,
        detail: { kind: 'change', route: 'POST /api/calendar/rescheduleEvent' },
      },
    ]);
    const [denied] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.denied'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(denied?.detail).toMatchObject({
      kind: 'denied',
      route: 'POST /api/calendar/rescheduleEvent',
      status: 403,
      reason: 'A cancelled event cannot be moved.',
    });
  });
});

describe('meetings', () => {
  it('creates a meeting with the default name, and an out-of-office block blocks bookings', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const meeting = await therapist1.post('/api/calendar/createMeeting', {
      therapistId: tid('therapist1'),
      allDay: false,
      startDateTime: at(7, 13),
      duration: 30,
    });
    expect(meeting.statusCode).toBe(201);
    const ooo = await therapist1.post('/api/calendar/createMeeting', {
      therapistId: tid('therapist1'),
      allDay: true,
      startDateTime: '2031-03-12',
      type: 'out_of_office',
    });
    expect(ooo.statusCode).toBe(201);
    const names = await t.app.db
      .select({ name: calendarEvents.name, allDay: calendarEvents.allDay })
      .from(calendarEvents)
      .where(
        sql`${calendarEvents.id} in (${meeting.json().data.calendar_event_id}, ${ooo.json().data.calendar_event_id})`,
      )
      .orderBy(calendarEvents.id);
    expect(names).toEqual([
      { name: 'Meeting / Busy', allDay: false },
      { name: 'Out of Office', allDay: true },
    ]);
    const scheduler = await signedIn(t.app, 'scheduler');
    expect((await book(scheduler, { eventDateTime: at(9, 15) })).statusCode).toBe(409);
  });
});

describe('GET /api/calendar/getTherapistAppointments', () => {
  const FIELDS = [
    'calendar_event_id',
    'calendar_event_type_constant',
    'calendar_event_name',
    'calendar_type_constant',
    'user_id_therapist',
    'user_id_patient',
    'start_date_time',
    'end_date_time',
    'calendar_event_allday',
    'calendar_color',
    'practice_location_id',
    'practice_location_color',
    'isTeletherapy',
    'hasAlert',
    'patient_record_status',
    'isGroup',
    'checkedintime',
    'day_of_week',
    'start_time',
    'end_time',
    'patient_chart_locked_count',
    'claim_count',
    'account_payment_exists',
    'calendar_event_canceldate',
    'attended_attendee_count',
  ];

  it('returns every field, and cancelled events only when asked', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [live, gone] = [
      (await book(scheduler, { eventDateTime: at(28, 14) })).json().data.calendar_event_ids[0],
      (await book(scheduler, { eventDateTime: at(28, 16) })).json().data.calendar_event_ids[0],
    ];
    await scheduler.post('/api/calendar/cancelEvent', { id: gone, reason: 'Weather' });
    const therapistIds = [tid('therapist1')];
    const plain = await scheduler.get(window(therapistIds, at(28, 0), at(29, 0)));
    expect(plain.statusCode).toBe(200);
    const events = plain.json().data;
    expect(events.map((e: { calendar_event_id: number }) => e.calendar_event_id)).toEqual([live]);
    for (const field of FIELDS) expect(events[0]).toHaveProperty(field);
    expect(events[0]).toMatchObject({
      calendar_event_type_constant: 'calendarevent.type.appointment',
      user_id_therapist: tid('therapist1'),
      user_id_patient: ids.margaret,
      start_date_time: at(28, 14),
      end_date_time: at(28, 15),
      calendar_event_allday: false,
      calendar_color: '#2979FF',
      practice_location_id: ids.location,
      practice_location_color: '#1565C0',
      isTeletherapy: false,
      patient_record_status: 'Active',
      isGroup: false,
      day_of_week: 1,
      start_time: '10:00:00',
      end_time: '11:00:00',
      patient_chart_locked_count: 0,
      claim_count: 0,
      account_payment_exists: false,
      calendar_event_canceldate: null,
      attended_attendee_count: 0,
    });
    const all = await scheduler.get(
      window(therapistIds, at(28, 0), at(29, 0), '&includeCancelledEvents=true'),
    );
    const cancelled = all
      .json()
      .data.find((e: { calendar_event_id: number }) => e.calendar_event_id === gone);
    expect(cancelled.calendar_color).toBe('#FF1744');
    expect(cancelled.calendar_event_canceldate).toEqual(expect.any(String));
  });

  it('returns the seeded calendar of this week in one call', async () => {
    const manager = await signedIn(t.app, 'manager');
    const now = Date.now();
    const response = await manager.get(
      window(
        Object.entries(ids.therapist)
          .filter(([u]) => u.startsWith('therapist'))
          .map(([, id]) => id),
        new Date(now - 3 * 86_400_000).toISOString(),
        new Date(now + 4 * 86_400_000).toISOString(),
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.length).toBeGreaterThan(20);
  });

  it('refuses more than 16 therapists and a window over 43 days', async () => {
    const manager = await signedIn(t.app, 'manager');
    const many = Array.from({ length: 17 }, (_, i) => i + 1);
    const tooMany = await manager.get(window(many, at(0, 0), at(1, 0)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 16 therapists');
    const wide = await manager.get(window([tid('therapist1')], at(0, 0), at(44, 0)));
    expect(wide.statusCode).toBe(400);
  });

  it('lets a therapist-only user see only their own calendar', async () => {
    const therapist2 = await signedIn(t.app, 'therapist2');
    const other = await therapist2.get(window([tid('therapist1')], at(0, 0), at(1, 0)));
    expect(other.statusCode).toBe(403);
    const own = await therapist2.get(window([tid('therapist2')], at(0, 0), at(1, 0)));
    expect(own.statusCode).toBe(200);
  });

  it('keeps practices apart', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const response = await owner2.get(window([tid('therapist1')], at(0, 0), at(7, 0)));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
    const manager = await signedIn(t.app, 'manager');
    await owner2.post('/api/calendar/createMeeting', {
      therapistId: ids.otherTherapist,
      startDateTime: at(0, 14),
    });
    const fromFirst = await manager.get(window([ids.otherTherapist], at(0, 0), at(1, 0)));
    expect(fromFirst.json().data).toEqual([]);
  });
});

describe('availability', () => {
  const url = (therapistId: number, from: string, to: string) =>
    `/api/availability/getAvailability?therapistIds=${therapistId}&spanFrom=${from}&spanTo=${to}`;

  it('expands the weekly hours over the week', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await scheduler.get(url(tid('therapist1'), '2031-03-02', '2031-03-09'));
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toHaveLength(5);
    expect(data[0]).toMatchObject({
      date: '2031-03-03',
      day_of_week: 1,
      start_time: '09:00:00',
      end_time: '17:00:00',
      start_date_time: '2031-03-03T14:00:00.000Z',
      online_scheduling: true,
      schedule_every: 60,
      calendar_event_type_constant: 'calendarevent.type.availability',
    });
  });

  it('returns nothing for a span of more than 7 days', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await scheduler.get(url(tid('therapist1'), '2031-03-02', '2031-03-10'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('says whether a therapist uses availability', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await scheduler.get(
      `/api/calendar/settings/usesAvailability?user_id_therapist=${tid('therapist1')}`,
    );
    expect(response.json()).toEqual({ data: { usesAvailability: true } });
    const other = await scheduler.get(
      `/api/calendar/settings/usesAvailability?user_id_therapist=${ids.otherTherapist}`,
    );
    expect(other.statusCode).toBe(404);
  });
});
