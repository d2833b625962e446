import {
  date,
  dateAfter,
  dateBefore,
  isoDate,
  parseUsDate,
  VALIDATION_MESSAGES,
  type MessageValidator,
} from '@openpractice/domain';
import { badRequest } from './errors.ts';

/**
 * Checks that run the domain validators so a refused value carries the spec's
 * message, and small helpers for mutations (unchanged answers, changed fields).
 * Wire schemas live in @openpractice/contracts.
 */

/** Mutations answer this when the stored row already matched (spec-2 §4: skipped when unchanged). */
export const UNCHANGED = { status: 'unchanged' } as const;

/** Trimmed text, with blank as null; undefined stays undefined (not sent). */
export function cleanText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Text that must be present: trimmed, and 400 'This is required.' when blank. */
export function requireText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(VALIDATION_MESSAGES.required, field);
  return trimmed;
}

/** Runs domain validators on a value; the first failure becomes a 400 naming the field. */
export function check(field: string, value: unknown, ...validators: MessageValidator[]): void {
  for (const validator of validators) {
    const result = validator(value);
    if (result !== true) throw badRequest(result, field);
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * A calendar date from the wire. Dates travel as ISO ('1985-06-15'); what a
 * person typed ('06/15/1985') is accepted too and checked with the domain's
 * `date` rule. Stored and answered as ISO. Blank clears; undefined is "not sent".
 */
export function isoDateField(
  value: string | null | undefined,
  field: string,
  ...bounds: MessageValidator[]
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  let iso: string;
  if (ISO_DATE.test(text)) {
    if (!isRealIsoDate(text)) throw badRequest(VALIDATION_MESSAGES.date, field);
    iso = text;
  } else {
    check(field, text, date);
    const parsed = parseUsDate(text);
    if (!parsed) throw badRequest(VALIDATION_MESSAGES.date, field);
    iso = isoDate(parsed);
  }
  check(field, iso, ...bounds);
  return iso;
}

/** Oldest date of birth or onset we accept: anything earlier is a typing slip. */
export const EARLIEST_DATE = '1900-01-01';

/** Bounds for a date that cannot be in the future (date of birth, onset). */
export function pastDateBounds(now: Date): MessageValidator[] {
  return [dateAfter(EARLIEST_DATE), dateBefore(now)];
}

/** A date of a membership or event: a sane range, future allowed. */
export const ANY_DATE_BOUNDS: MessageValidator[] = [
  dateAfter(EARLIEST_DATE),
  dateBefore('2199-12-31'),
];

/** Lists of names the audit detail carries: field names, never values. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): (keyof T & string)[] {
  return (Object.keys(after) as (keyof T & string)[]).filter(
    (key) => after[key] !== undefined && !sameValue(before[key], after[key]),
  );
}

/** Equal values; a missing value and null are the same (nothing stored). */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return true;
  if (x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}
