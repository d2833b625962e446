/**
 * Weekly series of appointments (issue 5, "series that never break"): which
 * occurrences a move, cancel or edit touches, how a move shifts them, and the
 * plain-English sentence the web shows before the user confirms. The server
 * picks the rows to change with the same `seriesScopeTargets`, so what the
 * dialog promises is what happens.
 */
import { MAX_OCCURRENCES } from './constants.ts';
import { utcToWallTime, wallClockIn, wallTimeToUtc } from './zoned-time.ts';

export const SERIES_SCOPES = ['this', 'following', 'series'] as const;
/** Only this occurrence, it and the later ones, or every occurrence of the series. */
export type SeriesScope = (typeof SERIES_SCOPES)[number];

export type SeriesAction = 'move' | 'cancel' | 'edit';

/** Every week, or every other week. */
export const SERIES_INTERVALS = [1, 2] as const;
export type SeriesIntervalWeeks = (typeof SERIES_INTERVALS)[number];

/** One occurrence as `GET /api/calendar/series/{eventId}` lists it. */
export interface SeriesOccurrence {
  calendar_event_id: number;
  /** ISO instant. */
  start_date_time: string;
  cancelled: boolean;
  /** Attendance has been recorded (attended, not attended or no-show) for an attendee. */
  attended: boolean;
}

export type SeriesSkipReason = 'cancelled' | 'attended';

export interface SeriesScopePlan<T extends SeriesOccurrence = SeriesOccurrence> {
  /** The occurrences the action changes, earliest first. */
  targets: T[];
  /** Occurrences the scope covers that are left as they are, earliest first, with why. */
  skipped: { occurrence: T; reason: SeriesSkipReason }[];
}

export const SERIES_SCOPE_LABELS: Readonly<Record<SeriesScope, string>> = {
  this: 'Only this appointment',
  following: 'This and following',
  series: 'The whole series',
};

export const SERIES_SKIP_REASON_TEXT: Readonly<Record<SeriesSkipReason, string>> = {
  cancelled: 'already cancelled',
  attended: 'attendance already recorded',
};

const ACTION_VERB: Readonly<Record<SeriesAction, { verb: string; participle: string }>> = {
  move: { verb: 'move', participle: 'moved' },
  cancel: { verb: 'cancel', participle: 'cancelled' },
  edit: { verb: 'change', participle: 'changed' },
};

function byStart<T extends SeriesOccurrence>(a: T, b: T): number {
  if (a.start_date_time !== b.start_date_time) {
    return Date.parse(a.start_date_time) - Date.parse(b.start_date_time);
  }
  return a.calendar_event_id - b.calendar_event_id;
}

/**
 * The occurrences an action on `eventId` touches. 'this' is the event alone;
 * 'following' is it and every occurrence that starts at or after it (by the
 * time each one has now, so an occurrence moved on its own counts where it
 * is); 'series' is every occurrence. Cancelled occurrences and those with
 * attendance recorded are never changed: they are listed as skipped with the
 * reason. An id that is not among the occurrences covers nothing.
 */
export function seriesScopeTargets<T extends SeriesOccurrence>(
  occurrences: readonly T[],
  eventId: number,
  scope: SeriesScope,
): SeriesScopePlan<T> {
  const anchor = occurrences.find((o) => o.calendar_event_id === eventId);
  if (!anchor) return { targets: [], skipped: [] };
  const anchorStart = Date.parse(anchor.start_date_time);
  const covered = occurrences
    .filter((o) => {
      if (o.calendar_event_id === eventId) return true;
      switch (scope) {
        case 'this':
          return false;
        case 'following':
          return Date.parse(o.start_date_time) >= anchorStart;
        case 'series':
          return true;
      }
    })
    .sort(byStart);
  const plan: SeriesScopePlan<T> = { targets: [], skipped: [] };
  for (const occurrence of covered) {
    if (occurrence.cancelled) plan.skipped.push({ occurrence, reason: 'cancelled' });
    else if (occurrence.attended) plan.skipped.push({ occurrence, reason: 'attended' });
    else plan.targets.push(occurrence);
  }
  return plan;
}

/** The radio label with its count: 'This and following (4)'; 'Only this appointment' has none. */
export function seriesScopeLabel(scope: SeriesScope, count: number): string {
  return scope === 'this' ? SERIES_SCOPE_LABELS.this : `${SERIES_SCOPE_LABELS[scope]} (${count})`;
}

function appointments(count: number): string {
  return count === 1 ? '1 appointment' : `${count} appointments`;
}

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/**
 * What an action will do, in one paragraph, before the user confirms, e.g.
 * 'This will move 3 appointments: Wed 3/4/2026 9:00 AM, Wed 3/11/2026 9:00 AM
 * and Wed 3/18/2026 9:00 AM. 1 appointment is left as it is: Wed 2/25/2026 9:00 AM
 * (already cancelled).' `formatWhen` shows an occurrence's start (see `formatSeriesWhen`).
 */
export function describeSeriesScope<T extends SeriesOccurrence>(
  plan: SeriesScopePlan<T>,
  action: SeriesAction,
  formatWhen: (occurrence: T) => string,
): string {
  const { verb, participle } = ACTION_VERB[action];
  const parts: string[] = [];
  if (plan.targets.length === 0) {
    parts.push(
      `Nothing will be ${participle}: every appointment in this choice is cancelled or has its attendance recorded.`,
    );
  } else {
    parts.push(
      `This will ${verb} ${appointments(plan.targets.length)}: ${listed(plan.targets.map(formatWhen))}.`,
    );
  }
  if (plan.skipped.length > 0) {
    const count = plan.skipped.length;
    const skipped = plan.skipped.map(
      (s) => `${formatWhen(s.occurrence)} (${SERIES_SKIP_REASON_TEXT[s.reason]})`,
    );
    parts.push(
      `${appointments(count)} ${count === 1 ? 'is' : 'are'} left as ${count === 1 ? 'it is' : 'they are'}: ${listed(skipped)}.`,
    );
  }
  return parts.join(' ');
}

// --- Wall-clock time in the practice's time zone ----------------------------------

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * Moves `iso` by the wall-clock difference from `fromIso` to `toIso` in
 * `timeZone`: dragging one occurrence from 9:00 to 10:00 moves a later one
 * from 9:00 to 10:00 too, even when the clocks change in between. The server
 * does the same arithmetic in SQL.
 */
export function shiftWallClock(
  iso: string,
  fromIso: string,
  toIso: string,
  timeZone: string,
): string {
  const delta =
    utcToWallTime(Date.parse(toIso), timeZone) - utcToWallTime(Date.parse(fromIso), timeZone);
  const shifted = wallTimeToUtc(utcToWallTime(Date.parse(iso), timeZone) + delta, timeZone);
  return new Date(shifted).toISOString();
}

/** 'Wed 3/18/2026', the day of an instant in `timeZone` (the day a conflict message names). */
export function formatSeriesDay(iso: string, timeZone: string): string {
  const wall = new Date(utcToWallTime(Date.parse(iso), timeZone));
  return `${WEEKDAYS[wall.getUTCDay()] ?? ''} ${wall.getUTCMonth() + 1}/${wall.getUTCDate()}/${wall.getUTCFullYear()}`;
}

/** 'Wed 3/18/2026 6:00 PM', an occurrence's start in `timeZone`. */
export function formatSeriesWhen(iso: string, timeZone: string): string {
  const { hour, minute } = wallClockIn(iso, timeZone);
  const minutes = String(minute).padStart(2, '0');
  return `${formatSeriesDay(iso, timeZone)} ${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

// --- Booking a series ---------------------------------------------------------------

export const SERIES_UNTIL_BEFORE_START =
  'The until date must be on or after the first appointment.';
export const SERIES_TOO_LONG = `A series can have at most ${MAX_OCCURRENCES} appointments. Choose an earlier until date.`;

/**
 * How many occurrences a series booked "until a date" has: the first day and
 * every `intervalWeeks` weeks after it up to and including `untilDay` (both
 * 'YYYY-MM-DD' in the practice's zone). 0 when the until day is before the
 * first day; may exceed MAX_OCCURRENCES (the caller refuses that).
 */
export function occurrencesUntil(
  firstDay: string,
  untilDay: string,
  intervalWeeks: SeriesIntervalWeeks,
): number {
  const days = Math.round((Date.parse(untilDay) - Date.parse(firstDay)) / 86_400_000);
  if (!Number.isFinite(days) || days < 0) return 0;
  return Math.floor(days / (7 * intervalWeeks)) + 1;
}
