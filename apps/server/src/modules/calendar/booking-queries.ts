import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { preparedRowsOf } from '../../db/prepared.ts';
import { idArray, isoOf } from '../../platform/sql.ts';

/**
 * The queries of booking an appointment (create-appointment.ts): everything it checks,
 * read in the client gate's own statement, and everything it writes (series, events,
 * attendees), behind the checks for busy time, in one statement.
 */

type Product = { id: number; durationMinutes: number };

export type BookingFacts = {
  /** The therapist of this practice, if there is one by that id. */
  therapist: { active: boolean } | null;
  /** No location was named, or it is an active location of the practice. */
  locationOk: boolean;
  timezone: string;
  /** null when the client does not exist (the gate has already refused that). */
  isGroup: boolean | null;
  /** The named products that are active services of the practice. */
  products: Product[];
  /** The named location, when it is closed by the day (in the practice's zone) of `start`. */
  closedAtStart: { name: string; closesOn: string } | null;
};

const product = (p: string) =>
  sql.raw(`json_build_object('id', ${p}.id, 'durationMinutes', ${p}.duration_minutes)`);

/**
 * One JSON value with the facts every booking's rules need (`BookingFacts`), as an
 * expression the client gate reads in its statement. `start` is the first start asked for
 * (an ISO instant): a single booking needs no other to know whether its location is closed.
 * A group's members and service are read apart (`groupFacts`), only for a group: every
 * subquery here is planned on every booking.
 */
export function bookingFactsSql(input: {
  practiceId: number;
  therapistId: number;
  locationId: number | null;
  clientId: number;
  productIds: number[];
  start: string;
}): SQL {
  const { practiceId, locationId } = input;
  const timezone = sql`coalesce((select timezone from practices where id = ${practiceId}), 'America/New_York')`;
  return sql`json_build_object(
    'therapist', (select json_build_object('active', t.active) from therapists t
      where t.id = ${input.therapistId} and t.practice_id = ${practiceId}),
    'locationOk', ${
      locationId === null
        ? sql`true`
        : sql`exists (select 1 from locations l where l.id = ${locationId}
                and l.practice_id = ${practiceId} and l.active)`
    },
    'timezone', ${timezone},
    'isGroup', (select is_group from clients where id = ${input.clientId}),
    'products', ${
      input.productIds.length === 0
        ? sql`'[]'::json`
        : sql`(select coalesce(json_agg(${product('p')}), '[]'::json) from products p
                where p.id = any(${idArray(input.productIds)}) and p.practice_id = ${practiceId} and p.active)`
    },
    'closedAtStart', ${
      locationId === null
        ? sql`null::json`
        : sql`(select json_build_object('name', l.name, 'closesOn', l.closes_on::text) from locations l
                where l.id = ${locationId} and l.practice_id = ${practiceId} and l.closes_on is not null
                  and (${input.start}::timestamptz at time zone ${timezone})::date >= l.closes_on)`
    })`;
}

export type GroupFacts = {
  /** Its members (not merged, not groups), in name order, with the day they left. */
  members: { clientId: number; leftOn: string | null }[];
  /** The practice's group service: the default one first. */
  groupProduct: Product | null;
};

/** What booking a group needs besides `BookingFacts`. */
export async function groupFacts(
  db: Db,
  input: { practiceId: number; groupClientId: number },
): Promise<GroupFacts> {
  const [facts] = await rowsOf<GroupFacts>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('clientId', gm.client_id, 'leftOn', gm.left_on::text)
                                order by m.last_name, m.first_name, m.id), '[]'::json)
        from client_group_members gm
        join clients m on m.id = gm.client_id and m.merged_into_id is null and not m.is_group
        where gm.group_client_id = ${input.groupClientId}) as members,
      (select ${product('g')} from products g
        where g.practice_id = ${input.practiceId} and g.active and g.is_group
        order by g.is_default desc, g.id limit 1) as "groupProduct"`,
  );
  if (!facts) throw new Error('group facts: no row');
  return facts;
}

export type Planned = { startAt: string; endAt: string };

/** The starts of a series in the practice's zone: the same wall-clock time every interval. */
export async function plannedSeries(
  db: Db,
  input: { start: string; count: number; intervalWeeks: number; minutes: number; timezone: string },
): Promise<Planned[]> {
  return rowsOf<Planned>(
    db,
    sql`select ${isoOf(sql`s`)} as "startAt", ${isoOf(sql`s + make_interval(mins => ${input.minutes}::int)`)} as "endAt"
        from (select ((${input.start}::timestamptz at time zone ${input.timezone})
                      + make_interval(weeks => n * ${input.intervalWeeks}::int)) at time zone ${input.timezone} as s
              from generate_series(0, ${input.count - 1}::int) as n) w
        order by s`,
  );
}

export type BookingWrite = {
  practiceId: number;
  therapistId: number;
  planned: Planned[];
  /** The clients attending each planned occurrence (same order). */
  attendees: number[][];
  productId: number | null;
  locationId: number | null;
  isTelehealth: boolean;
  telehealthPos: string | null;
  groupClientId: number | null;
  allowDoubleBooking: boolean;
  createdByUserId: number;
  /** Written as a series (with its rule) when there is more than one occurrence. */
  series: { occurrences: number; intervalWeeks: number; untilDate: string | null } | null;
  /** Refuse when an occurrence meets the therapist's external busy time. */
  checkExternalBusy: boolean;
  /** Name the first occurrence another booking holds, rather than leave it to the constraint. */
  checkOverlap: boolean;
};

export type BookingWritten =
  | { externalBusyAt: string; overlapAt: null }
  | { externalBusyAt: null; overlapAt: string }
  | { externalBusyAt: null; overlapAt: null; seriesId: number | null; eventIds: number[] };

const instants = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::timestamptz`),
    sql`, `,
  )}]::timestamptz[]`;

/**
 * A single booking (most of them) in a plainer statement of the same rules, which costs
 * about a third less than the general one: the event unless it meets external busy time
 * (when asked), and its attendees. Nothing written means the busy time was met.
 */
async function writeOne(
  db: Db,
  w: BookingWrite,
  at: Planned,
  attendees: number[],
): Promise<BookingWritten> {
  const range = sql`tstzrange(${at.startAt}::timestamptz, ${at.endAt}::timestamptz)`;
  // The everyday booking: prepared once on the embedded database, whose planning of this
  // statement cost more than its two inserts.
  const [row] = await preparedRowsOf<{ eventId: number | null }>(
    db,
    sql`with events as (
          insert into calendar_events (practice_id, therapist_id, type, name, start_at, end_at, location_id,
            is_telehealth, telehealth_pos, series_id, group_client_id, allow_double_booking, created_by_user_id)
          select ${w.practiceId}::int, ${w.therapistId}::int, 'appointment', '', ${at.startAt}::timestamptz,
                 ${at.endAt}::timestamptz, ${w.locationId}::int, ${w.isTelehealth}::boolean, ${w.telehealthPos}::text,
                 null::int, ${w.groupClientId}::int, ${w.allowDoubleBooking}::boolean, ${w.createdByUserId}::int
          where ${
            w.checkExternalBusy
              ? sql`not exists (select 1 from external_calendar_events x where x.practice_id = ${w.practiceId}
                      and x.therapist_id = ${w.therapistId} and tstzrange(x.start_at, x.end_at) && ${range})`
              : sql`true`
          }
          returning id
        ), attendees as (
          insert into calendar_event_attendees (event_id, client_id, product_id)
          select e.id, a.client_id, ${w.productId}::int from events e cross join unnest(${idArray(attendees)}) as a(client_id)
        )
        select (select id from events) as "eventId"`,
  );
  if (!row) throw new Error('booking write: no row');
  if (row.eventId === null) return { externalBusyAt: at.startAt, overlapAt: null };
  return { externalBusyAt: null, overlapAt: null, seriesId: null, eventIds: [row.eventId] };
}

/** The series row, only when there is one: a single booking's statement is planned without it. */
function seriesCte(w: BookingWrite): SQL {
  if (w.series === null) return sql``;
  return sql`, series as (
          insert into calendar_series (practice_id, rule, occurrences, interval_weeks, until_date)
          select ${w.practiceId}::int, 'weekly', ${w.series.occurrences}::int, ${w.series.intervalWeeks}::int,
                 ${w.series.untilDate}::date
          from free
          returning id
        )`;
}

/**
 * One statement: the first occurrence that meets external busy time (or, when asked,
 * another booking), and only when there is none, the series, its events and their
 * attendees. The no-overlap constraint still decides between concurrent requests.
 */
export async function writeBooking(db: Db, w: BookingWrite): Promise<BookingWritten> {
  const [one] = w.planned;
  if (one && w.planned.length === 1 && w.series === null && !w.checkOverlap) {
    return writeOne(db, w, one, w.attendees[0] ?? []);
  }
  const overlapping = (table: SQL, extra: SQL) =>
    sql`(select ${isoOf(sql`min(r.s)`)} from ranges r where exists (
          select 1 from ${table} x where x.practice_id = ${w.practiceId} and x.therapist_id = ${w.therapistId}
            ${extra} and tstzrange(x.start_at, x.end_at) && tstzrange(r.s, r.f)))`;
  const attendeeStarts = w.planned.flatMap((p, i) => (w.attendees[i] ?? []).map(() => p.startAt));
  const seriesId = w.series === null ? sql`null::int` : sql`(select id from series)`;
  const [row] = await rowsOf<{
    externalBusyAt: string | null;
    overlapAt: string | null;
    seriesId: number | null;
    eventIds: number[] | null;
  }>(
    db,
    sql`with ranges as (
          select s, f from unnest(${instants(w.planned.map((p) => p.startAt))},
                                  ${instants(w.planned.map((p) => p.endAt))}) as r(s, f)
        ), busy as (
          select ${w.checkExternalBusy ? overlapping(sql`external_calendar_events`, sql``) : sql`null::text`} as external,
                 ${
                   w.checkOverlap
                     ? overlapping(
                         sql`calendar_events`,
                         sql`and x.cancelled_at is null and not x.allow_double_booking
                             and x.type in ('appointment', 'meeting', 'out_of_office')`,
                       )
                     : sql`null::text`
                 } as overlap
        ), free as (
          select 1 from busy where external is null and overlap is null
        )${seriesCte(w)}, events as (
          insert into calendar_events (practice_id, therapist_id, type, name, start_at, end_at, location_id,
            is_telehealth, telehealth_pos, series_id, group_client_id, allow_double_booking, created_by_user_id)
          select ${w.practiceId}::int, ${w.therapistId}::int, 'appointment', '', r.s, r.f, ${w.locationId}::int,
                 ${w.isTelehealth}::boolean, ${w.telehealthPos}::text, ${seriesId},
                 ${w.groupClientId}::int, ${w.allowDoubleBooking}::boolean, ${w.createdByUserId}::int
          from ranges r, free
          returning id, start_at
        ), attendees as (
          insert into calendar_event_attendees (event_id, client_id, product_id)
          select e.id, a.client_id, ${w.productId}::int
          from events e
          join unnest(${instants(attendeeStarts)}, ${idArray(w.attendees.flat())}) as a(s, client_id)
            on a.s = e.start_at
        )
        select busy.external as "externalBusyAt", busy.overlap as "overlapAt",
               ${seriesId} as "seriesId",
               (select array_agg(id order by start_at) from events) as "eventIds"
        from busy`,
  );
  if (!row) throw new Error('booking write: no row');
  if (row.externalBusyAt !== null) return { externalBusyAt: row.externalBusyAt, overlapAt: null };
  if (row.overlapAt !== null) return { externalBusyAt: null, overlapAt: row.overlapAt };
  return {
    externalBusyAt: null,
    overlapAt: null,
    seriesId: row.seriesId,
    eventIds: row.eventIds ?? [],
  };
}
