import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { idArray, isoOf } from '../../platform/sql.ts';

/** A therapist the caller may show on the calendar (docs/calendar-api.md getVisibleCalendars). */
export type VisibleTherapistRow = {
  id: number;
  userId: number;
  active: boolean;
  practitionerFirstName: string;
  practitionerLastName: string;
  isCurrentUser: boolean;
};

/**
 * The practice's therapists, active first and then by last name; with
 * `only`, just that one (a therapist-only user sees their own calendar).
 */
export function visibleTherapists(
  db: Db,
  input: { practiceId: number; currentUserId: number; only: number | null },
): Promise<VisibleTherapistRow[]> {
  const onlyFilter = input.only === null ? sql`` : sql`and t.id = ${input.only}`;
  return rowsOf<VisibleTherapistRow>(
    db,
    sql`select t.id, t.user_id as "userId", t.active,
          t.first_name as "practitionerFirstName", t.last_name as "practitionerLastName",
          t.user_id = ${input.currentUserId} as "isCurrentUser"
        from therapists t
        where t.practice_id = ${input.practiceId} ${onlyFilter}
        order by t.active desc, lower(t.last_name), lower(t.first_name), t.id`,
  );
}

export type ExternalCalendarRow = {
  id: number;
  name: string;
  color: string;
  lastSyncedAt: string | null;
  lastSyncStatus: string;
};

/** A therapist's connected outside calendars (never their addresses: those can hold secrets). */
export function externalCalendarsOf(
  db: Db,
  input: { practiceId: number; therapistId: number },
): Promise<ExternalCalendarRow[]> {
  return rowsOf<ExternalCalendarRow>(
    db,
    sql`select c.id, c.name, c.color,
          case when c.last_synced_at is null then null else ${isoOf(sql`c.last_synced_at`)} end as "lastSyncedAt",
          c.last_sync_status as "lastSyncStatus"
        from external_calendars c
        where c.practice_id = ${input.practiceId} and c.therapist_id = ${input.therapistId}
        order by lower(c.name), c.id`,
  );
}

export type SpanRow = {
  therapistId: number;
  id: number;
  span_from: string | null;
  span_to: string | null;
};

/** The availability spans of the practice's therapists, earliest first (open starts first). */
export function availabilitySpansOf(
  db: Db,
  input: { practiceId: number; therapistIds: readonly number[] },
): Promise<SpanRow[]> {
  return rowsOf<SpanRow>(
    db,
    sql`select s.therapist_id as "therapistId", s.id,
          s.span_from::text as span_from, s.span_to::text as span_to
        from availability_spans s
        where s.practice_id = ${input.practiceId}
          and s.therapist_id = any(${idArray(input.therapistIds)})
        order by s.therapist_id, s.span_from nulls first, s.id`,
  );
}

/** The practice's live-calendar counter; 0 until its calendar first changes. */
export async function calendarVersionOf(db: Db, practiceId: number): Promise<number> {
  const [row] = await rowsOf<{ version: string | number }>(
    db,
    sql`select version from calendar_versions where practice_id = ${practiceId}`,
  );
  return row ? Number(row.version) : 0;
}
