import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, calendarEventAttendees, calendarEvents } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Rescheduling without dragging (issue 15 item 1): the edit dialogs' calls move an
 * appointment or a meeting to another date, time, length, therapist and location in one
 * call, by the same rule as a drag (placeEvents): without double booking a taken place is
 * 409 and nothing at all changes; with it the move is made, as a booking with it is. A
 * series moves only the occurrences of the scope chosen. The demo practice is in New York;
 * every test takes its own days in 2033, which nothing else books.
 */

const SLOT_TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';

let t: TestApp;
let ids: {
  therapist1: number;
  therapist2: number;
  otherTherapist: number;
  margaret: number;
  bob: number;
  product: number;
  product45: number;
  location: number;
  otherLocation: number;
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
  ids = {
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
    location: await one(
      sql`select id from locations where practice_id = ${practice} and is_default`,
    ),
    otherLocation: await one(
      sql`select id from locations where practice_id = ${practice} and not is_default order by id limit 1`,
    ),
  };
  expect(Object.values(ids).every((id) => id > 0)).toBe(true);
});
afterAll(() => t.close());

/** An ISO instant ('…Z') of a New York wall-clock time written with its offset. */
const iso = (local: string) => new Date(local).toISOString();

async function book(browser: Browser, over: Record<string, unknown> = {}) {
  const response = await browser.post('/api/calendar/createAppointment', {
    therapistId: ids.therapist1,
    patientId: ids.margaret,
    practiceLocationId: ids.location,
    isTeletherapy: false,
    eventDateTime: iso('2033-01-10T09:00:00-05:00'),
    products: [{ productId: ids.product, duration: 60 }],
    ...over,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { calendar_event_ids: number[] } }>().data.calendar_event_ids;
}

const edit = (browser: Browser, body: Record<string, unknown>) =>
  browser.post('/api/calendar/updateAppointment', body);

/** What the database holds for these events, by id. */
async function stored(eventIds: readonly number[]) {
  const rows = await t.app.db
    .select()
    .from(calendarEvents)
    .where(inArray(calendarEvents.id, [...eventIds]))
    .orderBy(asc(calendarEvents.id));
  const products = await t.app.db
    .select({
      eventId: calendarEventAttendees.eventId,
      productId: calendarEventAttendees.productId,
    })
    .from(calendarEventAttendees)
    .where(inArray(calendarEventAttendees.eventId, [...eventIds]));
  return rows.map((r) => ({
    id: r.id,
    start: r.startAt.toISOString(),
    end: r.endAt.toISOString(),
    therapistId: r.therapistId,
    locationId: r.locationId,
    allowDoubleBooking: r.allowDoubleBooking,
    cancelled: r.cancelledAt !== null,
    productIds: products.filter((p) => p.eventId === r.id).map((p) => p.productId),
  }));
}

const conflicts = async (
  browser: Browser,
  query: { therapistId: number; start: string; duration: number; exceptEventId?: number },
) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const response = await browser.get(`/api/availability/countConflicts?${qs.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { conflictCount: number } }>().data.conflictCount;
};

async function markAttended(eventId: number) {
  await t.app.db
    .update(calendarEventAttendees)
    .set({ attended: true })
    .where(eq(calendarEventAttendees.eventId, eventId));
}

describe('the appointment edit call moves an appointment', () => {
  it('changes date, time, length, therapist, location and service in one call, and audits it', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [eventId = 0] = await book(scheduler);
    const response = await edit(scheduler, {
      calendar_event_id: eventId,
      start: iso('2033-01-12T14:30:00-05:00'),
      duration: 45,
      therapistId: ids.therapist2,
      practiceLocationId: ids.otherLocation,
      isTeletherapy: false,
      productId: ids.product45,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Appointment updated.',
      data: { calendar_event_ids: [eventId] },
    });
    expect(await stored([eventId])).toEqual([
      {
        id: eventId,
        start: iso('2033-01-12T14:30:00-05:00'),
        end: iso('2033-01-12T15:15:00-05:00'),
        therapistId: ids.therapist2,
        locationId: ids.otherLocation,
        allowDoubleBooking: false,
        cancelled: false,
        productIds: [ids.product45],
      },
    ]);
    const [audit] = await t.app.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'client.appointment_updated'),
          eq(auditLog.patientId, ids.margaret),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({
      eventIds: [eventId],
      to: iso('2033-01-12T14:30:00-05:00'),
      therapistId: ids.therapist2,
      duration: 45,
    });
  });

  it('moves only the time, keeping the length, when no duration is given', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [eventId = 0] = await book(scheduler, {
      eventDateTime: iso('2033-01-17T09:00:00-05:00'),
      products: [{ productId: ids.product, duration: 50 }],
    });
    const response = await edit(scheduler, {
      calendar_event_id: eventId,
      start: iso('2033-01-18T11:00:00-05:00'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored([eventId])).toMatchObject([
      {
        start: iso('2033-01-18T11:00:00-05:00'),
        end: iso('2033-01-18T11:50:00-05:00'),
        therapistId: ids.therapist1,
        locationId: ids.location,
      },
    ]);
  });
});

describe('conflicts and the double-booking override', () => {
  it('refuses a taken time without the override (409, nothing changed) and moves it with the override', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [eventId = 0] = await book(scheduler, {
      eventDateTime: iso('2033-02-07T09:00:00-05:00'),
    });
    const [otherId = 0] = await book(scheduler, {
      patientId: ids.bob,
      eventDateTime: iso('2033-02-07T13:00:00-05:00'),
    });
    const target = iso('2033-02-07T12:30:00-05:00');
    // The dialog's count: Bob's appointment meets the new time; its own place is no conflict.
    expect(
      await conflicts(scheduler, {
        therapistId: ids.therapist1,
        start: target,
        duration: 60,
        exceptEventId: eventId,
      }),
    ).toBe(1);
    expect(
      await conflicts(scheduler, {
        therapistId: ids.therapist1,
        start: iso('2033-02-07T09:30:00-05:00'),
        duration: 60,
        exceptEventId: eventId,
      }),
    ).toBe(0);
    expect(
      await conflicts(scheduler, {
        therapistId: ids.therapist1,
        start: iso('2033-02-07T09:30:00-05:00'),
        duration: 60,
      }),
    ).toBe(1);

    const before = await stored([eventId, otherId]);
    const change = {
      calendar_event_id: eventId,
      start: target,
      duration: 60,
      practiceLocationId: ids.otherLocation,
    };
    const refused = await edit(scheduler, change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SLOT_TAKEN);
    // Not even the location of the same request was written.
    expect(await stored([eventId, otherId])).toEqual(before);

    const allowed = await edit(scheduler, { ...change, allowDoubleBooking: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await stored([eventId])).toMatchObject([
      {
        start: target,
        end: iso('2033-02-07T13:30:00-05:00'),
        locationId: ids.otherLocation,
        allowDoubleBooking: true,
      },
    ]);

    // Moved again to a free time without the override, it is back under the no-overlap rule.
    const free = await edit(scheduler, {
      calendar_event_id: eventId,
      start: iso('2033-02-07T15:00:00-05:00'),
    });
    expect(free.statusCode, free.body).toBe(200);
    expect((await stored([eventId]))[0]?.allowDoubleBooking).toBe(false);
  });

  it("checks the new therapist's calendar when the therapist changes", async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [eventId = 0] = await book(scheduler, {
      eventDateTime: iso('2033-02-08T09:00:00-05:00'),
    });
    await book(scheduler, {
      therapistId: ids.therapist2,
      patientId: ids.bob,
      eventDateTime: iso('2033-02-08T09:00:00-05:00'),
    });
    const before = await stored([eventId]);
    const refused = await edit(scheduler, {
      calendar_event_id: eventId,
      therapistId: ids.therapist2,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SLOT_TAKEN);
    expect(await stored([eventId])).toEqual(before);
    const allowed = await edit(scheduler, {
      calendar_event_id: eventId,
      therapistId: ids.therapist2,
      allowDoubleBooking: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await stored([eventId]))[0]?.therapistId).toBe(ids.therapist2);
  });

  it('a location or service change never asks about double booking', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [first = 0] = await book(scheduler, { eventDateTime: iso('2033-02-09T09:00:00-05:00') });
    await book(scheduler, {
      patientId: ids.bob,
      eventDateTime: iso('2033-02-09T09:30:00-05:00'),
      allowDoubleBooking: true,
    });
    // The same length as now: no move, so the overlap it was booked beside does not matter.
    const response = await edit(scheduler, {
      calendar_event_id: first,
      practiceLocationId: ids.otherLocation,
      duration: 60,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored([first]))[0]?.locationId).toBe(ids.otherLocation);
  });

  it('a drag decides double booking afresh too: a double-booked appointment dragged onto a booking is 409', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    await book(scheduler, { eventDateTime: iso('2033-02-10T09:00:00-05:00') });
    const [doubled = 0] = await book(scheduler, {
      patientId: ids.bob,
      eventDateTime: iso('2033-02-10T09:00:00-05:00'),
      allowDoubleBooking: true,
    });
    const drag = {
      calendar_event_id: doubled,
      calendar_event_starttime: iso('2033-02-10T09:15:00-05:00'),
      calendar_event_endtime: iso('2033-02-10T10:15:00-05:00'),
      calendar_event_allday: 0,
    };
    const refused = await scheduler.post('/api/calendar/rescheduleEvent', drag);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SLOT_TAKEN);
    expect((await stored([doubled]))[0]?.start).toBe(iso('2033-02-10T09:00:00-05:00'));
    const allowed = await scheduler.post('/api/calendar/rescheduleEvent', {
      ...drag,
      allowDoubleBooking: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await stored([doubled]))[0]?.start).toBe(iso('2033-02-10T09:15:00-05:00'));
  });
});

describe('series scopes through the edit call', () => {
  async function series(start: string, count: number) {
    const scheduler = await signedIn(t.app, 'scheduler');
    return {
      scheduler,
      eventIds: await book(scheduler, { eventDateTime: start, occurrences: count }),
    };
  }

  it("'this' moves the occurrence alone; it stays in its series", async () => {
    const { scheduler, eventIds } = await series(iso('2033-03-01T10:00:00-05:00'), 3);
    const [a = 0, b = 0, c = 0] = eventIds;
    const response = await edit(scheduler, {
      calendar_event_id: b,
      scope: 'this',
      start: iso('2033-03-09T16:00:00-05:00'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.calendar_event_ids).toEqual([b]);
    expect((await stored([a, b, c])).map((r) => r.start)).toEqual([
      iso('2033-03-01T10:00:00-05:00'),
      iso('2033-03-09T16:00:00-05:00'),
      iso('2033-03-15T10:00:00-04:00'),
    ]);
  });

  it("'following' shifts it and the later live ones by the same wall-clock change, skipping attended and cancelled", async () => {
    const { scheduler, eventIds } = await series(iso('2033-03-02T10:00:00-05:00'), 5);
    const [a = 0, b = 0, c = 0, d = 0, e = 0] = eventIds;
    await markAttended(e);
    await scheduler.post('/api/calendar/cancelEvent', { id: d, reason: 'Away' });
    // From the second: a day later at 11:00 and 45 minutes, across the clock change of 13 March.
    const response = await edit(scheduler, {
      calendar_event_id: b,
      scope: 'following',
      start: iso('2033-03-10T11:00:00-05:00'),
      duration: 45,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.calendar_event_ids).toEqual([b, c]);
    expect((await stored([a, b, c, d, e])).map((r) => [r.start, r.end])).toEqual([
      [iso('2033-03-02T10:00:00-05:00'), iso('2033-03-02T11:00:00-05:00')],
      [iso('2033-03-10T11:00:00-05:00'), iso('2033-03-10T11:45:00-05:00')],
      [iso('2033-03-17T11:00:00-04:00'), iso('2033-03-17T11:45:00-04:00')],
      [iso('2033-03-23T10:00:00-04:00'), iso('2033-03-23T11:00:00-04:00')],
      [iso('2033-03-30T10:00:00-04:00'), iso('2033-03-30T11:00:00-04:00')],
    ]);
  });

  it("'series' moves every live occurrence to another therapist; a taken day is 409 naming it, nothing moved, until the override", async () => {
    const { scheduler, eventIds } = await series(iso('2033-04-04T10:00:00-04:00'), 3);
    const [a = 0, b = 0, c = 0] = eventIds;
    await book(scheduler, {
      therapistId: ids.therapist2,
      patientId: ids.bob,
      eventDateTime: iso('2033-04-18T10:30:00-04:00'),
    });
    const before = await stored(eventIds);
    const change = { calendar_event_id: a, scope: 'series', therapistId: ids.therapist2 };
    const refused = await edit(scheduler, change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'On Mon 4/18/2033 the moved appointment would overlap another booking of this therapist, so nothing was moved. Choose another time.',
    );
    expect(await stored(eventIds)).toEqual(before);
    const allowed = await edit(scheduler, { ...change, allowDoubleBooking: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.calendar_event_ids).toEqual([a, b, c]);
    expect((await stored(eventIds)).map((r) => [r.therapistId, r.start])).toEqual([
      [ids.therapist2, iso('2033-04-04T10:00:00-04:00')],
      [ids.therapist2, iso('2033-04-11T10:00:00-04:00')],
      [ids.therapist2, iso('2033-04-18T10:00:00-04:00')],
    ]);
  });
});

describe('bad input changes nothing', () => {
  it('refuses an unknown or other-practice therapist, a colleague for a therapist-only user, and a bad start', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const [eventId = 0] = await book(scheduler, {
      eventDateTime: iso('2033-05-02T09:00:00-04:00'),
    });
    const before = await stored([eventId]);
    const foreign = await edit(scheduler, {
      calendar_event_id: eventId,
      therapistId: ids.otherTherapist,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Choose an active therapist of this practice.');
    const badStart = await edit(scheduler, {
      calendar_event_id: eventId,
      start: '2033-05-02 10:00',
    });
    expect(badStart.statusCode).toBe(400);
    const therapist1 = await signedIn(t.app, 'therapist1');
    const colleague = await edit(therapist1, {
      calendar_event_id: eventId,
      therapistId: ids.therapist2,
    });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe('You can see and change only your own calendar.');
    const frontoffice = await signedIn(t.app, 'frontoffice');
    expect(
      (
        await edit(frontoffice, {
          calendar_event_id: eventId,
          start: iso('2033-05-02T11:00:00-04:00'),
        })
      ).statusCode,
    ).toBe(403);
    expect(await stored([eventId])).toEqual(before);
  });
});

describe('the meeting edit call', () => {
  it('moves a meeting to another therapist and time; a taken slot is 409 unless double booking is allowed', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const created = await scheduler.post('/api/calendar/createMeeting', {
      therapistId: ids.therapist1,
      startDateTime: iso('2033-06-06T09:00:00-04:00'),
      duration: 30,
      eventName: 'Supervision',
    });
    expect(created.statusCode, created.body).toBe(201);
    const meetingId = created.json<{ data: { calendar_event_id: number } }>().data
      .calendar_event_id;
    await book(scheduler, {
      therapistId: ids.therapist2,
      patientId: ids.bob,
      eventDateTime: iso('2033-06-06T14:00:00-04:00'),
    });
    const before = await stored([meetingId]);
    const change = {
      calendar_event_id: meetingId,
      eventName: 'Supervision',
      startDateTime: iso('2033-06-06T14:15:00-04:00'),
      duration: 45,
      allDay: false,
      therapistId: ids.therapist2,
    };
    const refused = await scheduler.post('/api/calendar/updateMeeting', change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SLOT_TAKEN);
    expect(await stored([meetingId])).toEqual(before);
    const allowed = await scheduler.post('/api/calendar/updateMeeting', {
      ...change,
      allowDoubleBooking: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({
      therapistId: ids.therapist2,
      start: iso('2033-06-06T14:15:00-04:00'),
      end: iso('2033-06-06T15:00:00-04:00'),
    });
    expect((await stored([meetingId]))[0]?.allowDoubleBooking).toBe(true);
  });
});
