/**
 * The client's appointments on their chart (issue 15 item 3): the first page (what is to come
 * and the latest 20 past ones) of a client with 600 appointments must answer p95 ≤ 50 ms and
 * within 1.2× of a client with 5, in the same practice and the same run. Also printed: the
 * same reads as raw SQL (the queries the route runs, without session, gate, audit and JSON).
 * Safe to run again on the same database: the two clients' appointments are rebuilt.
 */
import { sql } from 'drizzle-orm';
import { refreshPlannerStatistics, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import {
  clientAppointmentsBefore,
  clientAppointmentsFrom,
  type ClientAppointmentScope,
} from '../apps/server/src/modules/calendar/index.ts';
import { practiceTimezone } from '../apps/server/src/platform/practice-day.ts';
import type { Budget } from './budget.ts';
import { benchClient, ms, percentile, timePairs, timeRuns } from './support.ts';

const PRACTICE_ID = 1;
const RUNS = 300;
const MANY = 600;
const FEW = 5;
/** Of each client's appointments, this many are still to come (the rest are history). */
const AHEAD = 3;

type Cast = { therapistId: number; productId: number; locationId: number; userId: number };

async function castOf(database: Database): Promise<Cast> {
  const [cast] = await rowsOf<Cast>(
    database.db,
    sql`select (select id from therapists where practice_id = ${PRACTICE_ID} and active order by id limit 1) as "therapistId",
               (select id from products where practice_id = ${PRACTICE_ID} order by id limit 1) as "productId",
               (select id from locations where practice_id = ${PRACTICE_ID} order by id limit 1) as "locationId",
               (select id from users where username = 'manager') as "userId"`,
  );
  if (!cast) throw new Error('The demo practice has no therapist, service or location.');
  return cast;
}

/** The bench client named `lastName`, made once, with exactly `count` appointments. */
async function clientWith(
  database: Database,
  cast: Cast,
  lastName: string,
  count: number,
): Promise<number> {
  const db = database.db;
  const clientId = await benchClient(database, PRACTICE_ID, lastName);
  await db.execute(
    sql`delete from calendar_events e using calendar_event_attendees a
        where a.event_id = e.id and a.client_id = ${clientId}`,
  );
  // Daily at 07:00 UTC, the last AHEAD of them after today; every 9th cancelled, attendance mixed.
  await db.execute(sql`
    with slots as (
      select g as n, date_trunc('day', now()) + ((g - ${count - AHEAD}) * interval '1 day') + interval '7 hours' as start_at
      from generate_series(1, ${count}) g
    ), events as (
      insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, location_id,
        allow_double_booking, cancelled_at, cancelled_by_user_id, cancel_reason)
      select ${PRACTICE_ID}, ${cast.therapistId}, 'appointment', s.start_at, s.start_at + interval '50 minutes',
        ${cast.locationId}, true,
        case when s.n % 9 = 0 then s.start_at - interval '1 day' end,
        case when s.n % 9 = 0 then ${cast.userId}::int end,
        case when s.n % 9 = 0 then 'Client is unwell' end
      from slots s
      returning id, start_at, cancelled_at
    )
    insert into calendar_event_attendees (event_id, client_id, product_id, attended, no_show)
    select e.id, ${clientId}, ${cast.productId},
      case when e.cancelled_at is not null or e.start_at > now() then null else e.id % 5 <> 0 end,
      e.cancelled_at is null and e.start_at < now() and e.id % 10 = 0
    from events e`);
  return clientId;
}

const firstPage = (base: string, cookie: string, clientId: number) => async () => {
  const response = await fetch(`${base}/api/patient/listAppointments?patientId=${clientId}`, {
    headers: { cookie },
  });
  if (!response.ok)
    throw new Error(`listAppointments: ${response.status} ${await response.text()}`);
  const page = (await response.json()) as { past: unknown[] };
  if (page.past.length === 0) throw new Error('listAppointments answered no history');
};

/** The route's reads as raw SQL: the practice's zone, 21 past, the upcoming ones. */
const rawFirstPage = (database: Database, scope: ClientAppointmentScope) => async () => {
  const now = new Date();
  await practiceTimezone(database.db, scope.practiceId);
  await clientAppointmentsBefore(database.db, scope, { now, limit: 21, after: null });
  await clientAppointmentsFrom(database.db, scope, { now, limit: 5 });
};

const line = (label: string, times: number[]) =>
  `${label} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  p99 ${ms(percentile(times, 99))}`;

/**
 * Budget: the first page of a client with 600 appointments against one with 5, requests
 * taking turns so a change in the machine's load weighs on both alike.
 */
export async function clientAppointmentsBudget(
  database: Database,
  base: string,
  cookie: string,
): Promise<Budget> {
  const cast = await castOf(database);
  const many = await clientWith(database, cast, 'Manyappointments', MANY);
  const few = await clientWith(database, cast, 'Fewappointments', FEW);
  await refreshPlannerStatistics(database.db);
  const [manyHttp, fewHttp] = await timePairs(
    RUNS,
    firstPage(base, cookie, many),
    firstPage(base, cookie, few),
  );
  const scope = { practiceId: PRACTICE_ID, clientId: many, therapistId: null };
  const manySql = await timeRuns(RUNS, rawFirstPage(database, scope));
  const p95 = percentile(manyHttp, 95);
  const fewP95 = percentile(fewHttp, 95);
  const sqlP50 = percentile(manySql, 50);
  console.log(`\nClient appointments, first page (${RUNS} requests each, taking turns):`);
  console.log(`  ${MANY} appointments  ${line('HTTP', manyHttp)}`);
  console.log(`  ${FEW} appointments    ${line('HTTP', fewHttp)}`);
  console.log(`  ${MANY} appointments  ${line('raw SQL', manySql)}`);
  console.log(
    `  p95 ${MANY} ÷ p95 ${FEW} = ${(p95 / fewP95).toFixed(2)}; p50 HTTP ÷ p50 raw SQL = ${(percentile(manyHttp, 50) / sqlP50).toFixed(2)}`,
  );
  return {
    name: `Client appointments first page: ${MANY} appointments ÷ ${FEW} (p95)`,
    ratio: p95 / fewP95,
    target: { atMost: 1.2 },
    p50: percentile(manyHttp, 50),
    p95,
    p95AtMost: 50,
    detail:
      `GET /api/patient/listAppointments p95 ${ms(p95)} (${MANY}) over ${ms(fewP95)} (${FEW}); ` +
      `raw SQL p50 ${ms(sqlP50)}, HTTP ÷ SQL at p50 ${(percentile(manyHttp, 50) / sqlP50).toFixed(2)}; ${RUNS} requests each, taking turns`,
  };
}
