/**
 * Reading the date values the domain rules receive. Rules never read the
 * clock: anything that depends on "today" takes `now` as one of these inputs.
 */
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A Date, an ISO date ('2024-03-01') or date-time ('2024-03-01T09:30:00'),
 * or a US date as users type it ('03/01/2024'). Strings without a zone are
 * read as local time, so '2024-03-01' is that calendar day wherever we run.
 */
export type DateInput = Date | string;

/** An inclusive range of calendar days as ISO dates ('YYYY-MM-DD'). */
export interface DateRange {
  start: string;
  end: string;
}

export const ISO_DATE_FORMAT = 'YYYY-MM-DD';

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * Parses 'MM/DD/YYYY' strictly: the month and day must exist on the
 * calendar (02/30/2024 is rejected rather than rolled over to March).
 */
export function parseUsDate(text: string): Dayjs | null {
  const match = US_DATE.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  const parsed = dayjs(new Date(year, month - 1, day));
  const rolledOver =
    parsed.year() !== year || parsed.month() !== month - 1 || parsed.date() !== day;
  return rolledOver ? null : parsed;
}

/** Any DateInput as a dayjs value; unreadable input gives an invalid dayjs. */
export function toDay(input: DateInput): Dayjs {
  if (typeof input === 'string' && US_DATE.test(input)) {
    return parseUsDate(input) ?? dayjs(null);
  }
  return dayjs(input);
}

/** The calendar day of `input` at local midnight. */
export function dayOf(input: DateInput): Dayjs {
  return toDay(input).startOf('day');
}

/** ISO date ('YYYY-MM-DD') of a dayjs value, used for ranges that cross the wire. */
export function isoDate(day: Dayjs): string {
  return day.format(ISO_DATE_FORMAT);
}
