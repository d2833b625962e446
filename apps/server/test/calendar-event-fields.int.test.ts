import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { calendarEventAttendees } from '../src/db/schema/index.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

/**
 * What the calendar draws beyond spec-1 §3's fields (issue 15): the service an
 * appointment is for (its CPT code, shown in the event's text) and how many
 * attendees still have no attendance recorded (a past one is drawn as
 * 'Attendance not recorded').
 */

let t: TestApp;
let ids: { therapist: number; client: number; product: number };

beforeAll(async () => {
  t = await testApp();
  const one = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: number }>(t.app.db, query))[0]?.id ?? 0;
  ids = {
    therapist: await one(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist2'`,
    ),
    client: await one(
      sql`select id from clients where last_name = 'Hamilton' and first_name = 'Margaret' limit 1`,
    ),
    product: await one(
      sql`select p.id from products p join therapists t on t.practice_id = p.practice_id
          where t.user_id = (select id from users where username = 'therapist2') and p.cpt_code = '90834'`,
    ),
  };
});
afterAll(() => t.close());

/** A day far ahead of the demo calendar that no other test books. */
const START = '2033-04-05T14:00:00.000Z';

describe('GET /api/calendar/getTherapistAppointments: service and attendance', () => {
  it('names the service and counts attendees without attendance until it is recorded', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const booked = await scheduler.post('/api/calendar/createAppointment', {
      therapistId: ids.therapist,
      patientId: ids.client,
      practiceLocationId: null,
      isTeletherapy: false,
      eventDateTime: START,
      products: [{ productId: ids.product }],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const eventId: number = booked.json().data.calendar_event_ids[0];
    const read = async () => {
      const response = await scheduler.get(
        `/api/calendar/getTherapistAppointments?therapistIds=${ids.therapist}&start=2033-04-05&end=2033-04-06`,
      );
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .data.find((e: { calendar_event_id: number }) => e.calendar_event_id === eventId);
    };

    expect(await read()).toMatchObject({ service_code: '90834', unrecorded_attendee_count: 1 });

    await t.app.db
      .update(calendarEventAttendees)
      .set({ attended: false })
      .where(eq(calendarEventAttendees.eventId, eventId));
    expect(await read()).toMatchObject({ service_code: '90834', unrecorded_attendee_count: 0 });
  });

  it('sends no service for a meeting, and no attendees to record', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const made = await scheduler.post('/api/calendar/createMeeting', {
      therapistId: ids.therapist,
      startDateTime: '2033-04-06T14:00:00.000Z',
      duration: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    const response = await scheduler.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${ids.therapist}&start=2033-04-06&end=2033-04-07`,
    );
    const meeting = response
      .json()
      .data.find(
        (e: { calendar_event_id: number }) =>
          e.calendar_event_id === made.json().data.calendar_event_id,
      );
    expect(meeting).toMatchObject({ service_code: null, unrecorded_attendee_count: 0 });
  });
});
