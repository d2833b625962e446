import {
  EXTERNAL_CALENDAR_MESSAGES,
  IcsError,
  externalSyncWindow,
  isSkippedExternalCalendar,
  type IcsBusyEvent,
  type IcsCalendar,
} from '@openpractice/domain';
import { parseIcsCalendar } from '@openpractice/domain/ics';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { externalCalendarEvents, externalCalendars } from '../../db/schema/index.ts';
import { fetchIcs, IcsFetchError, type IcsFetchOptions } from './external-calendar-fetch.ts';
import { isoOf } from '../../platform/sql.ts';

/** How a sync ended, as `POST /calendar/externalCalendar/sync` answers it. */
export type SyncResult = { status: 'success' | 'failure'; message?: string };

/** The app's outbound fetch policy (`app.outboundFetch`; tests shorten limits, name local servers). */
export type SyncOptions = IcsFetchOptions;

/** The therapist-facing fields of a connected calendar. */
export type ExternalCalendarView = {
  id: number;
  therapistId: number;
  /** The owner's user id (what `sync` names as user_id). */
  userId: number;
  name: string;
  url: string;
  color: string;
  calendarKey: string;
  lastSyncedAt: string | null;
  lastSyncStatus: 'never' | 'success' | 'failure';
  lastSyncError: string | null;
  skipped: boolean;
  eventCount: number;
};

type CalendarRow = Omit<ExternalCalendarView, 'skipped'>;

const calendarColumns = sql`c.id, c.therapist_id as "therapistId",
  (select t.user_id from therapists t where t.id = c.therapist_id) as "userId", c.name, c.url, c.color,
  c.calendar_key as "calendarKey",
  case when c.last_synced_at is null then null else ${isoOf(sql`c.last_synced_at`)} end as "lastSyncedAt",
  c.last_sync_status as "lastSyncStatus", c.last_sync_error as "lastSyncError",
  (select count(*)::int from external_calendar_events e where e.calendar_id = c.id) as "eventCount"`;

const withSkipped = (row: CalendarRow): ExternalCalendarView => ({
  ...row,
  skipped: isSkippedExternalCalendar(row.calendarKey) || isSkippedExternalCalendar(row.url),
});

/** A therapist's calendars, by name. */
export async function calendarsOfTherapist(
  db: Db,
  practiceId: number,
  therapistId: number,
): Promise<ExternalCalendarView[]> {
  const rows = await rowsOf<CalendarRow>(
    db,
    sql`select ${calendarColumns} from external_calendars c
        where c.practice_id = ${practiceId} and c.therapist_id = ${therapistId}
        order by lower(c.name), c.id`,
  );
  return rows.map(withSkipped);
}

/** One calendar of the therapist in the practice, or undefined (another's calendar is not found). */
export async function calendarOfTherapist(
  db: Db,
  input: { practiceId: number; therapistId: number; calendarId: number },
): Promise<ExternalCalendarView | undefined> {
  const [row] = await rowsOf<CalendarRow>(
    db,
    sql`select ${calendarColumns} from external_calendars c
        where c.id = ${input.calendarId} and c.practice_id = ${input.practiceId}
          and c.therapist_id = ${input.therapistId}`,
  );
  return row ? withSkipped(row) : undefined;
}

/**
 * Fetches and reads the ICS at `url` for the sync window around `now`.
 * Throws IcsFetchError or IcsError with a message for the therapist.
 */
export async function readExternalCalendar(
  url: string,
  input: { timezone: string; now: Date },
  options: SyncOptions = {},
): Promise<IcsCalendar> {
  const text = await fetchIcs(url, options);
  return parseIcsCalendar(text, {
    timezone: input.timezone,
    window: externalSyncWindow(input.now),
  });
}

/** The reason a read failed, for the therapist; anything unexpected is rethrown. */
export function failureMessage(error: unknown): string {
  if (error instanceof IcsFetchError || error instanceof IcsError) return error.message;
  throw error;
}

/**
 * The 400 message when connecting fails. A fetch failure is the fetch's one
 * message as it is (no detail: security finding 13.8); a file that was fetched
 * but is not a calendar says so.
 */
export function connectFailureMessage(error: unknown): string {
  if (error instanceof IcsFetchError) return error.message;
  return `We could not read that calendar. ${failureMessage(error)}`;
}

const INSERT_CHUNK = 500;

/**
 * Replaces the calendar's events with `events` in the transaction `tx`
 * (the caller holds the calendar's row lock).
 */
export async function replaceEvents(
  tx: Db,
  calendar: { id: number; practiceId: number; therapistId: number },
  events: readonly IcsBusyEvent[],
): Promise<void> {
  await tx.delete(externalCalendarEvents).where(eq(externalCalendarEvents.calendarId, calendar.id));
  for (let i = 0; i < events.length; i += INSERT_CHUNK) {
    await tx.insert(externalCalendarEvents).values(
      events.slice(i, i + INSERT_CHUNK).map((e) => ({
        calendarId: calendar.id,
        practiceId: calendar.practiceId,
        therapistId: calendar.therapistId,
        uid: e.uid,
        title: e.title,
        startAt: new Date(e.start),
        endAt: new Date(e.end),
        allDay: e.allDay,
      })),
    );
  }
}

export function truncatedMessage(calendar: IcsCalendar): string | undefined {
  return calendar.truncated
    ? `Only the first ${calendar.events.length} events of this calendar were read.`
    : undefined;
}

/**
 * Syncs one calendar: reads its ICS and, in one transaction, replaces its
 * events and records the result. A failed read changes no event and records
 * the failure with its reason. Holiday and contacts calendars (spec-1 §4)
 * keep no events.
 */
export async function syncExternalCalendar(
  db: Db,
  calendar: {
    id: number;
    practiceId: number;
    therapistId: number;
    url: string;
    calendarKey: string;
  },
  input: { timezone: string; now: Date },
  options: SyncOptions = {},
): Promise<SyncResult> {
  let parsed: IcsCalendar | null = null;
  let failure: string | null = null;
  const skippedBefore =
    isSkippedExternalCalendar(calendar.calendarKey) || isSkippedExternalCalendar(calendar.url);
  if (!skippedBefore) {
    try {
      parsed = await readExternalCalendar(calendar.url, input, options);
    } catch (error) {
      failure = failureMessage(error);
    }
  }
  const skipped = skippedBefore || isSkippedExternalCalendar(parsed?.calendarKey);
  const result = await db.transaction(async (tx) => {
    // Serialises syncs of one calendar; a removed calendar ends here.
    const [locked] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from external_calendars where id = ${calendar.id} for update`,
    );
    if (!locked) return { status: 'failure', message: 'This calendar is no longer connected.' };
    if (failure !== null) {
      await tx
        .update(externalCalendars)
        .set({ lastSyncedAt: input.now, lastSyncStatus: 'failure', lastSyncError: failure })
        .where(eq(externalCalendars.id, calendar.id));
      return { status: 'failure', message: failure } satisfies SyncResult;
    }
    await replaceEvents(tx, calendar, skipped || !parsed ? [] : parsed.events);
    await tx
      .update(externalCalendars)
      .set({
        lastSyncedAt: input.now,
        lastSyncStatus: 'success',
        lastSyncError: null,
        ...(parsed?.calendarKey ? { calendarKey: parsed.calendarKey.slice(0, 500) } : {}),
      })
      .where(eq(externalCalendars.id, calendar.id));
    const message = skipped
      ? EXTERNAL_CALENDAR_MESSAGES.skipped
      : parsed
        ? truncatedMessage(parsed)
        : undefined;
    return message ? { status: 'success', message } : { status: 'success' };
  });
  return result as SyncResult;
}
