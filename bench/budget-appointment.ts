import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../apps/server/src/db/client.ts';
import type { Budget } from './budget.ts';
import { httpClient } from './http-client.ts';
import { rawAuditRow } from './raw-audit.ts';
import { percentile, timePairs } from './support.ts';

const PRACTICE_ID = 1;
const RUNS = 300;
const HOUR_MS = 3_600_000;

type Cast = { therapistId: number; clientId: number; userId: number };

/** A therapist and a one-person client of the demo practice, and the manager who books. */
async function castOf(database: Database): Promise<Cast> {
  const [cast] = await rowsOf<Cast>(
    database.db,
    sql`select (select id from therapists where practice_id = ${PRACTICE_ID} and active order by id limit 1) as "therapistId",
               (select id from clients where practice_id = ${PRACTICE_ID} and not is_group and merged_into_id is null order by id limit 1) as "clientId",
               (select id from users where username = 'manager') as "userId"`,
  );
  if (!cast) throw new Error('The demo practice has no therapist or client.');
  return cast;
}

/** Hours after every booking the therapist has, so runs on one database never meet earlier ones. */
async function freeHours(database: Database, therapistId: number): Promise<(i: number) => Date> {
  const [last] = await rowsOf<{ endMs: number }>(
    database.db,
    sql`select (extract(epoch from greatest(max(end_at), '2100-01-01T00:00:00Z'::timestamptz)) * 1000)::float8 as "endMs"
        from calendar_events where therapist_id = ${therapistId}`,
  );
  const first = Math.ceil((last?.endMs ?? Date.UTC(2100, 0, 1)) / HOUR_MS) * HOUR_MS;
  return (i) => new Date(first + i * HOUR_MS);
}

/**
 * The least a booking must write, in one transaction of raw SQL: the event, its attendee,
 * and its audit row chained to the previous one (under the chain's lock).
 */
async function rawBooking(database: Database, cast: Cast, start: Date): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [event] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, created_by_user_id)
          values (${PRACTICE_ID}, ${cast.therapistId}, 'appointment', ${start.toISOString()}, ${new Date(start.getTime() + 45 * 60_000).toISOString()}, ${cast.userId})
          returning id`,
    );
    await tx.execute(
      sql`insert into calendar_event_attendees (event_id, client_id) values (${event?.id}, ${cast.clientId})`,
    );
    await rawAuditRow(tx, {
      practiceId: PRACTICE_ID,
      userId: cast.userId,
      action: 'client.appointment_created',
      clientId: cast.clientId,
      detail: { eventIds: [event?.id] },
    });
  });
}

/**
 * Budget 2: booking one appointment through the API (session, CSRF, validation, gate,
 * checks, the rows and the audit row, one transaction) against the raw insert transaction.
 */
export async function appointmentBudget(
  database: Database,
  base: string,
  session: { cookie: string; csrf: string },
): Promise<Budget> {
  const cast = await castOf(database);
  const next = await freeHours(database, cast.therapistId);
  // Warm-up runs book too: every booking, through the API or raw, takes the next free hour.
  let booked = 0;
  const client = httpClient();
  const [api, raw] = await timePairs(
    RUNS,
    async () => {
      const response = await client.send(`${base}/api/calendar/createAppointment`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
        },
        body: JSON.stringify({
          therapistId: cast.therapistId,
          patientId: cast.clientId,
          eventDateTime: next(booked++).toISOString(),
          duration: 45,
        }),
      });
      if (response.status !== 201)
        throw new Error(`createAppointment: ${response.status} ${response.text}`);
    },
    () => rawBooking(database, cast, next(booked++)),
  );
  client.close();
  const p50 = percentile(api, 50);
  const rawP50 = percentile(raw, 50);
  return {
    name: 'Create an appointment with its audit row ÷ the raw insert transaction',
    ratio: p50 / rawP50,
    target: { atMost: 2 },
    p50,
    p95: percentile(api, 95),
    detail: `POST /api/calendar/createAppointment p50 over raw transaction p50 ${rawP50.toFixed(2)} ms (p95 ${percentile(raw, 95).toFixed(2)} ms); ${RUNS} bookings each, taking turns`,
  };
}
