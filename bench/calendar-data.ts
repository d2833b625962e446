/**
 * The busy practice of the calendar benchmarks: 16 therapists with weekday availability and
 * about 8 appointments per therapist per weekday across the six-week month window (about
 * 3,500 live events). Safe to run again on the same database: it tops up what is missing
 * and replaces practice 1's events.
 */
import { calendarFetchWindow } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { refreshPlannerStatistics, rowsOf, type Database } from '../apps/server/src/db/client.ts';

export const THERAPISTS = 16;
export const PER_WEEKDAY = 8;
export const PRACTICE_ID = 1;

export function benchWindow() {
  const today = new Date().toISOString().slice(0, 10);
  return calendarFetchWindow('dayGridMonth', today);
}

export async function prepareBusyCalendar(database: Database): Promise<void> {
  const db = database.db;
  // Enough therapists for a full screen of columns; each with weekday availability.
  await db.execute(sql`
    with missing as (
      select n from generate_series(1, greatest(0, ${THERAPISTS} -
        (select count(*)::int from therapists where practice_id = ${PRACTICE_ID} and active))) n
    ), new_users as (
      insert into users (practice_id, username, password_hash, type, first_name, last_name, professional_name)
      select ${PRACTICE_ID}, 'bench.therapist' || n, 'x', 'staff', 'Bench', 'Therapist ' || n, 'Bench Therapist ' || n
      from missing returning id, last_name
    )
    insert into therapists (practice_id, user_id, first_name, last_name)
    select ${PRACTICE_ID}, id, 'Bench', last_name from new_users`);
  await db.execute(sql`
    insert into availability_spans (practice_id, therapist_id)
    select ${PRACTICE_ID}, t.id from therapists t
    where t.practice_id = ${PRACTICE_ID}
      and not exists (select 1 from availability_spans s where s.therapist_id = t.id)`);
  await db.execute(sql`
    insert into availability_days (span_id, day_of_week, start_time, end_time, online_scheduling)
    select s.id, d, '09:00', '17:00', true from availability_spans s
    cross join generate_series(1, 5) d
    where s.practice_id = ${PRACTICE_ID}
      and not exists (select 1 from availability_days x where x.span_id = s.id)`);
  // The demo's own appointments are replaced by a dense, regular week: 8 a day, 45 minutes each.
  // Past sessions that were charged stay (the ledger is append-only, and they lie before the window).
  await db.execute(sql`
    delete from calendar_events e where e.practice_id = ${PRACTICE_ID}
      and not exists (select 1 from calendar_event_attendees a join ledger_entries l on l.attendee_id = a.id
                      where a.event_id = e.id)`);
  const window = benchWindow();
  await db.execute(sql`
    with slots as (
      select t.id as therapist_id, (g.day::date + make_time(9 + h, 0, 0)) at time zone p.timezone as start_at,
             (t.id + h + extract(doy from g.day)::int) as pick
      from therapists t
      join practices p on p.id = t.practice_id
      cross join generate_series(${window.start}::date, ${window.end}::date - 1, interval '1 day') g(day)
      cross join generate_series(0, ${PER_WEEKDAY - 1}) h
      where t.practice_id = ${PRACTICE_ID} and t.active and extract(isodow from g.day) < 6
    ), events as (
      insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, location_id, cancelled_at)
      select ${PRACTICE_ID}, s.therapist_id, 'appointment', s.start_at, s.start_at + interval '45 minutes',
             (select id from locations where practice_id = ${PRACTICE_ID} order by id limit 1),
             case when s.pick % 13 = 0 then s.start_at - interval '1 day' end
      from slots s
      -- around the charged sessions that stayed
      where not exists (select 1 from calendar_events x where x.therapist_id = s.therapist_id
                          and x.start_at < s.start_at + interval '45 minutes' and x.end_at > s.start_at)
      returning id, therapist_id
    ), clients_of as (
      select array_agg(id order by id) as ids from clients where practice_id = ${PRACTICE_ID} and not is_group
    )
    insert into calendar_event_attendees (event_id, client_id)
    select e.id, c.ids[1 + (e.id % array_length(c.ids, 1))] from events e cross join clients_of c`);
  await refreshPlannerStatistics(db);
}

export async function busyTherapistIds(database: Database): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from therapists where practice_id = ${PRACTICE_ID} and active order by id limit ${THERAPISTS}`,
  );
  return rows.map((t) => t.id);
}
