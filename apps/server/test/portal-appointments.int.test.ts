import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The portal home's appointments on the real database (issue 21 item 4): a client reads their
 * own (found by their sign-in, never by an id they give), upcoming soonest first and the latest
 * past ones, without the practice's notes on them; staff are refused; the read is audited under
 * the client's record.
 */

type Appointment = Record<string, unknown> & { eventId: number; start: string; cancelled: boolean };
type Answer = {
  timezone: string;
  upcoming: Appointment[];
  upcomingTotal: number;
  past: Appointment[];
};

let t: TestApp;
let client: Browser;
let clientId: number;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

/** An appointment of the client with therapist1, `days` from now (negative: past). */
async function appointment(
  days: number,
  options: { cancelled?: boolean; forClient?: number } = {},
) {
  const start = new Date(t.clock.now().getTime() + days * 86_400_000);
  const { id } = await one<{ id: number }>(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking,
          cancelled_at, cancel_reason)
        values (1, (select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'),
          'appointment', ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()}, true,
          ${options.cancelled ? start.toISOString() : null}, ${options.cancelled ? 'Internal: card declined' : null})
        returning id`,
  );
  await t.database.db.execute(
    sql`insert into calendar_event_attendees (event_id, client_id) values (${id}, ${options.forClient ?? clientId})`,
  );
  return id;
}

beforeAll(async () => {
  t = await testApp();
  client = await signedIn(t.app, 'client1');
  ({ clientId } = await one<{ clientId: number }>(
    sql`select c.id as "clientId" from clients c join users u on u.id = c.portal_user_id where u.username = 'client1'`,
  ));
}, 120_000);
afterAll(() => t.close());

describe('a client’s own appointments', () => {
  it('answers upcoming soonest first and past newest first, without the practice’s notes', async () => {
    const later = await appointment(9);
    const sooner = await appointment(2);
    const cancelled = await appointment(5, { cancelled: true });
    const past = await appointment(-3);
    const answer = await client.get('/api/portal/appointments');
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json<Answer>();
    const upcomingIds = data.upcoming.map((a) => a.eventId);
    expect(upcomingIds.indexOf(sooner)).toBeLessThan(upcomingIds.indexOf(later));
    expect(data.upcoming.find((a) => a.eventId === cancelled)?.cancelled).toBe(true);
    expect(data.past.map((a) => a.eventId)).toContain(past);
    expect(data.timezone).toBe('America/New_York');
    expect(answer.body).not.toContain('card declined');
    for (const key of ['attendance', 'cancelReason', 'cancelledBy', 'attendeeId', 'serviceCode'])
      expect(Object.keys(data.upcoming[0] ?? {})).not.toContain(key);
  });

  it('never answers another client’s appointments', async () => {
    const { id: other } = await one<{ id: number }>(
      sql`select id from clients where practice_id = 1 and id <> ${clientId} order by id limit 1`,
    );
    const theirs = await appointment(4, { forClient: other });
    const data = (await client.get('/api/portal/appointments')).json<Answer>();
    expect([...data.upcoming, ...data.past].map((a) => a.eventId)).not.toContain(theirs);
  });

  it('audits the read under the client’s record', async () => {
    await client.get('/api/portal/appointments');
    const row = await one<{ patientId: number }>(
      sql`select patient_id as "patientId" from audit_log where action = 'client.own_appointments_read'
          order by id desc limit 1`,
    );
    expect(row.patientId).toBe(clientId);
  });

  it('is the client’s: staff are refused', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    expect((await therapist.get('/api/portal/appointments')).statusCode).toBe(403);
  });
});
