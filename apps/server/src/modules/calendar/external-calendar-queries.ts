import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { idArray, isoOf } from '../../platform/sql.ts';

export type ExternalEventRow = {
  id: number;
  title: string;
  /** An instant ('…Z'), or for an all-day event its first day (YYYY-MM-DD) in the practice's zone. */
  start: string;
  /** An instant, or for an all-day event the day after its last (exclusive). */
  end: string;
  allDay: boolean;
  calendarId: number;
  color: string;
  therapistId: number;
  ownerUserId: number;
  calendarKey: string;
  url: string;
};

/** Busy time of the therapists' outside calendars touching [start, end). */
export function externalEventsInWindow(
  db: Db,
  input: {
    practiceId: number;
    therapistIds: readonly number[];
    calendarIds: readonly number[] | null;
    start: SQL;
    end: SQL;
  },
): Promise<ExternalEventRow[]> {
  const calendarFilter =
    input.calendarIds === null ? sql`` : sql`and c.id = any(${idArray(input.calendarIds)})`;
  const day = (column: SQL) => sql`to_char(${column} at time zone p.timezone, 'YYYY-MM-DD')`;
  return rowsOf<ExternalEventRow>(
    db,
    sql`select e.id, e.title,
          case when e.all_day then ${day(sql`e.start_at`)} else ${isoOf(sql`e.start_at`)} end as start,
          case when e.all_day then ${day(sql`e.end_at`)} else ${isoOf(sql`e.end_at`)} end as "end",
          e.all_day as "allDay", e.calendar_id as "calendarId", c.color, e.therapist_id as "therapistId",
          t.user_id as "ownerUserId", c.calendar_key as "calendarKey", c.url
        from external_calendar_events e
        join external_calendars c on c.id = e.calendar_id and c.practice_id = e.practice_id
        join therapists t on t.id = e.therapist_id and t.practice_id = e.practice_id
        join practices p on p.id = e.practice_id
        where e.practice_id = ${input.practiceId}
          and e.therapist_id = any(${idArray(input.therapistIds)})
          and e.start_at < ${input.end} and e.end_at > ${input.start}
          ${calendarFilter}
        order by e.start_at, e.id`,
  );
}
