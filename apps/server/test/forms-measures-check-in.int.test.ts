import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Measures sent on check-in (issue 18 item 6): a schedule "before every other appointment"
 * gives the PHQ-9 as the client checks in for the first appointment, not the second; checking
 * in again for the same appointment counts it once; the check-in's audit row names what was
 * given. The clock stands in 2031, far from the seeded calendar.
 */

/** Wednesday 11 June 2031, noon in New York. */
const BASE = Date.parse('2031-06-11T16:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let therapist1: Browser;
let ids: { therapist1: number; margaret: number; location: number; phq9: number };

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.app.db, query);
const one = async (query: ReturnType<typeof sql>) =>
  (await rows<{ id: number }>(query))[0]?.id ?? 0;

beforeAll(async () => {
  t = await testApp();
  t.clock.set(new Date(BASE));
  const practice1 = await one(sql`select id from practices order by id limit 1`);
  ids = {
    therapist1: await one(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
    ),
    margaret: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    location: await one(
      sql`select id from locations where practice_id = ${practice1} and is_default`,
    ),
    phq9: await one(
      sql`select id from form_definitions where practice_id = ${practice1} and library_key = 'phq9'`,
    ),
  };
  therapist1 = await signedIn(t.app, 'therapist1');
});
afterAll(() => t.close());

async function bookAt(startMs: number): Promise<number> {
  const response = await therapist1.post('/api/calendar/createAppointment', {
    therapistId: ids.therapist1,
    patientId: ids.margaret,
    practiceLocationId: ids.location,
    isTeletherapy: false,
    eventDateTime: new Date(startMs).toISOString(),
    duration: 60,
    products: [],
    allowDoubleBooking: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { calendar_event_ids: number[] } }>().data.calendar_event_ids[0]!;
}

const checkIn = (eventId: number) =>
  therapist1.post('/api/calendarEvent/togglePatientCheckedIn', {
    calendarEventId: eventId,
    patientId: ids.margaret,
  });

const scheduleRow = async () =>
  (
    await rows<{ seen: number; given: number }>(
      sql`select appointments_seen as seen, times_given as given from measure_schedules
          where client_id = ${ids.margaret} and measure = 'phq9'`,
    )
  )[0];

const scheduledAssignments = async () =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from client_form_assignments
          where client_id = ${ids.margaret} and form_definition_id = ${ids.phq9} and source = 'schedule'`,
    )
  )[0]!.n;

describe('measures given on check-in', () => {
  it('gives the PHQ-9 at the first appointment of an every-other schedule, once, and audits it', async () => {
    expect(ids.margaret && ids.phq9 && ids.location).toBeTruthy();
    const saved = await therapist1.request(
      'PUT',
      `/api/measures/clients/${ids.margaret}/schedules/phq9`,
      { frequency: 'every_other_appointment', active: true },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await bookAt(BASE + 10 * MINUTE);
    const second = await bookAt(BASE + DAY + 10 * MINUTE);

    const on = await checkIn(first);
    expect(on.statusCode, on.body).toBe(200);
    expect(await scheduledAssignments()).toBe(1);
    expect(await scheduleRow()).toEqual({ seen: 1, given: 1 });
    const [audit] = await rows<{ detail: { measuresGiven?: string[] } }>(
      sql`select detail from audit_log where action = 'client.checked_in'
          and detail->>'eventId' = ${String(first)} order by id desc limit 1`,
    );
    expect(audit?.detail.measuresGiven).toEqual(['phq9']);

    // Taken back and given again: the same appointment, counted once, nothing given twice.
    expect((await checkIn(first)).statusCode).toBe(200);
    expect((await checkIn(first)).statusCode).toBe(200);
    expect(await scheduleRow()).toEqual({ seen: 1, given: 1 });
    expect(await scheduledAssignments()).toBe(1);

    // The next appointment is the "other" one: counted, nothing given.
    t.clock.set(new Date(BASE + DAY));
    therapist1 = await signedIn(t.app, 'therapist1');
    expect((await checkIn(second)).statusCode).toBe(200);
    expect(await scheduleRow()).toEqual({ seen: 2, given: 1 });
    expect(await scheduledAssignments()).toBe(1);
  });

  it('a paused schedule gives nothing and counts nothing', async () => {
    await therapist1.request('PUT', `/api/measures/clients/${ids.margaret}/schedules/phq9`, {
      frequency: 'every_other_appointment',
      active: false,
    });
    const third = await bookAt(BASE + DAY + 5 * MINUTE);
    expect((await checkIn(third)).statusCode).toBe(200);
    expect(await scheduleRow()).toEqual({ seen: 2, given: 1 });
  });
});
