import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  auditLog,
  calendarEventAttendees,
  calendarEvents,
  calendarSeries,
  clientGroupMembers,
  externalCalendarEvents,
  externalCalendars,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Weekly series that never break (issue 5 items 1, 6 and 9): booking by count
 * or until a date, every other week, across clock changes, group appointments,
 * and moving, cancelling and editing one occurrence, the following ones or
 * the whole series, each leaving the rest as it was. The demo practice is in
 * New York; every test books its own days in 2032, far from the seeded calendar.
 */

let t: TestApp;
let ids: {
  practice: number;
  therapist1: number;
  therapist2: number;
  otherTherapist: number;
  margaret: number;
  bob: number;
  product: number;
  product45: number;
  groupProduct: number;
  location: number;
  otherLocation: number;
  group: number;
  members: number[];
};

beforeAll(async () => {
  t = await testApp();
  const one = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;
  const practice = await one(sql`select id from practices order by id limit 1`);
  const therapist = (username: string) =>
    one(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = ${username}`,
    );
  const group = await one(
    sql`select id from clients where practice_id = ${practice} and is_group order by id limit 1`,
  );
  const members = await rowsOf<{ id: number }>(
    t.app.db,
    sql`select client_id as id from client_group_members where group_client_id = ${group} order by client_id`,
  );
  ids = {
    practice,
    therapist1: await therapist('therapist1'),
    therapist2: await therapist('therapist2'),
    otherTherapist: await therapist('owner2'),
    margaret: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    bob: await one(
      sql`select id from clients where last_name = 'Sinclair' and first_name = 'Robert' limit 1`,
    ),
    product: await one(
      sql`select id from products where practice_id = ${practice} and cpt_code = '90837'`,
    ),
    product45: await one(
      sql`select id from products where practice_id = ${practice} and cpt_code = '90834'`,
    ),
    groupProduct: await one(
      sql`select id from products where practice_id = ${practice} and cpt_code = '90853'`,
    ),
    location: await one(
      sql`select id from locations where practice_id = ${practice} and is_default`,
    ),
    otherLocation: await one(
      sql`select id from locations where practice_id = ${practice} and not is_default order by id limit 1`,
    ),
    group,
    members: members.map((m) => m.id),
  };
  expect(ids.members.length).toBeGreaterThanOrEqual(3);
  expect(ids.otherLocation).toBeGreaterThan(0);
});
afterAll(() => t.close());

/** An ISO instant ('…Z') of a New York wall-clock time written with its offset. */
const iso = (local: string) => new Date(local).toISOString();

const appointment = (over: Record<string, unknown> = {}) => ({
  therapistId: ids.therapist1,
  patientId: ids.margaret,
  practiceLocationId: ids.location,
  isTeletherapy: false,
  teletherapyPos: '02',
  eventDateTime: iso('2032-01-07T09:00:00-05:00'),
  products: [{ productId: ids.product, duration: 60 }],
  ...over,
});

async function book(browser: Browser, over: Record<string, unknown> = {}) {
  return browser.post('/api/calendar/createAppointment', appointment(over));
}

/** Books a series and answers its event ids (by start) and series id. */
async function bookSeries(browser: Browser, over: Record<string, unknown>) {
  const response = await book(browser, over);
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data as { calendar_event_ids: number[]; series_id: number };
  return { eventIds: data.calendar_event_ids, seriesId: data.series_id };
}

type StoredRow = {
  id: number;
  start: string;
  end: string;
  cancelled: boolean;
  reason: string | null;
  seriesId: number | null;
  locationId: number | null;
  isTelehealth: boolean;
  pos: string | null;
};

/** The stored rows of events, by id: what the database holds, not what an answer said. */
async function stored(eventIds: readonly number[]): Promise<StoredRow[]> {
  const rows = await t.app.db
    .select()
    .from(calendarEvents)
    .where(inArray(calendarEvents.id, [...eventIds]))
    .orderBy(asc(calendarEvents.id));
  return rows.map((r) => ({
    id: r.id,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    cancelled: r.cancelledAt !== null,
    reason: r.cancelReason,
    seriesId: r.seriesId,
    locationId: r.locationId,
    isTelehealth: r.isTelehealth,
    pos: r.telehealthPos,
  }));
}

const starts = async (eventIds: readonly number[]) => (await stored(eventIds)).map((r) => r.start);

const move = (
  browser: Browser,
  eventId: number,
  start: string,
  end: string,
  scope?: 'this' | 'following' | 'series',
) =>
  browser.post('/api/calendar/rescheduleEvent', {
    calendar_event_id: eventId,
    calendar_event_starttime: start,
    calendar_event_endtime: end,
    calendar_event_allday: 0,
    ...(scope ? { scope } : {}),
  });

async function markAttended(eventId: number) {
  await t.app.db
    .update(calendarEventAttendees)
    .set({ attended: true })
    .where(eq(calendarEventAttendees.eventId, eventId));
}

async function seriesCount(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from calendar_series`,
  );
  return row?.n ?? 0;
}

async function eventsBetween(therapistId: number, from: string, to: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from calendar_events
        where therapist_id = ${therapistId} and start_at >= ${from}::timestamptz and start_at < ${to}::timestamptz`,
  );
  return row?.n ?? 0;
}

describe('booking a series', () => {
  it('books by count, every week, and stores the series', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds, seriesId } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-07T09:00:00-05:00'),
      occurrences: 3,
    });
    expect(await starts(eventIds)).toEqual([
      iso('2032-01-07T09:00:00-05:00'),
      iso('2032-01-14T09:00:00-05:00'),
      iso('2032-01-21T09:00:00-05:00'),
    ]);
    const [series] = await t.app.db
      .select()
      .from(calendarSeries)
      .where(eq(calendarSeries.id, seriesId));
    expect(series).toMatchObject({ intervalWeeks: 1, occurrences: 3, untilDate: null });
  });

  it('books until a date, inclusive in the practice zone', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    // 21:00 in New York on the 28th is already the 29th in UTC: the until day is New York's.
    const inclusive = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-07T21:00:00-05:00'),
      untilDate: '2032-01-28',
    });
    expect(await starts(inclusive.eventIds)).toEqual([
      iso('2032-01-07T21:00:00-05:00'),
      iso('2032-01-14T21:00:00-05:00'),
      iso('2032-01-21T21:00:00-05:00'),
      iso('2032-01-28T21:00:00-05:00'),
    ]);
    const [series] = await t.app.db
      .select()
      .from(calendarSeries)
      .where(eq(calendarSeries.id, inclusive.seriesId));
    expect(series).toMatchObject({ intervalWeeks: 1, occurrences: 4, untilDate: '2032-01-28' });
    const dayBefore = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-08T21:00:00-05:00'),
      untilDate: '2032-01-28',
    });
    expect(dayBefore.eventIds).toHaveLength(3);
  });

  it('books every other week, by count or until a date', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const byDate = await bookSeries(scheduler, {
      eventDateTime: iso('2032-02-04T11:00:00-05:00'),
      untilDate: '2032-03-03',
      intervalWeeks: 2,
    });
    expect(await starts(byDate.eventIds)).toEqual([
      iso('2032-02-04T11:00:00-05:00'),
      iso('2032-02-18T11:00:00-05:00'),
      iso('2032-03-03T11:00:00-05:00'),
    ]);
    const [series] = await t.app.db
      .select()
      .from(calendarSeries)
      .where(eq(calendarSeries.id, byDate.seriesId));
    expect(series).toMatchObject({ intervalWeeks: 2, occurrences: 3, untilDate: '2032-03-03' });
    const byCount = await bookSeries(scheduler, {
      eventDateTime: iso('2032-02-05T11:00:00-05:00'),
      occurrences: 2,
      intervalWeeks: 2,
    });
    expect(await starts(byCount.eventIds)).toEqual([
      iso('2032-02-05T11:00:00-05:00'),
      iso('2032-02-19T11:00:00-05:00'),
    ]);
  });

  it('keeps the wall-clock time across both clock changes', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    // New York springs forward on 14 March 2032 and falls back on 7 November 2032.
    const spring = await bookSeries(scheduler, {
      eventDateTime: iso('2032-03-03T09:00:00-05:00'),
      occurrences: 3,
      intervalWeeks: 2,
    });
    expect(await starts(spring.eventIds)).toEqual([
      '2032-03-03T14:00:00.000Z',
      '2032-03-17T13:00:00.000Z',
      '2032-03-31T13:00:00.000Z',
    ]);
    const autumn = await bookSeries(scheduler, {
      eventDateTime: iso('2032-10-27T09:00:00-04:00'),
      untilDate: '2032-11-10',
    });
    expect(await starts(autumn.eventIds)).toEqual([
      '2032-10-27T13:00:00.000Z',
      '2032-11-03T13:00:00.000Z',
      '2032-11-10T14:00:00.000Z',
    ]);
  });

  it('refuses bad series input with 400 and writes nothing', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const before = await seriesCount();
    const eventsBefore = await eventsBetween(ids.therapist1, '2000-01-01', '2100-01-01');
    const start = iso('2032-04-07T09:00:00-04:00');
    const both = await book(scheduler, {
      eventDateTime: start,
      occurrences: 3,
      untilDate: '2032-05-01',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(
      'Give either a number of occurrences or an until date for the series, not both.',
    );
    const backwards = await book(scheduler, { eventDateTime: start, untilDate: '2032-04-06' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(
      'The until date must be on or after the first appointment.',
    );
    const tooLong = await book(scheduler, { eventDateTime: start, untilDate: '2033-04-07' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'A series can have at most 52 appointments. Choose an earlier until date.',
    );
    // 52 weeks from the first is the 53rd: one year less a week is the most.
    expect(
      (await book(scheduler, { eventDateTime: start, untilDate: '2032-04-06', intervalWeeks: 3 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await book(scheduler, { eventDateTime: start, untilDate: '2032-4-30' })).statusCode,
    ).toBe(400);
    expect(await seriesCount()).toBe(before);
    expect(await eventsBetween(ids.therapist1, '2000-01-01', '2100-01-01')).toBe(eventsBefore);
    // One occurrence with an until date on its own day is a single appointment.
    const single = await book(scheduler, { eventDateTime: start, untilDate: '2032-04-07' });
    expect(single.statusCode).toBe(201);
    expect(single.json().data).toMatchObject({ series_id: null });
  });

  it('refuses a series that meets a booking in a later week (409 naming the day), nothing written', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const taken = await book(scheduler, {
      patientId: ids.bob,
      eventDateTime: iso('2032-04-28T09:30:00-04:00'),
    });
    expect(taken.statusCode).toBe(201);
    const before = await seriesCount();
    const response = await book(scheduler, {
      eventDateTime: iso('2032-04-14T09:00:00-04:00'),
      occurrences: 4,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'That time is already booked for this therapist on Wed 4/28/2032. Nothing was booked. Choose another time or allow double booking.',
    );
    expect(await seriesCount()).toBe(before);
    expect(
      await eventsBetween(
        ids.therapist1,
        iso('2032-04-14T00:00:00-04:00'),
        iso('2032-05-06T00:00:00-04:00'),
      ),
    ).toBe(1);
  });

  it('gives exactly one of 10 concurrent series bookings for the same weeks; the others leave nothing', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    await scheduler.refreshCsrf();
    const before = await seriesCount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(scheduler, {
          // Half start on 7 June, half on 14 June: every pair shares at least two Mondays.
          eventDateTime: iso(
            i % 2 === 0 ? '2032-06-07T14:00:00-04:00' : '2032-06-14T14:00:00-04:00',
          ),
          occurrences: 3,
          patientId: i % 2 === 0 ? ids.margaret : ids.bob,
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await seriesCount()).toBe(before + 1);
    let booked = 0;
    for (const monday of ['2032-06-07', '2032-06-14', '2032-06-21', '2032-06-28']) {
      booked += await eventsBetween(
        ids.therapist1,
        iso(`${monday}T14:00:00-04:00`),
        iso(`${monday}T14:01:00-04:00`),
      );
    }
    expect(booked).toBe(3);
  });

  it('refuses busy time on the therapist external calendar unless double booking is allowed', async () => {
    const [calendar] = await t.app.db
      .insert(externalCalendars)
      .values({
        practiceId: ids.practice,
        therapistId: ids.therapist1,
        calendarKey: 'private@example.com',
        name: 'Private',
        url: 'https://calendar.example.com/private.ics',
        color: '#8E24AA',
        lastSyncStatus: 'success',
      })
      .returning({ id: externalCalendars.id });
    await t.app.db.insert(externalCalendarEvents).values({
      calendarId: calendar?.id ?? 0,
      practiceId: ids.practice,
      therapistId: ids.therapist1,
      uid: 'dentist-1',
      title: 'Dentist',
      startAt: new Date(iso('2032-05-19T09:30:00-04:00')),
      endAt: new Date(iso('2032-05-19T10:30:00-04:00')),
    });
    const scheduler = await signedIn(t.app, 'scheduler');
    const before = await seriesCount();
    const series = { eventDateTime: iso('2032-05-05T09:00:00-04:00'), occurrences: 4 };
    const refused = await book(scheduler, series);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The therapist is busy on their external calendar on Wed 5/19/2032. Nothing was booked. Choose another time or allow double booking.',
    );
    const single = await book(scheduler, { eventDateTime: iso('2032-05-19T10:00:00-04:00') });
    expect(single.statusCode).toBe(409);
    expect(await seriesCount()).toBe(before);
    expect(
      await eventsBetween(
        ids.therapist1,
        iso('2032-05-05T00:00:00-04:00'),
        iso('2032-05-27T00:00:00-04:00'),
      ),
    ).toBe(0);
    const allowed = await book(scheduler, { ...series, allowDoubleBooking: true });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.calendar_event_ids).toHaveLength(4);
  });
});

describe('group appointments', () => {
  it('books a group series: the group on the event, one attendee per active member, the group service', async () => {
    const [leftLastYear, leavesMidSeries] = ids.members;
    await t.app.db
      .update(clientGroupMembers)
      .set({ leftOn: '2031-12-31' })
      .where(
        and(
          eq(clientGroupMembers.groupClientId, ids.group),
          eq(clientGroupMembers.clientId, leftLastYear ?? 0),
        ),
      );
    await t.app.db
      .update(clientGroupMembers)
      .set({ leftOn: '2032-06-16' })
      .where(
        and(
          eq(clientGroupMembers.groupClientId, ids.group),
          eq(clientGroupMembers.clientId, leavesMidSeries ?? 0),
        ),
      );
    const therapist1 = await signedIn(t.app, 'therapist1');
    const response = await therapist1.post(
      '/api/calendar/createAppointment',
      appointment({
        patientId: ids.group,
        products: [],
        eventDateTime: iso('2032-06-02T18:00:00-04:00'),
        occurrences: 3,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const eventIds: number[] = response.json().data.calendar_event_ids;
    const events = await t.app.db
      .select()
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, eventIds))
      .orderBy(asc(calendarEvents.startAt));
    expect(events.map((e) => [e.groupClientId, e.endAt.toISOString()])).toEqual([
      [ids.group, iso('2032-06-02T19:30:00-04:00')],
      [ids.group, iso('2032-06-09T19:30:00-04:00')],
      [ids.group, iso('2032-06-16T19:30:00-04:00')],
    ]);
    const active = ids.members.filter((m) => m !== leftLastYear);
    for (const [index, event] of events.entries()) {
      const attendees = await t.app.db
        .select()
        .from(calendarEventAttendees)
        .where(eq(calendarEventAttendees.eventId, event.id))
        .orderBy(asc(calendarEventAttendees.clientId));
      // The member who leaves on the 16th attends the first two sessions only.
      const expected = index < 2 ? active : active.filter((m) => m !== leavesMidSeries);
      expect(attendees.map((a) => a.clientId)).toEqual([...expected].sort((a, b) => a - b));
      expect(new Set(attendees.map((a) => a.productId))).toEqual(new Set([ids.groupProduct]));
    }
    // One row for the booking, naming the group and every member booked.
    const audits = await t.app.db
      .select({ patientIds: auditLog.patientIds, detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.appointment_created'),
          sql`${auditLog.detail}->>'groupClientId' = ${String(ids.group)}`,
        ),
      );
    expect(audits).toHaveLength(1);
    expect(new Set(audits[0]?.patientIds)).toEqual(new Set([ids.group, ...active]));
    expect(audits[0]?.detail).toMatchObject({
      kind: 'change',
      route: 'POST /api/calendar/createAppointment',
    });

    // The calendar shows the group, not a member.
    const window = await therapist1.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${ids.therapist1}&start=2032-06-02&end=2032-06-03`,
    );
    const [shown] = window.json().data;
    const [first] = await t.app.db
      .select()
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, eventIds[0] ?? 0))
      .orderBy(asc(calendarEventAttendees.id))
      .limit(1);
    expect(shown).toMatchObject({
      calendar_event_id: eventIds[0],
      user_id_patient: ids.group,
      patient_first_name: 'Tuesday Anxiety',
      patient_last_name: 'Group',
      isGroup: true,
      hasAlert: false,
      calendar_event_attendee_id: first?.id,
      attended_attendee_count: 0,
      series_id: response.json().data.series_id,
    });
    await t.app.db
      .update(calendarEventAttendees)
      .set({ attended: true })
      .where(
        and(
          eq(calendarEventAttendees.eventId, eventIds[0] ?? 0),
          inArray(calendarEventAttendees.clientId, active.slice(0, 2)),
        ),
      );
    const again = await therapist1.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${ids.therapist1}&start=2032-06-02&end=2032-06-03`,
    );
    expect(again.json().data[0].attended_attendee_count).toBe(2);
  });

  it('gates the group like a client, and refuses a group with nobody in it on a day', async () => {
    const therapist2 = await signedIn(t.app, 'therapist2');
    const notTheirs = await therapist2.post(
      '/api/calendar/createAppointment',
      appointment({
        therapistId: ids.therapist2,
        patientId: ids.group,
        products: [],
        eventDateTime: iso('2032-06-03T18:00:00-04:00'),
      }),
    );
    expect(notTheirs.statusCode).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    const otherPractice = await owner2.post(
      '/api/calendar/createAppointment',
      appointment({
        therapistId: ids.otherTherapist,
        patientId: ids.group,
        products: [],
        eventDateTime: iso('2032-06-03T18:00:00-04:00'),
      }),
    );
    expect(otherPractice.statusCode).toBe(404);
    // Everyone has left by 2032-12-01.
    await t.app.db
      .update(clientGroupMembers)
      .set({ leftOn: '2032-12-01' })
      .where(
        and(
          eq(clientGroupMembers.groupClientId, ids.group),
          sql`${clientGroupMembers.leftOn} is null`,
        ),
      );
    const scheduler = await signedIn(t.app, 'scheduler');
    const empty = await book(scheduler, {
      patientId: ids.group,
      products: [],
      eventDateTime: iso('2032-11-17T18:00:00-05:00'),
      occurrences: 3,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'This group has no active members on Wed 12/1/2032. Add members to the group before booking it.',
    );
    await t.app.db
      .update(clientGroupMembers)
      .set({ leftOn: null })
      .where(eq(clientGroupMembers.groupClientId, ids.group));
  });
});

describe('moving occurrences', () => {
  it("'this' moves only the occurrence, which stays in the series", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds, seriesId } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-07-05T09:00:00-04:00'),
      occurrences: 3,
    });
    const [, second] = eventIds;
    const response = await move(
      scheduler,
      second ?? 0,
      iso('2032-07-13T14:00:00-04:00'),
      iso('2032-07-13T15:00:00-04:00'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Event successfully rescheduled.',
      data: { calendar_event_ids: [second] },
    });
    const rows = await stored(eventIds);
    expect(rows.map((r) => [r.start, r.seriesId])).toEqual([
      [iso('2032-07-05T09:00:00-04:00'), seriesId],
      [iso('2032-07-13T14:00:00-04:00'), seriesId],
      [iso('2032-07-19T09:00:00-04:00'), seriesId],
    ]);
  });

  it("'following' shifts the live later occurrences by the same wall-clock change, skipping cancelled and attended", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-02-09T09:00:00-05:00'),
      occurrences: 6,
    });
    const [a, b, c, d, e, f] = eventIds as [number, number, number, number, number, number];
    await scheduler.post('/api/calendar/cancelEvent', { id: e, reason: 'Holiday' });
    await markAttended(f);
    // Drag the third (Feb 23, before the clocks change on 14 March) one hour later.
    const response = await move(
      scheduler,
      c,
      iso('2032-02-23T10:00:00-05:00'),
      iso('2032-02-23T11:00:00-05:00'),
      'following',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.calendar_event_ids).toEqual([c, d]);
    expect(await starts([a, b, c, d, e, f])).toEqual([
      iso('2032-02-09T09:00:00-05:00'),
      iso('2032-02-16T09:00:00-05:00'),
      iso('2032-02-23T10:00:00-05:00'),
      iso('2032-03-01T10:00:00-05:00'),
      iso('2032-03-08T09:00:00-05:00'),
      iso('2032-03-15T09:00:00-04:00'),
    ]);
    const audits = await t.app.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.appointment_rescheduled'),
          eq(auditLog.patientId, ids.margaret),
        ),
      );
    expect(audits.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({
        eventId: c,
        eventIds: [c, d],
        scope: 'following',
        kind: 'change',
        route: 'POST /api/calendar/rescheduleEvent',
      }),
    );
  });

  it("'series' keeps each occurrence's own offset and the wall-clock time across the clock change", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-03-02T13:00:00-05:00'),
      occurrences: 4,
    });
    const [a, b, c, d] = eventIds as [number, number, number, number];
    // The second was moved on its own to 15:00.
    expect(
      (await move(scheduler, b, iso('2032-03-09T15:00:00-05:00'), iso('2032-03-09T16:00:00-05:00')))
        .statusCode,
    ).toBe(200);
    // Now the whole series, dragged from the fourth: one day later and 30 minutes longer.
    const response = await move(
      scheduler,
      d,
      iso('2032-03-24T13:00:00-04:00'),
      iso('2032-03-24T14:30:00-04:00'),
      'series',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.calendar_event_ids).toEqual([a, b, c, d]);
    const rows = await stored([a, b, c, d]);
    expect(rows.map((r) => [r.start, r.end])).toEqual([
      [iso('2032-03-03T13:00:00-05:00'), iso('2032-03-03T14:30:00-05:00')],
      [iso('2032-03-10T15:00:00-05:00'), iso('2032-03-10T16:30:00-05:00')],
      [iso('2032-03-17T13:00:00-04:00'), iso('2032-03-17T14:30:00-04:00')],
      [iso('2032-03-24T13:00:00-04:00'), iso('2032-03-24T14:30:00-04:00')],
    ]);
  });

  it('moves the following occurrences a week or more without meeting their own old places', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-08-02T09:00:00-04:00'),
      occurrences: 3,
    });
    const [a, b, c] = eventIds as [number, number, number];
    const response = await move(
      scheduler,
      a,
      iso('2032-08-09T09:00:00-04:00'),
      iso('2032-08-09T10:00:00-04:00'),
      'following',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await starts([a, b, c])).toEqual([
      iso('2032-08-09T09:00:00-04:00'),
      iso('2032-08-16T09:00:00-04:00'),
      iso('2032-08-23T09:00:00-04:00'),
    ]);
    // They are back under the no-overlap rule.
    const flags = await t.app.db
      .select({ allow: calendarEvents.allowDoubleBooking })
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, [a, b, c]));
    expect(flags.every((r) => !r.allow)).toBe(true);
    expect(
      (
        await book(scheduler, {
          patientId: ids.bob,
          eventDateTime: iso('2032-08-23T09:30:00-04:00'),
        })
      ).statusCode,
    ).toBe(409);
  });

  it("409 naming the first day when a 'following' move would collide; nothing moves", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-09-06T09:00:00-04:00'),
      occurrences: 4,
    });
    expect(
      (
        await book(scheduler, {
          patientId: ids.bob,
          eventDateTime: iso('2032-09-20T10:30:00-04:00'),
        })
      ).statusCode,
    ).toBe(201);
    const before = await stored(eventIds);
    const response = await move(
      scheduler,
      eventIds[1] ?? 0,
      iso('2032-09-13T10:00:00-04:00'),
      iso('2032-09-13T11:00:00-04:00'),
      'following',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'On Mon 9/20/2032 the moved appointment would overlap another booking of this therapist, so nothing was moved. Choose another time.',
    );
    expect(await stored(eventIds)).toEqual(before);
  });

  it('still refuses a cancelled or attended occurrence with the reason (403)', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-10-04T09:00:00-04:00'),
      occurrences: 2,
    });
    const [a, b] = eventIds as [number, number];
    await markAttended(a);
    const attended = await move(
      scheduler,
      a,
      iso('2032-10-04T10:00:00-04:00'),
      iso('2032-10-04T11:00:00-04:00'),
      'series',
    );
    expect(attended.statusCode).toBe(403);
    expect(attended.json().message).toBe(
      'Attendance has been recorded for this appointment, so it cannot be moved. Reset the attendance first.',
    );
    await scheduler.post('/api/calendar/cancelEvent', { id: b, reason: 'x' });
    const cancelled = await move(
      scheduler,
      b,
      iso('2032-10-11T10:00:00-04:00'),
      iso('2032-10-11T11:00:00-04:00'),
      'following',
    );
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json().message).toBe('A cancelled event cannot be moved.');
  });
});

describe('cancelling occurrences', () => {
  it("'series' cancels every live occurrence not attended, before and after; the rest stay as they were", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-05T13:00:00-05:00'),
      occurrences: 5,
    });
    const [a, b, c, d, e] = eventIds as [number, number, number, number, number];
    await markAttended(a);
    await scheduler.post('/api/calendar/cancelEvent', { id: b, reason: 'Client is unwell' });
    const response = await scheduler.post('/api/calendar/cancelEvent', {
      id: d,
      reason: 'Moving away',
      scope: 'series',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.calendar_event_ids).toEqual([c, d, e]);
    const rows = await stored(eventIds);
    expect(rows.map((r) => [r.id, r.cancelled, r.reason])).toEqual([
      [a, false, null],
      [b, true, 'Client is unwell'],
      [c, true, 'Moving away'],
      [d, true, 'Moving away'],
      [e, true, 'Moving away'],
    ]);
    const again = await scheduler.post('/api/calendar/cancelEvent', {
      id: d,
      reason: 'x',
      scope: 'series',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Nothing in this choice can be cancelled: every appointment is already cancelled or has its attendance recorded.',
    );
    const attended = await scheduler.post('/api/calendar/cancelEvent', { id: a, reason: 'x' });
    expect(attended.statusCode).toBe(403);
    const audits = await t.app.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.appointment_cancelled'),
          eq(auditLog.patientId, ids.margaret),
        ),
      );
    expect(audits.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({
        eventIds: [c, d, e],
        scope: 'series',
        reason: 'Moving away',
        kind: 'change',
        route: 'POST /api/calendar/cancelEvent',
      }),
    );
  });

  it("'following' from a cancelled occurrence cancels the live later ones; 'this' on it is 409", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-06T13:00:00-05:00'),
      occurrences: 3,
    });
    const [a, b, c] = eventIds as [number, number, number];
    await scheduler.post('/api/calendar/cancelEvent', { id: b, reason: 'Flu' });
    const one = await scheduler.post('/api/calendar/cancelEvent', { id: b, reason: 'x' });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('This event is already cancelled.');
    const rest = await scheduler.post('/api/calendar/cancelEvent', {
      id: b,
      reason: 'Done',
      scope: 'following',
    });
    expect(rest.json().data.calendar_event_ids).toEqual([c]);
    expect((await stored(eventIds)).map((r) => [r.id, r.reason])).toEqual([
      [a, null],
      [b, 'Flu'],
      [c, 'Done'],
    ]);
  });
});

describe('POST /api/calendar/updateAppointment', () => {
  it("'following' changes location, telehealth and service of those occurrences only", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-12T15:00:00-05:00'),
      occurrences: 4,
    });
    const [a, b, c, d] = eventIds as [number, number, number, number];
    const toTelehealth = await scheduler.post('/api/calendar/updateAppointment', {
      calendar_event_id: c,
      scope: 'following',
      practiceLocationId: null,
      isTeletherapy: true,
      teletherapyPos: '10',
      productId: ids.product45,
    });
    expect(toTelehealth.statusCode, toTelehealth.body).toBe(200);
    expect(toTelehealth.json().data.calendar_event_ids).toEqual([c, d]);
    const rows = await stored(eventIds);
    expect(rows.map((r) => [r.id, r.locationId, r.isTelehealth, r.pos])).toEqual([
      [a, ids.location, false, null],
      [b, ids.location, false, null],
      [c, null, true, '10'],
      [d, null, true, '10'],
    ]);
    const products = await t.app.db
      .select({
        eventId: calendarEventAttendees.eventId,
        productId: calendarEventAttendees.productId,
      })
      .from(calendarEventAttendees)
      .where(inArray(calendarEventAttendees.eventId, eventIds))
      .orderBy(asc(calendarEventAttendees.eventId));
    expect(products.map((p) => p.productId)).toEqual([
      ids.product,
      ids.product,
      ids.product45,
      ids.product45,
    ]);
    // 'this' back to the office for one occurrence.
    const one = await scheduler.post('/api/calendar/updateAppointment', {
      calendar_event_id: d,
      scope: 'this',
      practiceLocationId: ids.otherLocation,
      isTeletherapy: false,
    });
    expect(one.json().data.calendar_event_ids).toEqual([d]);
    expect((await stored([c, d])).map((r) => [r.locationId, r.isTelehealth, r.pos])).toEqual([
      [null, true, '10'],
      [ids.otherLocation, false, null],
    ]);
    const audits = await t.app.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.appointment_updated'),
          eq(auditLog.patientId, ids.margaret),
        ),
      );
    expect(audits.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({
        eventIds: [c, d],
        scope: 'following',
        productId: ids.product45,
        kind: 'change',
        route: 'POST /api/calendar/updateAppointment',
      }),
    );
  });

  it("'series' duration: a collision is 409 naming the day with nothing written; else every live end moves", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-13T15:00:00-05:00'),
      occurrences: 3,
    });
    const [a, b, c] = eventIds as [number, number, number];
    await markAttended(a);
    const other = await book(scheduler, {
      patientId: ids.bob,
      eventDateTime: iso('2032-01-27T16:15:00-05:00'),
    });
    expect(other.statusCode).toBe(201);
    const before = await stored(eventIds);
    const longer = {
      calendar_event_id: b,
      scope: 'series',
      duration: 90,
      practiceLocationId: ids.otherLocation,
    };
    const refused = await scheduler.post('/api/calendar/updateAppointment', longer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'On Tue 1/27/2032 the longer appointment would overlap another booking of this therapist, so nothing was changed. Choose a shorter duration or another time.',
    );
    expect(await stored(eventIds)).toEqual(before);
    const fits = await scheduler.post('/api/calendar/updateAppointment', {
      ...longer,
      duration: 75,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().data.calendar_event_ids).toEqual([b, c]);
    expect((await stored(eventIds)).map((r) => [r.end, r.locationId])).toEqual([
      [iso('2032-01-13T16:00:00-05:00'), ids.location],
      [iso('2032-01-20T16:15:00-05:00'), ids.otherLocation],
      [iso('2032-01-27T16:15:00-05:00'), ids.otherLocation],
    ]);
  });

  it('refuses nothing to change, a meeting, a product of another practice and an attended occurrence', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-01-14T15:00:00-05:00'),
      occurrences: 2,
    });
    const [a] = eventIds as [number, number];
    const nothing = await scheduler.post('/api/calendar/updateAppointment', {
      calendar_event_id: a,
      scope: 'this',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Choose something to change.');
    const [foreignProduct] = await rowsOf<{ id: number }>(
      t.app.db,
      sql`select id from products where practice_id <> ${ids.practice} order by id limit 1`,
    );
    const foreign = await scheduler.post('/api/calendar/updateAppointment', {
      calendar_event_id: a,
      scope: 'series',
      productId: foreignProduct?.id,
    });
    expect(foreign.statusCode).toBe(400);
    const meeting = await scheduler.post('/api/calendar/createMeeting', {
      therapistId: ids.therapist1,
      startDateTime: iso('2032-01-14T08:00:00-05:00'),
      duration: 30,
    });
    const onMeeting = await scheduler.post('/api/calendar/updateAppointment', {
      calendar_event_id: meeting.json().data.calendar_event_id,
      scope: 'this',
      duration: 45,
    });
    expect(onMeeting.statusCode).toBe(400);
    await markAttended(a);
    const attended = await scheduler.post('/api/calendar/updateAppointment', {
      calendar_event_id: a,
      scope: 'this',
      duration: 45,
    });
    expect(attended.statusCode).toBe(403);
    expect(attended.json().message).toBe(
      'Attendance has been recorded for this appointment, so it cannot be changed. Reset the attendance first.',
    );
  });
});

describe('GET /api/calendar/series/:eventId', () => {
  it('lists every occurrence with its state; an event outside a series is listed alone', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds, seriesId } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-12-06T09:00:00-05:00'),
      untilDate: '2032-12-20',
      intervalWeeks: 2,
    });
    const [a, b] = eventIds as [number, number];
    await markAttended(a);
    await scheduler.post('/api/calendar/cancelEvent', { id: b, reason: 'x' });
    const response = await scheduler.get(`/api/calendar/series/${b}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      seriesId,
      intervalWeeks: 2,
      untilDate: '2032-12-20',
      timezone: 'America/New_York',
      occurrences: [
        {
          calendar_event_id: a,
          start_date_time: iso('2032-12-06T09:00:00-05:00'),
          end_date_time: iso('2032-12-06T10:00:00-05:00'),
          cancelled: false,
          attended: true,
        },
        {
          calendar_event_id: b,
          start_date_time: iso('2032-12-20T09:00:00-05:00'),
          end_date_time: iso('2032-12-20T10:00:00-05:00'),
          cancelled: true,
          attended: false,
        },
      ],
    });
    const single = await book(scheduler, { eventDateTime: iso('2032-12-07T09:00:00-05:00') });
    const singleId = single.json().data.calendar_event_ids[0];
    const alone = await scheduler.get(`/api/calendar/series/${singleId}`);
    expect(alone.json().data).toMatchObject({
      seriesId: null,
      intervalWeeks: null,
      untilDate: null,
      occurrences: [{ calendar_event_id: singleId, cancelled: false, attended: false }],
    });
    const missing = await scheduler.get('/api/calendar/series/2147483000');
    expect(missing.statusCode).toBe(404);
    expect((await scheduler.get('/api/calendar/series/abc')).statusCode).toBe(400);
  });

  it('keeps the second practice and other therapists out: nothing read, nothing changed', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const { eventIds } = await bookSeries(scheduler, {
      eventDateTime: iso('2032-12-08T09:00:00-05:00'),
      occurrences: 3,
    });
    const [a] = eventIds as [number, number, number];
    const before = await stored(eventIds);
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await owner2.get(`/api/calendar/series/${a}`)).statusCode).toBe(404);
    const moveFromOther = await move(
      owner2,
      a,
      iso('2032-12-08T11:00:00-05:00'),
      iso('2032-12-08T12:00:00-05:00'),
      'series',
    );
    expect(moveFromOther.statusCode).toBe(404);
    expect(
      (await owner2.post('/api/calendar/cancelEvent', { id: a, reason: 'x', scope: 'series' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await owner2.post('/api/calendar/updateAppointment', {
          calendar_event_id: a,
          scope: 'series',
          duration: 30,
        })
      ).statusCode,
    ).toBe(404);
    const therapist2 = await signedIn(t.app, 'therapist2');
    const colleague = await therapist2.get(`/api/calendar/series/${a}`);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe('You can see and change only your own calendar.');
    expect(
      (await therapist2.post('/api/calendar/cancelEvent', { id: a, reason: 'x', scope: 'series' }))
        .statusCode,
    ).toBe(403);
    const frontoffice = await signedIn(t.app, 'frontoffice');
    expect((await frontoffice.get(`/api/calendar/series/${a}`)).statusCode).toBe(200);
    expect(await stored(eventIds)).toEqual(before);
  });
});

describe('the demo group series', () => {
  it('is a weekly series of the group, 18:00-19:30 on Wednesdays, with the members as attendees', async () => {
    const [event] = await rowsOf<{ id: number; seriesId: number }>(
      t.app.db,
      sql`select e.id, e.series_id as "seriesId" from calendar_events e
          where e.group_client_id = ${ids.group} and e.series_id is not null
            and e.start_at < now() - interval '3 weeks'
          order by e.start_at limit 1`,
    );
    expect(event).toBeDefined();
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get(`/api/calendar/series/${event?.id}`);
    const data = response.json().data;
    expect(data).toMatchObject({ seriesId: event?.seriesId, intervalWeeks: 1 });
    expect(data.occurrences).toHaveLength(13);
    expect(
      data.occurrences.filter((o: { attended: boolean }) => o.attended).length,
    ).toBeGreaterThanOrEqual(4);
    const local = await rowsOf<{ dow: number; start: string; end: string; attendees: number }>(
      t.app.db,
      sql`select distinct extract(dow from e.start_at at time zone 'America/New_York')::int as dow,
            to_char(e.start_at at time zone 'America/New_York', 'HH24:MI') as start,
            to_char(e.end_at at time zone 'America/New_York', 'HH24:MI') as end,
            (select count(*)::int from calendar_event_attendees a where a.event_id = e.id) as attendees
          from calendar_events e where e.series_id = ${event?.seriesId ?? 0}`,
    );
    expect(local).toEqual([
      { dow: 3, start: '18:00', end: '19:30', attendees: ids.members.length },
    ]);
  });
});
