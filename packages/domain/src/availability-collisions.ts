/**
 * Availability changes that collide with booked appointments (issue 15 item
 * 7): a day off, or weekly hours shortened or removed, on dates that already
 * have appointments. The editor warns with the list before saving; the server
 * refuses the save until the person confirms. Dates are practice days
 * ('YYYY-MM-DD'), times 'HH:MM' on the practice's clocks. Pure.
 */
import { parseClock } from './availability.ts';
import { formatUsDate } from './formats.ts';
import { isoWeekday, zonedIsoDate, utcToWallTime } from './zoned-time.ts';
import { formatTimeWithZone } from './zone-names.ts';

/** An appointment's time, as ISO instants. */
export interface BookedTime {
  start: string;
  end: string;
}

/** Weekly hours of a span ('HH:MM' on the practice's clocks). */
export interface WeeklyHours {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/** A span (inclusive practice days; null bounds are open) with its weekly hours. */
export interface SpanHours {
  span_from: string | null;
  span_to: string | null;
  days: readonly WeeklyHours[];
}

/** A day off, or extra hours on one date. */
export interface DateHours {
  date: string;
  kind: 'off' | 'extra';
  startTime: string | null;
  endTime: string | null;
}

/** Everything that makes a therapist's hours. */
export interface TherapistHours {
  spans: readonly SpanHours[];
  exceptions: readonly DateHours[];
}

const inSpan = (span: SpanHours, date: string) =>
  (span.span_from === null || span.span_from <= date) &&
  (span.span_to === null || date <= span.span_to);

function minutesOf(hours: { startTime: string | null; endTime: string | null }) {
  const start = parseClock(hours.startTime ?? '');
  const end = parseClock(hours.endTime ?? '');
  return start === null || end === null || end <= start ? [] : [[start, end] as const];
}

/**
 * The hours of one date, as minutes after midnight: the weekly hours of the
 * span holding it, unless the date is a day off, and the date's extra hours
 * (a day off with extra hours means "only these hours").
 */
export function hoursOnDate(hours: TherapistHours, date: string): (readonly [number, number])[] {
  const exceptions = hours.exceptions.filter((e) => e.date === date);
  const off = exceptions.some((e) => e.kind === 'off');
  const weekday = isoWeekday(date);
  const span = off ? undefined : hours.spans.find((s) => inSpan(s, date));
  return [
    ...(span?.days ?? []).filter((d) => d.dayOfWeek === weekday).flatMap(minutesOf),
    ...exceptions.filter((e) => e.kind === 'extra').flatMap(minutesOf),
  ];
}

/** Whether a booked time lies wholly inside the hours of its practice day. */
export function withinHours(booked: BookedTime, hours: TherapistHours, timezone: string): boolean {
  const date = zonedIsoDate(booked.start, timezone);
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const from = (utcToWallTime(Date.parse(booked.start), timezone) - dayStart) / 60_000;
  const to = from + (Date.parse(booked.end) - Date.parse(booked.start)) / 60_000;
  return hoursOnDate(hours, date).some(([start, end]) => start <= from && to <= end);
}

/**
 * The booked times a change leaves outside the therapist's hours, in order.
 * Shortened or removed hours (`before` given): those inside the hours before
 * and not after; an appointment already outside them (placed by hand) is not
 * the change's doing. A day off (`before` null): every one not inside the
 * hours left that day, since the therapist is away.
 */
export function bookedTimesLeftOutside<T extends BookedTime>(
  booked: readonly T[],
  after: TherapistHours,
  timezone: string,
  before: TherapistHours | null,
): T[] {
  return booked
    .filter(
      (b) =>
        (before === null || withinHours(b, before, timezone)) && !withinHours(b, after, timezone),
    )
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** 'Tue 02/03/2032 10:00 AM Eastern': how a colliding appointment is named in a message. */
export function collisionWhen(start: string, timezone: string): string {
  const date = zonedIsoDate(start, timezone);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][isoWeekday(date)] ?? '';
  return `${weekday} ${formatUsDate(date)} ${formatTimeWithZone(start, timezone)}`;
}

/** The most appointments a refusal names one by one; the editor's list shows them all. */
export const COLLISIONS_NAMED = 5;

/**
 * The refusal when a change would leave booked appointments outside the
 * therapist's hours and was not confirmed (the spec has no text for it; it
 * names the appointments by time only, never a client).
 */
export function collisionRefusal(starts: readonly string[], timezone: string): string {
  const n = starts.length;
  const named = starts.slice(0, COLLISIONS_NAMED).map((s) => collisionWhen(s, timezone));
  const more = n > COLLISIONS_NAMED ? ` and ${n - COLLISIONS_NAMED} more` : '';
  const what = n === 1 ? '1 booked appointment' : `${n} booked appointments`;
  return `This change leaves ${what} outside the therapist's hours: ${named.join('; ')}${more}. Reschedule ${n === 1 ? 'it' : 'them'}, or confirm to save anyway.`;
}
