import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { idArray, isoOf } from '../../platform/sql.ts';

/** A text[] literal built from parameters (one per element), for unnest(). */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

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
