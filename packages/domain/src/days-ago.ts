/**
 * Friendly labels for date ranges and the date-range presets of filters and
 * record printing (spec-1 §9, spec-2 §9). Everything takes `now`.
 *
 * How we read "Today, This Week (7 days), Last 1 Day, Last N Days up to 30,
 * otherwise a date range": a range that ends today and starts N days earlier
 * is labelled by N:
 *   N = 0          -> 'Today'
 *   N = 7          -> 'This Week' (a rolling 7 days, not the calendar week)
 *   N = 1          -> 'Last 1 Day' (kept singular, as the spec writes it)
 *   N = 2..30      -> 'Last N Days'
 * Any other range (longer than 30 days, not ending today, or reversed) is shown
 * as its dates, 'MM/DD/YYYY - MM/DD/YYYY'.
 */
import type { Dayjs } from 'dayjs';
import { dayOf, isoDate, type DateInput, type DateRange } from './dates.ts';
import { formatUsDate } from './formats.ts';

/** The longest range still described as 'Last N Days'. */
export const MAX_DAYS_AGO_LABEL = 30;
/** The N labelled 'This Week'. */
export const THIS_WEEK_DAYS = 7;

function rangeOf(start: Dayjs, end: Dayjs): DateRange {
  return { start: isoDate(start), end: isoDate(end) };
}

/** The range from `days` days before today up to today. */
export function daysAgoRange(days: number, now: DateInput): DateRange {
  const today = dayOf(now);
  return rangeOf(today.subtract(days, 'day'), today);
}

/** The label for a range, as described at the top of this file. */
export function daysAgoLabel(range: DateRange, now: DateInput): string {
  const today = dayOf(now);
  const start = dayOf(range.start);
  const end = dayOf(range.end);
  if (end.isSame(today, 'day')) {
    const days = today.diff(start, 'day');
    if (days === 0) return 'Today';
    if (days === THIS_WEEK_DAYS) return 'This Week';
    if (days === 1) return 'Last 1 Day';
    if (days > 1 && days <= MAX_DAYS_AGO_LABEL) return `Last ${days} Days`;
  }
  return `${formatUsDate(range.start)} - ${formatUsDate(range.end)}`;
}

// --- Presets ---------------------------------------------------------------------------

export interface DateRangePreset {
  label: string;
  range: (now: DateInput) => DateRange;
}

/** 1 January of this year to today. */
function yearToDate(now: DateInput): DateRange {
  const today = dayOf(now);
  return rangeOf(today.startOf('year'), today);
}

/** The whole previous calendar year, 1 January to 31 December. */
function previousCalendarYear(now: DateInput): DateRange {
  const lastYear = dayOf(now).subtract(1, 'year');
  return rangeOf(lastYear.startOf('year'), lastYear.endOf('year'));
}

/** The whole previous calendar month. */
function previousCalendarMonth(now: DateInput): DateRange {
  const lastMonth = dayOf(now).subtract(1, 'month');
  return rangeOf(lastMonth.startOf('month'), lastMonth.endOf('month'));
}

/** The 1st of this month to today. */
function monthToDate(now: DateInput): DateRange {
  const today = dayOf(now);
  return rangeOf(today.startOf('month'), today);
}

/** Default range of the shared filters: start of the current year to today. */
export function defaultSharedFilterRange(now: DateInput): DateRange {
  return yearToDate(now);
}

/**
 * Presets of the shared filters. 'Last Month' and 'Last Year' are the previous
 * calendar month and year (not rolling windows), matching how practices close
 * their books.
 */
export const SHARED_FILTER_PRESETS: readonly DateRangePreset[] = [
  { label: 'Last Month', range: previousCalendarMonth },
  { label: 'Month to Date', range: monthToDate },
  { label: 'Last Year', range: previousCalendarYear },
  { label: 'Year to date', range: yearToDate },
];

/** Default range of record printing: the last 365 days up to today. */
export function defaultPrintRecordsRange(now: DateInput): DateRange {
  return daysAgoRange(365, now);
}

/** Presets of record printing; 'Previous Year' is the previous calendar year. */
export const PRINT_RECORDS_PRESETS: readonly DateRangePreset[] = [
  { label: 'Last 365 Days', range: defaultPrintRecordsRange },
  { label: 'Previous Year', range: previousCalendarYear },
  { label: 'Year to date', range: yearToDate },
];
