/**
 * Availability spans and weekday numbering (spec-2 §3-§4, spec-1 §4).
 */
import { WEEKDAYS, type WeekdayCode } from './constants.ts';
import { dayOf, type DateInput } from './dates.ts';

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
