import {
  formatUsDate,
  ISO_DATE_FORMAT,
  isoDate,
  parseUsDate,
  toFieldValidator,
  type DateInput,
} from '@openpractice/domain';
import dayjs from 'dayjs';

/** A date from the wire (or now) as typed in forms ('06/15/1985'); '' when there is none. */
export function usDateOf(value: DateInput | null | undefined): string {
  return formatUsDate(value, '');
}

/**
 * A typed date for the wire: ISO when it is a real MM/DD/YYYY date, null when
 * blank, else the text as typed (the form's validator refuses it first).
 */
export function wireDateOf(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  const parsed = parseUsDate(text);
  return parsed ? isoDate(parsed) : text;
}

/** The ISO day `days` before `now` (0: today), in the browser's zone. */
export function isoDaysAgo(now: Date, days = 0): string {
  return dayjs(now).subtract(days, 'day').format(ISO_DATE_FORMAT);
}

/** Oldest date of birth or onset the server accepts: anything earlier is a typing slip. */
export const EARLIEST_DATE = '1900-01-01';

/**
 * A typed date that cannot be in the future (date of birth, onset): a real
 * MM/DD/YYYY date from 1900 to today, or blank. Messages are the domain's.
 */
export function pastDateRule(now: Date): (value: string) => true | string {
  const rule = toFieldValidator([
    { name: 'date' },
    { name: 'dateAfter', value: EARLIEST_DATE },
    { name: 'dateBefore', value: now },
  ]);
  return (value) => rule(value.trim());
}
