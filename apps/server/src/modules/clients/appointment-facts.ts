import type { AppointmentFacts } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** What the retention and intake rules need to know about clients' appointments. */
export type ClientAppointmentFacts = {
  /** The next appointment today or later. */
  upcoming: AppointmentFacts;
  /** The most recent appointment before today. */
  last: AppointmentFacts;
  /** The client's first appointment ever (past or future). */
  first: AppointmentFacts;
};

type FactRow = {
  clientId: number;
  upcoming: string | null;
  last: string | null;
  first: string | null;
};

/**
 * Appointment facts for a page of clients of one practice. The one place the
 * client lists learn about appointments. Cancelled appointments do not count.
 * Values are the start in the practice's time zone ('YYYY-MM-DDTHH:MM:SS'), so
 * their first ten characters are the practice's day. `today` is the practice's
 * day (YYYY-MM-DD); without it, the database's clock decides.
 */
export async function appointmentFactsFor(
  db: Db,
  practiceId: number,
  clientIds: readonly number[],
  today?: string,
): Promise<ClientAppointmentFacts> {
  const upcoming = new Map<number, string>();
  const last = new Map<number, string>();
  const first = new Map<number, string>();
  if (clientIds.length === 0) return { upcoming, last, first };
  const localDay = today ? sql`${today}::date` : sql`(now() at time zone p.timezone)::date`;
  const local = (expr: string) =>
    sql`to_char(${sql.raw(expr)} at time zone p.timezone, 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const rows = await rowsOf<FactRow>(
    db,
    sql`select a.client_id as "clientId",
          ${local('min(e.start_at) filter (where e.start_at >= b.midnight)')} as upcoming,
          ${local('max(e.start_at) filter (where e.start_at < b.midnight)')} as last,
          ${local('min(e.start_at)')} as first
        from calendar_event_attendees a
        join calendar_events e on e.id = a.event_id
        join practices p on p.id = e.practice_id
        cross join lateral (select (${localDay}::timestamp at time zone p.timezone) as midnight) b
        where e.practice_id = ${practiceId} and e.type = 'appointment' and e.cancelled_at is null
          and a.client_id = any(array[${sql.join(
            clientIds.map((id) => sql`${id}::int`),
            sql`, `,
          )}])
        group by a.client_id, p.timezone`,
  );
  for (const row of rows) {
    if (row.upcoming) upcoming.set(row.clientId, row.upcoming);
    if (row.last) last.set(row.clientId, row.last);
    if (row.first) first.set(row.clientId, row.first);
  }
  return { upcoming, last, first };
}
