/**
 * A therapist's availability spans and date exceptions (spec-2 §3–§5): which
 * dates a span may cover, which span the editor shows, and the days off or
 * extra hours on one date.
 */
import { formatUsDate } from './formats.ts';
import { VALIDATION_MESSAGES } from './validators.ts';
import { isIsoDay } from './zoned-time.ts';
import {
  AVAILABILITY_RULES,
  currentSpan,
  formatClockRange,
  hoursOverlap,
  NO_END_DATE,
  NO_START_DATE,
  validateAvailabilityHours,
  type AvailabilityHours,
  type AvailabilityIssue,
  type AvailabilitySpan,
} from './availability.ts';

// --- Spans ------------------------------------------------------------------------

/** Each bound empty or a real day, and the end on or after the start. */
export function validateSpanDates(span: Pick<AvailabilitySpan, 'span_from' | 'span_to'>) {
  const issues: AvailabilityIssue[] = [];
  for (const field of ['span_from', 'span_to'] as const) {
    const value = span[field];
    if (value !== null && !isIsoDay(value)) {
      issues.push({ field, message: AVAILABILITY_RULES.spanDate });
    }
  }
  if (issues.length === 0 && span.span_from !== null && span.span_to !== null) {
    if (span.span_to < span.span_from) {
      issues.push({
        field: 'span_to',
        message: VALIDATION_MESSAGES.dateAfter(formatUsDate(span.span_from)),
      });
    }
  }
  return issues;
}

/** Whether two spans share a day (open bounds reach forever). */
export function spansOverlap(
  a: Pick<AvailabilitySpan, 'span_from' | 'span_to'>,
  b: Pick<AvailabilitySpan, 'span_from' | 'span_to'>,
): boolean {
  const aStartsBeforeBEnds = a.span_from === null || b.span_to === null || a.span_from <= b.span_to;
  const bStartsBeforeAEnds = b.span_from === null || a.span_to === null || b.span_from <= a.span_to;
  return aStartsBeforeBEnds && bStartsBeforeAEnds;
}

/**
 * The therapist's span that the candidate dates would overlap, or null. A
 * therapist's spans never overlap, so each day has at most one weekly pattern.
 */
export function overlappingSpan<T extends AvailabilitySpan>(
  spans: readonly T[],
  candidate: Pick<AvailabilitySpan, 'span_from' | 'span_to'>,
  ignoreSpanId?: number | string,
): T | null {
  return (
    spans.find((span) => span.span_id !== ignoreSpanId && spansOverlap(span, candidate)) ?? null
  );
}

/** '06/01/2025 – No end date'. */
export function spanLabel(span: Pick<AvailabilitySpan, 'span_from' | 'span_to'>): string {
  const from = span.span_from === null ? NO_START_DATE : formatUsDate(span.span_from);
  const to = span.span_to === null ? NO_END_DATE : formatUsDate(span.span_to);
  return `${from} – ${to}`;
}

export function spanOverlapMessage(other: Pick<AvailabilitySpan, 'span_from' | 'span_to'>): string {
  return `These dates overlap another availability span (${spanLabel(other)}). Change that span's dates first.`;
}

/** Oldest first: an open start before any date, then by start, then by id. */
export function sortSpans<T extends AvailabilitySpan>(spans: readonly T[]): T[] {
  return [...spans].sort((a, b) => {
    if (a.span_from !== b.span_from) {
      if (a.span_from === null) return -1;
      if (b.span_from === null) return 1;
      return a.span_from < b.span_from ? -1 : 1;
    }
    return Number(a.span_id) - Number(b.span_id);
  });
}

/**
 * The span the editor opens: the one in force today, else the next one to
 * start, else the one that ended last; null when there are none.
 */
export function spanToShow<T extends AvailabilitySpan>(
  spans: readonly T[],
  today: string,
): T | null {
  const sorted = sortSpans(spans);
  return (
    currentSpan(sorted, today) ??
    sorted.find((span) => span.span_from !== null && span.span_from > today) ??
    sorted.at(-1) ??
    null
  );
}

/**
 * What the editor loads after a span is deleted (spec-2 §4): the span in
 * force today, else the one that follows the deleted span, else the one
 * before it; null when none remain.
 */
export function replacementSpan<T extends AvailabilitySpan>(
  remaining: readonly T[],
  deleted: Pick<AvailabilitySpan, 'span_from' | 'span_to'>,
  today: string,
): T | null {
  const sorted = sortSpans(remaining);
  const startsAfterDeleted = (span: T) =>
    deleted.span_from === null
      ? true
      : span.span_from !== null && span.span_from > deleted.span_from;
  return (
    currentSpan(sorted, today) ??
    sorted.find(startsAfterDeleted) ??
    sorted.filter((span) => !startsAfterDeleted(span)).at(-1) ??
    null
  );
}

/** Saving a day when the therapist has no span first creates this one (spec-2 §4). */
export const OPEN_ENDED_SPAN = { span_from: null, span_to: null } as const;

// --- Date exceptions -------------------------------------------------------------

export const AVAILABILITY_EXCEPTION_KINDS = ['off', 'extra'] as const;
/** 'off': no availability that day; 'extra': these hours are added that day. */
export type AvailabilityExceptionKind = (typeof AVAILABILITY_EXCEPTION_KINDS)[number];

export interface AvailabilityExceptionInput extends Partial<AvailabilityHours> {
  date: string;
  kind: AvailabilityExceptionKind;
}

/** A day off or extra hours, on a real date from today on. */
export function validateException(
  input: AvailabilityExceptionInput,
  options: { today: string; telehealthAllowed: boolean },
): AvailabilityIssue[] {
  if (!isIsoDay(input.date)) return [{ field: 'date', message: AVAILABILITY_RULES.date }];
  if (input.date < options.today) {
    return [{ field: 'date', message: VALIDATION_MESSAGES.dateAfter(formatUsDate(options.today)) }];
  }
  if (input.kind === 'off') return [];
  return validateAvailabilityHours(
    {
      practiceLocationId: input.practiceLocationId ?? null,
      startTime: input.startTime ?? '',
      endTime: input.endTime ?? '',
      onlineScheduling: input.onlineScheduling ?? false,
      scheduleEvery: input.scheduleEvery ?? 60,
      inPersonEnabled: input.inPersonEnabled ?? false,
      teletherapyEnabled: input.teletherapyEnabled ?? false,
    },
    options,
  );
}

/**
 * Why the exception cannot join the therapist's others, or null: one day off
 * per date, and extra hours that do not overlap other extra hours that day.
 * A day off and extra hours on the same date mean "only these hours".
 */
export function exceptionConflict(
  existing: readonly AvailabilityExceptionInput[],
  candidate: AvailabilityExceptionInput,
): AvailabilityIssue | null {
  const sameDay = existing.filter((e) => e.date === candidate.date && e.kind === candidate.kind);
  if (candidate.kind === 'off') {
    return sameDay.length > 0 ? { field: 'date', message: AVAILABILITY_RULES.dayOff } : null;
  }
  const other = sameDay.find((e) =>
    hoursOverlap(
      { startTime: e.startTime ?? '', endTime: e.endTime ?? '' },
      { startTime: candidate.startTime ?? '', endTime: candidate.endTime ?? '' },
    ),
  );
  return other
    ? {
        field: 'startTime',
        message: `These hours overlap other extra hours that day (${formatClockRange(other.startTime ?? '', other.endTime ?? '')}).`,
      }
    : null;
}
