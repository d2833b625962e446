/**
 * Availability: spans, weekly days, date exceptions and the editor's rules
 * (spec-2 §3-§4, §8; spec-1 §4 "Availability items repeat weekly on their day").
 * Dates are ISO calendar days ('YYYY-MM-DD') and times wall-clock 'HH:MM' in
 * the practice's time zone; nothing here reads the clock (callers pass today).
 */
import { WEEKDAYS, type WeekdayCode } from './constants.ts';
import { dayOf, type DateInput } from './dates.ts';
import { VALIDATION_MESSAGES } from './validators.ts';

export interface AvailabilitySpan {
  span_id: number | string;
  /** First day of the span (ISO date); null means it has always applied. */
  span_from: string | null;
  /** Last day of the span (ISO date); null means it runs on with no end. */
  span_to: string | null;
}

/** Both bounds are inclusive calendar days; a null bound is open. */
export function spanContains(span: AvailabilitySpan, day: DateInput): boolean {
  const target = dayOf(day);
  const startsInTime = span.span_from === null || !dayOf(span.span_from).isAfter(target);
  const endsInTime = span.span_to === null || !dayOf(span.span_to).isBefore(target);
  return startsInTime && endsInTime;
}

/** The span in force today, or null when there is none. Spans should not overlap; if they do, the first listed wins. */
export function currentSpan<T extends AvailabilitySpan>(
  spans: readonly T[],
  now: DateInput,
): T | null {
  return spans.find((span) => spanContains(span, now)) ?? null;
}

const CODES = Object.keys(WEEKDAYS) as WeekdayCode[];

/** 'SUN' -> 0 ... 'SAT' -> 6. */
export function weekdayNumber(code: WeekdayCode): number {
  return WEEKDAYS[code];
}

/** 0 -> 'SUN' ... 6 -> 'SAT'; null for anything else. */
export function weekdayCode(day: number): WeekdayCode | null {
  return CODES.find((code) => WEEKDAYS[code] === day) ?? null;
}

/** Day names in weekday order, SUN 0 to SAT 6. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

// --- Messages -------------------------------------------------------------------

/** The availability messages of spec-2 §8, word for word. */
export const AVAILABILITY_MESSAGES = {
  noLocations: "We didn't find any practice locations. Please check your practice settings.",
  noDefaultLocation:
    "We didn't find a default practice location. Please check your practice settings.",
  problem: "We're sorry, there was a problem.",
  /** Retry reloads. */
  addFailed: 'Sorry, there was an error adding this availability.',
  findFailed: 'Sorry, there was an issue finding this availability.',
  deleteFailed: 'Unable to delete that availability section.',
  saveSlotFailed: "We're sorry, there was a problem saving this availability slot.",
  loadFailed: 'Unable to get availability data.',
  /** Retry reloads. */
  addDayFailed: 'Failed to add day info to availability.',
} as const;

/** Texts of the editor's own rules (the spec leaves per-span rules unsaid). */
export const AVAILABILITY_RULES = {
  dayOfWeek: 'Choose a day of the week.',
  startTime: 'Please enter a valid start time.',
  endTime: 'Please enter a valid end time.',
  endAfterStart: 'The end time must be after the start time.',
  scheduleEveryMin: VALIDATION_MESSAGES.greaterThan(0),
  scheduleEveryMax: 'Please enter no more than 1440 minutes.',
  scheduleEveryWhole: 'Please enter whole minutes.',
  mode: 'Choose in person, telehealth or both.',
  location: 'Choose a location for in-person availability.',
  noTelehealth: 'This therapist does not offer telehealth.',
  date: VALIDATION_MESSAGES.date,
  spanDate: 'Please enter a valid date or leave it empty.',
  dayOff: 'That day is already marked as a day off.',
  chooseSpan: 'Choose the availability span this day belongs to.',
  spanHasDays: 'This availability span already has days.',
} as const;

export const NO_START_DATE = 'No start date';
export const NO_END_DATE = 'No end date';

/** A problem with one field of an availability form. */
export interface AvailabilityIssue {
  field: string;
  message: string;
}

// --- Clock times ----------------------------------------------------------------

/** Minutes since midnight of 'H:MM', 'HH:MM' or 'HH:MM:SS' (seconds 00); null when unreadable. */
export function parseClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59 || (match[3] !== undefined && match[3] !== '00')) return null;
  return hours * 60 + minutes;
}

/** 'HH:MM' of minutes since midnight. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 'h:mm A' (spec-2 §9) of a clock time; the text itself when unreadable. */
export function formatClock(text: string): string {
  const minutes = parseClock(text);
  if (minutes === null) return text;
  const hours = Math.floor(minutes / 60);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '9:00 AM–5:00 PM'. */
export function formatClockRange(startTime: string, endTime: string): string {
  return `${formatClock(startTime)}–${formatClock(endTime)}`;
}

// --- Hours (a weekly day, or extra hours on a date) ------------------------------

/** The hours of a weekly day or of extra hours on one date. */
export interface AvailabilityHours {
  practiceLocationId: number | null;
  startTime: string;
  endTime: string;
  onlineScheduling: boolean;
  scheduleEvery: number;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
}

/** An availability day as spec-2 §3 names its fields (without its ids). */
export interface AvailabilityDayInput extends AvailabilityHours {
  dayOfWeek: number;
}

export const SCHEDULE_EVERY_MAX_MINUTES = 1440;

/** Times, slot spacing, in person and/or telehealth, and a location for in-person hours. */
export function validateAvailabilityHours(
  hours: AvailabilityHours,
  options: { telehealthAllowed: boolean },
): AvailabilityIssue[] {
  const issues: AvailabilityIssue[] = [];
  const start = parseClock(hours.startTime);
  const end = parseClock(hours.endTime);
  if (start === null) issues.push({ field: 'startTime', message: AVAILABILITY_RULES.startTime });
  if (end === null) issues.push({ field: 'endTime', message: AVAILABILITY_RULES.endTime });
  if (start !== null && end !== null && end <= start) {
    issues.push({ field: 'endTime', message: AVAILABILITY_RULES.endAfterStart });
  }
  const every = hours.scheduleEvery;
  if (!Number.isFinite(every) || every <= 0) {
    issues.push({ field: 'scheduleEvery', message: AVAILABILITY_RULES.scheduleEveryMin });
  } else if (!Number.isInteger(every)) {
    issues.push({ field: 'scheduleEvery', message: AVAILABILITY_RULES.scheduleEveryWhole });
  } else if (every > SCHEDULE_EVERY_MAX_MINUTES) {
    issues.push({ field: 'scheduleEvery', message: AVAILABILITY_RULES.scheduleEveryMax });
  }
  if (!hours.inPersonEnabled && !hours.teletherapyEnabled) {
    issues.push({ field: 'inPersonEnabled', message: AVAILABILITY_RULES.mode });
  }
  if (hours.teletherapyEnabled && !options.telehealthAllowed) {
    issues.push({ field: 'teletherapyEnabled', message: AVAILABILITY_RULES.noTelehealth });
  }
  if (hours.inPersonEnabled && hours.practiceLocationId === null) {
    issues.push({ field: 'practiceLocationId', message: AVAILABILITY_RULES.location });
  }
  return issues;
}

/** A weekly day: a weekday SUN 0 to SAT 6, and valid hours. */
export function validateAvailabilityDay(
  day: AvailabilityDayInput,
  options: { telehealthAllowed: boolean },
): AvailabilityIssue[] {
  const issues: AvailabilityIssue[] =
    weekdayCode(day.dayOfWeek) === null
      ? [{ field: 'dayOfWeek', message: AVAILABILITY_RULES.dayOfWeek }]
      : [];
  return [...issues, ...validateAvailabilityHours(day, options)];
}

/** Whether two blocks of one day share time; blocks that only touch (9-12, 12-5) do not. */
export function hoursOverlap(
  a: Pick<AvailabilityHours, 'startTime' | 'endTime'>,
  b: Pick<AvailabilityHours, 'startTime' | 'endTime'>,
): boolean {
  const as = parseClock(a.startTime);
  const ae = parseClock(a.endTime);
  const bs = parseClock(b.startTime);
  const be = parseClock(b.endTime);
  if (as === null || ae === null || bs === null || be === null) return false;
  return as < be && bs < ae;
}

/**
 * The day of the same span that a new or changed day would overlap (same
 * weekday, shared time), or null. `ignoreDayId` is the day being changed.
 */
export function overlappingDay<T extends AvailabilityDayInput & { day_id: number | string }>(
  days: readonly T[],
  candidate: AvailabilityDayInput,
  ignoreDayId?: number | string,
): T | null {
  return (
    days.find(
      (day) =>
        day.day_id !== ignoreDayId &&
        day.dayOfWeek === candidate.dayOfWeek &&
        hoursOverlap(day, candidate),
    ) ?? null
  );
}

/** 'This time overlaps Monday 9:00 AM–5:00 PM.' */
export function dayOverlapMessage(day: AvailabilityDayInput): string {
  const name = WEEKDAY_NAMES[day.dayOfWeek] ?? 'another day';
  return `This time overlaps ${name} ${formatClockRange(day.startTime, day.endTime)}.`;
}

/** The first overlap inside a list of new days (filling an empty span), as an issue. */
export function overlapWithinDays(days: readonly AvailabilityDayInput[]): AvailabilityIssue | null {
  for (const [i, day] of days.entries()) {
    const earlier = days.slice(0, i).find((other) => {
      return other.dayOfWeek === day.dayOfWeek && hoursOverlap(other, day);
    });
    if (earlier) return { field: `days.${i}.startTime`, message: dayOverlapMessage(earlier) };
  }
  return null;
}

// --- What is left of availability --------------------------------------------------

/** An interval of time as ISO instants; the end is exclusive. */
export interface InstantRange {
  start: string;
  end: string;
}

/**
 * The parts of an availability block not covered by busy time (booked
 * appointments, meetings, out of office), in order; pieces shorter than
 * `minMinutes` are dropped.
 */
export function remainingRanges(
  block: InstantRange,
  busy: readonly InstantRange[],
  minMinutes = 1,
): InstantRange[] {
  const blockStart = Date.parse(block.start);
  const blockEnd = Date.parse(block.end);
  const taken = busy
    .map((b) => [Date.parse(b.start), Date.parse(b.end)] as const)
    .filter(([s, e]) => s < blockEnd && e > blockStart)
    .sort((a, b) => a[0] - b[0]);
  const free: [number, number][] = [];
  let cursor = blockStart;
  for (const [s, e] of taken) {
    if (s > cursor) free.push([cursor, Math.min(s, blockEnd)]);
    cursor = Math.max(cursor, e);
    if (cursor >= blockEnd) break;
  }
  if (cursor < blockEnd) free.push([cursor, blockEnd]);
  return free
    .filter(([s, e]) => e - s >= minMinutes * 60_000)
    .map(([s, e]) => ({ start: new Date(s).toISOString(), end: new Date(e).toISOString() }));
}
