import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

export const idArray = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]::int[]`;

/** A text[] literal built from parameters (one per element), for unnest(). */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

/** A timestamptz column as an ISO instant in UTC ('…Z'), the same text on both drivers. */
export const isoOf = (column: SQL) =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A day (midnight in the practice's zone) or an instant, as a timestamptz expression. */
export const instantSql = (value: string, timezone: string) =>
  value.length === 10
    ? sql`(${value}::date::timestamp at time zone ${timezone})`
    : sql`${value}::timestamptz`;

export type TherapistRow = { id: number; userId: number; active: boolean };

export async function therapistOfPractice(
  db: Db,
  practiceId: number,
  therapistId: number,
): Promise<TherapistRow | undefined> {
  const [row] = await rowsOf<TherapistRow>(
    db,
    sql`select id, user_id as "userId", active from therapists
        where id = ${therapistId} and practice_id = ${practiceId}`,
  );
  return row;
}

export async function practiceTimezone(db: Db, practiceId: number): Promise<string> {
  const [row] = await rowsOf<{ timezone: string }>(
    db,
    sql`select timezone from practices where id = ${practiceId}`,
  );
  return row?.timezone ?? 'America/New_York';
}

/** The event of the practice with what a move or cancel must know. */
export type EventRow = {
  id: number;
  therapistId: number;
  type: string;
  seriesId: number | null;
  startAt: string;
  endAt: string;
  cancelled: boolean;
  attendanceRecorded: boolean;
  /** The attendees' client ids (for a group appointment, its members). */
  clientIds: number[];
  /** For a group appointment: the group's client id. */
  groupClientId: number | null;
};

const eventRowColumns = sql`e.id, e.therapist_id as "therapistId", e.type, e.series_id as "seriesId",
  ${isoOf(sql`e.start_at`)} as "startAt", ${isoOf(sql`e.end_at`)} as "endAt",
  e.cancelled_at is not null as cancelled,
  exists (select 1 from calendar_event_attendees a where a.event_id = e.id and a.attended is not null) as "attendanceRecorded",
  coalesce((select array_agg(a.client_id order by a.id) from calendar_event_attendees a where a.event_id = e.id), '{}') as "clientIds",
  e.group_client_id as "groupClientId"`;

export async function eventOfPractice(
  db: Db,
  practiceId: number,
  eventId: number,
): Promise<EventRow | undefined> {
  const [row] = await rowsOf<EventRow>(
    db,
    sql`select ${eventRowColumns}
        from calendar_events e
        where e.id = ${eventId} and e.practice_id = ${practiceId}`,
  );
  return row;
}

/** One occurrence of a series, in the shape of `GET /calendar/series/{eventId}` plus what a change needs. */
export type SeriesOccurrenceRow = {
  calendar_event_id: number;
  start_date_time: string;
  end_date_time: string;
  cancelled: boolean;
  /** Attendance has been recorded for an attendee (attended, not attended or no-show). */
  attended: boolean;
  clientIds: number[];
  groupClientId: number | null;
  allowDoubleBooking: boolean;
};

/**
 * Every occurrence of a series (or the lone event when seriesId is null), by
 * start. With `lock`, the rows are locked for the rest of the transaction so
 * a concurrent change (attendance, another move) waits for this one.
 */
export function seriesOccurrences(
  db: Db,
  input: { practiceId: number; seriesId: number | null; eventId: number; lock?: boolean },
): Promise<SeriesOccurrenceRow[]> {
  const which =
    input.seriesId === null ? sql`e.id = ${input.eventId}` : sql`e.series_id = ${input.seriesId}`;
  return rowsOf<SeriesOccurrenceRow>(
    db,
    sql`select e.id as calendar_event_id,
          ${isoOf(sql`e.start_at`)} as start_date_time, ${isoOf(sql`e.end_at`)} as end_date_time,
          e.cancelled_at is not null as cancelled,
          exists (select 1 from calendar_event_attendees a where a.event_id = e.id and a.attended is not null) as attended,
          coalesce((select array_agg(a.client_id order by a.id) from calendar_event_attendees a where a.event_id = e.id), '{}') as "clientIds",
          e.group_client_id as "groupClientId", e.allow_double_booking as "allowDoubleBooking"
        from calendar_events e
        where e.practice_id = ${input.practiceId} and ${which}
        order by e.start_at, e.id
        ${input.lock ? sql`for update of e` : sql``}`,
  );
}

export type SeriesRow = { id: number; intervalWeeks: number; untilDate: string | null };

export async function seriesOfPractice(
  db: Db,
  practiceId: number,
  seriesId: number,
): Promise<SeriesRow | undefined> {
  const [row] = await rowsOf<SeriesRow>(
    db,
    sql`select id, interval_weeks::int as "intervalWeeks", until_date::text as "untilDate"
        from calendar_series where id = ${seriesId} and practice_id = ${practiceId}`,
  );
  return row;
}

/**
 * The first of the proposed [start, end) ranges that meets a booking the
 * no-overlap constraint counts (a live appointment, meeting or out-of-office
 * block of the therapist, other than `exceptIds`), by start; or undefined.
 */
export async function firstOverlap(
  db: Db,
  input: {
    practiceId: number;
    therapistId: number;
    ranges: readonly { startAt: string; endAt: string }[];
    exceptIds?: readonly number[];
  },
): Promise<{ startAt: string } | undefined> {
  if (input.ranges.length === 0) return undefined;
  const [row] = await rowsOf<{ startAt: string }>(
    db,
    sql`select ${isoOf(sql`r.s`)} as "startAt"
        from unnest(${textArray(input.ranges.map((r) => r.startAt))}::timestamptz[],
                    ${textArray(input.ranges.map((r) => r.endAt))}::timestamptz[]) as r(s, f)
        where exists (
          select 1 from calendar_events e
          where e.practice_id = ${input.practiceId} and e.therapist_id = ${input.therapistId}
            and e.cancelled_at is null and not e.allow_double_booking
            and e.type in ('appointment', 'meeting', 'out_of_office')
            and tstzrange(e.start_at, e.end_at) && tstzrange(r.s, r.f)
            ${input.exceptIds?.length ? sql`and e.id <> all(${idArray(input.exceptIds)})` : sql``})
        order by r.s limit 1`,
  );
  return row;
}

/** The first of the proposed ranges that meets busy time on the therapist's external calendars. */
export async function firstExternalBusy(
  db: Db,
  input: {
    practiceId: number;
    therapistId: number;
    ranges: readonly { startAt: string; endAt: string }[];
  },
): Promise<{ startAt: string } | undefined> {
  if (input.ranges.length === 0) return undefined;
  const [row] = await rowsOf<{ startAt: string }>(
    db,
    sql`select ${isoOf(sql`r.s`)} as "startAt"
        from unnest(${textArray(input.ranges.map((r) => r.startAt))}::timestamptz[],
                    ${textArray(input.ranges.map((r) => r.endAt))}::timestamptz[]) as r(s, f)
        where exists (
          select 1 from external_calendar_events x
          where x.practice_id = ${input.practiceId} and x.therapist_id = ${input.therapistId}
            and tstzrange(x.start_at, x.end_at) && tstzrange(r.s, r.f))
        order by r.s limit 1`,
  );
  return row;
}

/** Every field of spec-1 §3 'Calendar event as received', plus the attendee's name. */
export type CalendarEventSourceRow = {
  calendar_event_id: number;
  kind: 'appointment' | 'meeting' | 'out_of_office' | 'holiday';
  calendar_event_name: string;
  user_id_therapist: number;
  user_id_patient: number | null;
  /** The (first) attendee row, for the details dialog's getAppointmentDetails/{eventId}/{attendeeId}. */
  calendar_event_attendee_id: number | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  start_date_time: string;
  end_date_time: string;
  calendar_event_allday: boolean;
  practice_location_id: number | null;
  practice_location_color: string | null;
  isTeletherapy: boolean;
  telehealth_pos: string | null;
  hasAlert: boolean;
  patient_record_status: string | null;
  isGroup: boolean;
  checkedintime: string | null;
  day_of_week: number;
  start_time: string;
  end_time: string;
  calendar_event_canceldate: string | null;
  cancel_reason: string | null;
  series_id: number | null;
  attended_attendee_count: number;
  /** Booked online and waiting for staff to confirm it (it holds the slot meanwhile). */
  awaitingConfirmation: boolean;
};

/** One event as the window query packs it: a JSON array, in the order of `fromPacked`. */
type PackedEvent = [
  id: number,
  kind: CalendarEventSourceRow['kind'],
  name: string,
  therapistId: number,
  patientId: number | null,
  attendeeId: number | null,
  firstName: string | null,
  lastName: string | null,
  startMs: number,
  endMs: number,
  allDay: boolean,
  locationId: number | null,
  locationColor: string | null,
  telehealth: boolean,
  telehealthPos: string | null,
  hasAlert: boolean | null,
  recordStatus: string | null,
  isGroup: boolean | null,
  checkedInMs: number | null,
  localStartMs: number,
  localEndMs: number,
  cancelledMs: number | null,
  cancelReason: string | null,
  seriesId: number | null,
  attendedCount: number | null,
  awaitingConfirmation: boolean | null,
];

const isoOfMs = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** 'HH:MM:SS' of a wall-clock time carried as milliseconds since a local epoch. */
const clockOf = (localMs: number) => new Date(localMs).toISOString().slice(11, 19);

function fromPacked(p: PackedEvent): CalendarEventSourceRow {
  return {
    calendar_event_id: p[0],
    kind: p[1],
    calendar_event_name: p[2],
    user_id_therapist: p[3],
    user_id_patient: p[4],
    calendar_event_attendee_id: p[5],
    patient_first_name: p[6],
    patient_last_name: p[7],
    start_date_time: new Date(p[8]).toISOString(),
    end_date_time: new Date(p[9]).toISOString(),
    calendar_event_allday: p[10],
    practice_location_id: p[11],
    practice_location_color: p[12],
    isTeletherapy: p[13],
    telehealth_pos: p[14],
    hasAlert: p[15] ?? false,
    patient_record_status: p[16],
    isGroup: p[17] ?? false,
    checkedintime: isoOfMs(p[18]),
    day_of_week: new Date(p[19]).getUTCDay(),
    start_time: clockOf(p[19]),
    end_time: clockOf(p[20]),
    calendar_event_canceldate: isoOfMs(p[21]),
    cancel_reason: p[22],
    series_id: p[23],
    attended_attendee_count: p[24] ?? 0,
    awaitingConfirmation: p[25] ?? false,
  };
}

/** Milliseconds since the epoch of a timestamp (with or without zone), exact to the millisecond. */
const msOf = (column: SQL) => sql`round(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The events of the therapists that touch [start, end), in one query. A month
 * of a busy practice is thousands of rows; the embedded database hands rows to
 * JavaScript field by field, so the query packs each event as a JSON array and
 * the whole window as one JSON text (three times faster than plain rows), and
 * times travel as numbers to be formatted here.
 */
export async function eventsInWindow(
  db: Db,
  input: {
    practiceId: number;
    therapistIds: readonly number[];
    locationIds: readonly number[] | undefined;
    start: SQL;
    end: SQL;
    includeCancelled: boolean;
  },
): Promise<CalendarEventSourceRow[]> {
  const locationFilter = input.locationIds?.length
    ? sql`and (e.location_id is null or e.location_id = any(${idArray(input.locationIds)}))`
    : sql``;
  const cancelledFilter = input.includeCancelled ? sql`` : sql`and e.cancelled_at is null`;
  const [row] = await rowsOf<{ events: string }>(
    db,
    sql`with ev as materialized (
          select e.* from calendar_events e
          where e.practice_id = ${input.practiceId}
            and e.therapist_id = any(${idArray(input.therapistIds)})
            and e.start_at < ${input.end} and e.end_at > ${input.start}
            ${cancelledFilter} ${locationFilter}
        ), att as (
          -- The first attendee names a single appointment; a group is named by its group.
          select ea.event_id, min(ea.id) as id,
            (array_agg(ea.client_id order by ea.id))[1] as client_id,
            (array_agg(ea.checked_in_at order by ea.id))[1] as checked_in_at,
            count(*) filter (where ea.attended)::int as attended_count
          from calendar_event_attendees ea
          where ea.event_id in (select id from ev)
          group by ea.event_id
        )
        select coalesce(json_agg(json_build_array(
            e.id, e.type, e.name, e.therapist_id, c.id, a.id, c.first_name, c.last_name,
            ${msOf(sql`e.start_at`)}, ${msOf(sql`e.end_at`)}, e.all_day, e.location_id, l.color,
            e.is_telehealth, e.telehealth_pos, btrim(c.alert) <> '', rs.name, c.is_group,
            ${msOf(sql`a.checked_in_at`)},
            ${msOf(sql`e.start_at at time zone p.timezone`)}, ${msOf(sql`e.end_at at time zone p.timezone`)},
            ${msOf(sql`e.cancelled_at`)}, e.cancel_reason, e.series_id, a.attended_count,
            e.awaiting_confirmation
          ) order by e.start_at, e.id), '[]')::text as events
        from ev e
        join practices p on p.id = e.practice_id
        left join locations l on l.id = e.location_id
        left join att a on a.event_id = e.id
        left join clients c on c.id = coalesce(e.group_client_id, a.client_id)
        left join record_statuses rs on rs.id = c.record_status_id`,
  );
  return (JSON.parse(row?.events ?? '[]') as PackedEvent[]).map(fromPacked);
}

export type AvailabilityRow = {
  /** The weekly day's id; for extra hours on a date, minus the exception's id. */
  availability_day_id: number;
  /** The span the block comes from (extra hours: the span covering the date, or 0 when none does). */
  availability_span_id: number;
  /** Set for extra hours on a date (a date exception); null for weekly days. */
  availability_exception_id: number | null;
  user_id_therapist: number;
  practice_location_id: number | null;
  practice_location_color: string | null;
  date: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  start_date_time: string;
  end_date_time: string;
  online_scheduling: boolean;
  schedule_every: number;
  in_person_enabled: boolean;
  teletherapy_enabled: boolean;
};

/**
 * Availability blocks on each day of [from, to] (both ISO dates): the weekly
 * days of the span in force that day, except on a therapist's day off, plus
 * extra hours added on a date (date exceptions).
 */
export function availabilityInWindow(
  db: Db,
  input: {
    practiceId: number;
    therapistIds: readonly number[];
    locationIds: readonly number[] | undefined;
    from: string;
    to: string;
  },
): Promise<AvailabilityRow[]> {
  const locationFilter = input.locationIds?.length
    ? sql`and (b.location_id is null or b.location_id = any(${idArray(input.locationIds)}))`
    : sql``;
  const startsAt = sql`((b.day + b.start_time) at time zone p.timezone)`;
  const endsAt = sql`((b.day + b.end_time) at time zone p.timezone)`;
  const therapists = idArray(input.therapistIds);
  return rowsOf<AvailabilityRow>(
    db,
    sql`with blocks as (
          select d.id as day_id, s.id as span_id, null::int as exception_id, s.therapist_id,
            d.location_id, g.day::date as day, d.day_of_week::int as day_of_week,
            d.start_time, d.end_time, d.online_scheduling, d.schedule_every,
            d.in_person_enabled, d.teletherapy_enabled
          from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') as g(day)
          join availability_spans s on s.practice_id = ${input.practiceId}
            and s.therapist_id = any(${therapists})
            and (s.span_from is null or s.span_from <= g.day::date)
            and (s.span_to is null or s.span_to >= g.day::date)
          join availability_days d on d.span_id = s.id and d.day_of_week = extract(dow from g.day)::int
          where not exists (
            select 1 from availability_exceptions off
            where off.practice_id = s.practice_id and off.therapist_id = s.therapist_id
              and off.date = g.day::date and off.kind = 'off')
          union all
          select -x.id, coalesce((
              select s.id from availability_spans s
              where s.practice_id = x.practice_id and s.therapist_id = x.therapist_id
                and (s.span_from is null or s.span_from <= x.date)
                and (s.span_to is null or s.span_to >= x.date)
              order by s.id limit 1), 0),
            x.id, x.therapist_id, x.location_id, x.date, extract(dow from x.date)::int,
            x.start_time, x.end_time, x.online_scheduling, x.schedule_every,
            x.in_person_enabled, x.teletherapy_enabled
          from availability_exceptions x
          where x.practice_id = ${input.practiceId} and x.therapist_id = any(${therapists})
            and x.kind = 'extra' and x.date between ${input.from}::date and ${input.to}::date
        )
        select b.day_id as availability_day_id, b.span_id as availability_span_id,
          b.exception_id as availability_exception_id,
          b.therapist_id as user_id_therapist, b.location_id as practice_location_id,
          l.color as practice_location_color, b.day::text as date, b.day_of_week,
          b.start_time::text as start_time, b.end_time::text as end_time,
          ${isoOf(startsAt)} as start_date_time, ${isoOf(endsAt)} as end_date_time,
          b.online_scheduling, b.schedule_every, b.in_person_enabled, b.teletherapy_enabled
        from blocks b
        join practices p on p.id = ${input.practiceId}
        left join locations l on l.id = b.location_id
        where true ${locationFilter}
        order by b.day, b.start_time, b.therapist_id, b.day_id`,
  );
}
