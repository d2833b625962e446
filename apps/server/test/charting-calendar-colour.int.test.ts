import { CALENDAR_COLOURS, allNormalMse, deniesAllRisk } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import type { Browser } from './harness.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Charting on the calendar (issue 17 item 7, spec-1 §4 'Calendar item colour'): a signed
 * note turns its event #999999 in the served window — also when that window was cached
 * before the signature — a draft's autosave does not make calendars refetch, and a group
 * with fewer locked charts than attended members stays unlocked (the group chart warning).
 */

let t: TestApp;
let therapist: Browser; // therapist1: licensed, signs alone
let therapistId: number;

type WindowEvent = {
  calendar_event_id: number;
  patient_chart_locked_count: number;
  attended_attendee_count: number;
  isGroup: boolean;
  calendar_color: string | null;
};

const DAY = '2026-03-10';
const windowUrl = () =>
  `/api/calendar/getTherapistAppointments?therapistIds=${therapistId}&start=${DAY}&end=2026-03-11`;

async function eventInWindow(eventId: number): Promise<WindowEvent | undefined> {
  const response = await therapist.get(windowUrl());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: WindowEvent[] }>().data.find((e) => e.calendar_event_id === eventId);
}

async function calendarVersion(): Promise<number> {
  const [row] = await rowsOf<{ version: number }>(
    t.database.db,
    sql`select version::int as version from calendar_versions where practice_id = 1`,
  );
  return row?.version ?? 0;
}

/** A past attended appointment on DAY with the given clients; the group's own client if any. */
async function session(hourUtc: number, clientIds: number[], groupClientId: number | null = null) {
  const start = `${DAY}T${String(hourUtc).padStart(2, '0')}:00:00Z`;
  const end = `${DAY}T${String(hourUtc).padStart(2, '0')}:50:00Z`;
  const [event] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking, group_client_id)
        values (1, ${therapistId}, 'appointment', ${start}, ${end}, true, ${groupClientId}) returning id`,
  );
  const attendees: number[] = [];
  for (const clientId of clientIds) {
    const [attendee] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`insert into calendar_event_attendees (event_id, client_id, attended)
          values (${event!.id}, ${clientId}, true) returning id`,
    );
    attendees.push(attendee!.id);
  }
  return { eventId: event!.id, attendees };
}

beforeAll(async () => {
  t = await testApp();
  therapist = await signedIn(t.app, 'therapist1');
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  );
  therapistId = row!.id;
});
afterAll(() => t.close());

describe('a signed note on the calendar', () => {
  it('turns the event #999999, though the window was served (and cached) before', async () => {
    const [client] = await rowsOf<{ id: number }>(
      t.database.db,
      // Uninsured: signing an insured client's note makes its claim, whose green outranks grey.
      sql`select c.id from client_therapists ct join clients c on c.id = ct.client_id
          where ct.therapist_id = ${therapistId} and not c.is_group
            and not exists (select 1 from client_insurances ci where ci.client_id = c.id and ci.is_current)
          order by c.id limit 1`,
    );
    const { eventId, attendees } = await session(15, [client!.id]);
    expect(await eventInWindow(eventId)).toMatchObject({
      patient_chart_locked_count: 0,
      calendar_color: CALENDAR_COLOURS.appointment,
    });

    const opened = await therapist.post('/api/charting/notes', { attendeeId: attendees[0] });
    expect(opened.statusCode, opened.body).toBe(200);
    const note = opened.json<{ data: { noteId: number; updatedAt: string } }>().data;
    const before = await calendarVersion();
    const saved = await therapist.request('PUT', `/api/charting/notes/${note.noteId}`, {
      content: {
        subjective: 'Calmer this week.',
        objective: 'Engaged.',
        mse: allNormalMse(),
        assessment: 'Improving.',
        risk: deniesAllRisk(),
        plan: 'Weekly sessions.',
      },
      diagnosisCodes: ['F41.1'],
      updatedAt: note.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Autosaving a draft is not a change to the calendar: open calendars keep their window.
    expect(await calendarVersion()).toBe(before);
    expect(await eventInWindow(eventId)).toMatchObject({ patient_chart_locked_count: 0 });

    const verified = await therapist.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
    expect(verified.json()).toEqual({ verified: true });
    const signed = await therapist.post(`/api/charting/notes/${note.noteId}/sign`, {});
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<{ data: { status: string } }>().data.status).toBe('locked');
    expect(await calendarVersion()).toBeGreaterThan(before);
    expect(await eventInWindow(eventId)).toMatchObject({
      patient_chart_locked_count: 1,
      calendar_color: CALENDAR_COLOURS.chartLocked,
    });
  });
});

describe('a group session on the calendar', () => {
  it('keeps the group unlocked until every attended member is charted', async () => {
    const [group] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from clients where practice_id = 1 and is_group order by id limit 1`,
    );
    const members = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from clients where practice_id = 1 and not is_group order by id limit 2`,
    );
    const { eventId, attendees } = await session(
      17,
      members.map((m) => m.id),
      group!.id,
    );
    const [template] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from note_templates where key = 'soap' and practice_id is null order by version desc limit 1`,
    );
    /** A member's locked part, written as the signing service leaves it. */
    const lockPart = (index: number) =>
      t.database.db.execute(
        sql`insert into chart_notes (practice_id, client_id, event_id, attendee_id, therapist_id,
              template_id, status, session_at, duration_minutes, locked_at)
            values (1, ${members[index]!.id}, ${eventId}, ${attendees[index]}, ${therapistId},
              ${template!.id}, 'locked', ${`${DAY}T17:00:00Z`}, 50, now())`,
      );

    await lockPart(0);
    expect(await eventInWindow(eventId)).toMatchObject({
      isGroup: true,
      attended_attendee_count: 2,
      patient_chart_locked_count: 1,
      calendar_color: CALENDAR_COLOURS.appointment,
    });
    await lockPart(1);
    expect(await eventInWindow(eventId)).toMatchObject({
      patient_chart_locked_count: 2,
      calendar_color: CALENDAR_COLOURS.chartLocked,
    });
  });
});
