import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/**
 * One client's appointments, for their chart (issue 15 item 3): the ones to come in date order
 * and the history newest first, a page at a time by (start, event id). Both walk an index in
 * date order (the attendee rows' copy of the start, and a group's own sessions by start; see
 * migration 0026), so a page costs the same however many appointments the client has.
 *
 * The client is the attendee (their own appointments and the group sessions they joined) or,
 * for a group's record, the group the session was booked for.
 */
export type ClientAppointmentScope = {
  practiceId: number;
  clientId: number;
  /** Only this therapist's appointments (a therapist-only caller sees their own calendar). */
  therapistId: number | null;
};

/** Where a page of the history starts: strictly before this (start, event id). */
export type AppointmentKeyset = {
  /** The start in microseconds since 1970 (exact, as stored), as decimal text. */
  startMicros: string;
  eventId: number;
};

export type ClientAppointmentRow = {
  eventId: number;
  /** The client's attendee row; null for a group's own session. */
  attendeeId: number | null;
  startAt: string;
  endAt: string;
  startMicros: string;
  allDay: boolean;
  therapistId: number;
  therapistName: string;
  serviceName: string | null;
  serviceCode: string | null;
  locationName: string | null;
  isTelehealth: boolean;
  /** The event's own name (a group session may be named). */
  eventName: string;
  /** The group the session was booked for, when it was a group session. */
  groupClientId: number | null;
  groupFirstName: string | null;
  groupNickName: string | null;
  groupLastName: string | null;
  attended: boolean | null;
  noShow: boolean;
  awaitingConfirmation: boolean;
  cancelledAt: string | null;
  cancelledByName: string | null;
  cancelReason: string | null;
};

type Direction = 'before' | 'from';

type Pick = {
  direction: Direction;
  now: Date;
  /** Each branch stops here; null reads them all (to count them). */
  limit: number | null;
  keyset?: AppointmentKeyset | null;
  /** Only those that will take place: neither cancelled nor waiting for confirmation. */
  live?: boolean;
};

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

function keysetOf(keyset: AppointmentKeyset): SQL {
  return sql`(timestamptz 'epoch' + ${keyset.startMicros}::bigint * interval '1 microsecond')`;
}

/**
 * The appointments of one page as (event, the client's attendee row and its attendance and
 * service): the client's attendee rows and the group's own sessions (showing its first
 * member's service), each read in index order and cut at `limit`, then merged.
 */
function picked(scope: ClientAppointmentScope, pick: Pick): SQL {
  const therapist =
    scope.therapistId === null ? sql`` : sql`and e.therapist_id = ${scope.therapistId}`;
  const live = pick.live ? sql`and e.cancelled_at is null and not e.awaiting_confirmation` : sql``;
  const order = pick.direction === 'before' ? sql`desc` : sql`asc`;
  const cut = pick.limit === null ? sql`` : sql`limit ${pick.limit}`;
  const range = (start: SQL, id: SQL) => {
    const side =
      pick.direction === 'before'
        ? sql`${start} < ${instant(pick.now)}`
        : sql`${start} >= ${instant(pick.now)}`;
    if (!pick.keyset) return side;
    return sql`${side} and (${start}, ${id}) < (${keysetOf(pick.keyset)}, ${pick.keyset.eventId}::int)`;
  };
  return sql`(select a.event_id, a.id as attendee_id, a.attended, a.no_show, a.product_id
             from calendar_event_attendees a
             join calendar_events e on e.id = a.event_id
             where a.client_id = ${scope.clientId} and e.practice_id = ${scope.practiceId}
               and e.type = 'appointment' ${therapist} ${live}
               and ${range(sql`a.event_start_at`, sql`a.event_id`)}
             order by a.event_start_at ${order}, a.event_id ${order} ${cut})
          union all
          (select e.id, null::int, null::boolean, false,
               (select x.product_id from calendar_event_attendees x where x.event_id = e.id
                order by x.id limit 1)
             from calendar_events e
             where e.group_client_id = ${scope.clientId} and e.practice_id = ${scope.practiceId}
               and e.type = 'appointment' ${therapist} ${live}
               and ${range(sql`e.start_at`, sql`e.id`)}
             order by e.start_at ${order}, e.id ${order} ${cut})`;
}

/** What a row shows: when, with whom, which service, where, attendance and any cancellation. */
const ROW_COLUMNS = sql`e.id as "eventId", k.attendee_id as "attendeeId",
  ${isoOf(sql`e.start_at`)} as "startAt", ${isoOf(sql`e.end_at`)} as "endAt",
  (extract(epoch from e.start_at) * 1000000)::bigint::text as "startMicros",
  e.all_day as "allDay", e.therapist_id as "therapistId",
  (select btrim(t.first_name || ' ' || t.last_name) from therapists t
    where t.id = e.therapist_id) as "therapistName",
  pr.description as "serviceName", pr.cpt_code as "serviceCode",
  (select l.name from locations l where l.id = e.location_id) as "locationName",
  e.is_telehealth as "isTelehealth", e.name as "eventName",
  e.group_client_id as "groupClientId", g.first_name as "groupFirstName",
  g.nick_name as "groupNickName", g.last_name as "groupLastName",
  k.attended, k.no_show as "noShow",
  e.awaiting_confirmation as "awaitingConfirmation",
  case when e.cancelled_at is null then null else ${isoOf(sql`e.cancelled_at`)} end as "cancelledAt",
  (select btrim(cu.first_name || ' ' || cu.last_name) from users cu
    where cu.id = e.cancelled_by_user_id) as "cancelledByName",
  e.cancel_reason as "cancelReason"`;

/**
 * The rows of the picked appointments, in `order`, at most `limit`. Those are worked out
 * first (materialised: a page's worth at most), then each looks up its event, service, group
 * and names by key (laterals the planner keeps as such), so the plan and its cost are the
 * same whatever the client has and however large the tables grow.
 */
function rowsOfPicked(pairs: SQL, order: SQL, limit: number): SQL {
  return sql`with k as materialized (${pairs})
    select ${ROW_COLUMNS}
    from k
    cross join lateral (select * from calendar_events x where x.id = k.event_id limit 1) e
    left join lateral (select p.description, p.cpt_code from products p
                       where p.id = k.product_id limit 1) pr on true
    left join lateral (select c.first_name, c.nick_name, c.last_name from clients c
                       where c.id = e.group_client_id limit 1) g on true
    order by ${order}
    limit ${limit}`;
}

/**
 * A page of the client's history: appointments that started before `now`, newest first,
 * strictly after `keyset` when given. Asks for `limit` rows; more than that means another page.
 */
export function clientAppointmentsBefore(
  db: Db,
  scope: ClientAppointmentScope,
  options: { now: Date; limit: number; after: AppointmentKeyset | null },
): Promise<ClientAppointmentRow[]> {
  const pairs = picked(scope, {
    direction: 'before',
    now: options.now,
    limit: options.limit,
    keyset: options.after,
  });
  return rowsOf<ClientAppointmentRow>(
    db,
    rowsOfPicked(pairs, sql`e.start_at desc, e.id desc`, options.limit),
  );
}

/**
 * The client's appointments from `now` on, soonest first (cancelled ones included, so the
 * chart shows them as cancelled): at most `limit`, and how many there are in all (counted only
 * when there may be more than those).
 */
export async function clientAppointmentsFrom(
  db: Db,
  scope: ClientAppointmentScope,
  options: { now: Date; limit: number },
): Promise<{ rows: ClientAppointmentRow[]; total: number }> {
  const pick = { direction: 'from', now: options.now } as const;
  const rows = await rowsOf<ClientAppointmentRow>(
    db,
    rowsOfPicked(
      picked(scope, { ...pick, limit: options.limit }),
      sql`e.start_at asc, e.id asc`,
      options.limit,
    ),
  );
  if (rows.length < options.limit) return { rows, total: rows.length };
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${picked(scope, { ...pick, limit: null })}) k`,
  );
  return { rows, total: count?.total ?? rows.length };
}

/**
 * The client's next appointment that will take place: from `now` on, neither cancelled nor
 * an online request still waiting for staff to confirm it.
 */
export async function nextClientAppointment(
  db: Db,
  scope: ClientAppointmentScope,
  now: Date,
): Promise<ClientAppointmentRow | undefined> {
  const pairs = picked(scope, { direction: 'from', now, limit: 1, live: true });
  const [row] = await rowsOf<ClientAppointmentRow>(
    db,
    rowsOfPicked(pairs, sql`e.start_at asc, e.id asc`, 1),
  );
  return row;
}
