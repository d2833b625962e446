/**
 * Time on a practice's clocks (its IANA zone), whatever zone the server or the
 * browser runs in: the one place the server, the web calendar and the ICS
 * reader turn instants into wall-clock times and back, and do calendar-day
 * arithmetic (week starts, the month view's six weeks). Uses Intl only; pure.
 *
 * A "wall time" is a zone's clock reading written as if it were UTC
 * milliseconds (09:00 in New York is Date.UTC(…, 9, 0)), so plain UTC
 * arithmetic moves along the zone's calendar.
 */
import { MONTH_VIEW_WEEKS } from './constants.ts';

const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 15 * 60_000;

// --- Zones and offsets -----------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const zoneValidity = new Map<string, boolean>();

/** True when the runtime's time-zone database knows the IANA name. */
export function isKnownTimezone(zone: string): boolean {
  const known = zoneValidity.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    partsFormatter(zone);
    valid = zone.trim() !== '';
  } catch {
    valid = false;
  }
  zoneValidity.set(zone, valid);
  return valid;
}

/** The zone's offset at an instant, asked of Intl (slow: tens of microseconds). */
function offsetFromIntl(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * Offsets change only on the quarter hour (clock changes happen on the hour
 * or half hour), so one lookup serves every instant of a quarter hour: a
 * month of thousands of calendar events asks Intl a few hundred times, not
 * tens of thousands.
 */
const offsetCache = new Map<string, number>();

/** Milliseconds the zone is ahead of UTC at an instant (New York in winter: -18,000,000). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone}|${String(Math.floor(instantMs / QUARTER_HOUR_MS))}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size > 20_000) offsetCache.clear();
    offset = offsetFromIntl(instantMs, timeZone);
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The zone's wall time of an instant. */
export function utcToWallTime(instantMs: number, timeZone: string): number {
  return instantMs + zoneOffsetMs(instantMs, timeZone);
}

/**
 * The instant a zone's clocks show a wall time. A time skipped by a spring
 * change is read with the offset from before it (02:30 becomes 03:30); a
 * repeated autumn time means its first occurrence (as RFC 5545 §3.3.5 asks).
 */
export function wallTimeToUtc(wallMs: number, timeZone: string): number {
  if (timeZone === 'UTC') return wallMs;
  const before = zoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallMs + DAY_MS, timeZone);
  const shown = [...new Set([before, after])]
    .map((offset) => wallMs - offset)
    .filter((instant) => utcToWallTime(instant, timeZone) === wallMs);
  return shown.length > 0 ? Math.min(...shown) : wallMs - before;
}

// --- Wall clocks -----------------------------------------------------------------------

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/** The zone's calendar date and clock time at an instant. */
export function wallClockIn(at: Date | string | number, timeZone: string): WallClock {
  const wall = new Date(utcToWallTime(toDate(at).getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM/DD/YYYY' on the zone's calendar. */
export function formatZonedDate(at: Date | string, timeZone: string): string {
  const w = wallClockIn(at, timeZone);
  return `${pad(w.month)}/${pad(w.day)}/${w.year}`;
}

/** 'h:mm A' on the zone's clocks. */
export function formatZonedTime(at: Date | string, timeZone: string): string {
  const w = wallClockIn(at, timeZone);
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${hour12}:${pad(w.minute)} ${w.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'YYYY-MM-DD' on the zone's calendar: the practice-local date of an instant. */
export function zonedIsoDate(at: Date | string | number, timeZone: string): string {
  const w = wallClockIn(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** 'YYYY-MM-DDTHH:mm' on the zone's clocks: the value of a datetime-local field. */
export function zonedDateTimeValue(at: Date | string, timeZone: string): string {
  const w = wallClockIn(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a zone's clocks show a 'YYYY-MM-DDTHH:mm' value, as an ISO
 * instant; null when it is not one. Gaps and repeats as `wallTimeToUtc`.
 */
export function instantOfZonedDateTime(value: string, timeZone: string): string | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return new Date(wallTimeToUtc(wall, timeZone)).toISOString();
}

/** The instant a practice-local day ('YYYY-MM-DD') starts; null when it is not a day. */
export function startOfZonedDay(day: string, timeZone: string): string | null {
  return instantOfZonedDateTime(`${day}T00:00`, timeZone);
}

// --- Calendar days ---------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const utcMidnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** True for a real 'YYYY-MM-DD' calendar day (2026-02-30 is not one). */
export function isIsoDay(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const ms = utcMidnightOf(value);
  return !Number.isNaN(ms) && dayOfUtc(ms) === value;
}

/** Adds whole days to an ISO date (calendar arithmetic: clock changes do not matter). */
export function addIsoDays(day: string, days: number): string {
  return dayOfUtc(utcMidnightOf(day) + days * DAY_MS);
}

/** The weekday of an ISO date, 0 = Sunday … 6 = Saturday. */
export function isoWeekday(day: string): number {
  return new Date(utcMidnightOf(day)).getUTCDay();
}

/** The Sunday on or before the day: the practice's weeks start on Sunday. */
export function sundayOnOrBefore(day: string): string {
  return addIsoDays(day, -isoWeekday(day));
}

/** [start, end) as ISO dates; the server reads a bare date as midnight in the practice's zone. */
export interface DayWindow {
  start: string;
  end: string;
}

/** The Sunday-to-Saturday week holding the day: [its Sunday, the next Sunday). */
export function weekWindow(day: string): DayWindow {
  const start = sundayOnOrBefore(day);
  return { start, end: addIsoDays(start, 7) };
}

/** The month view's grid: six weeks from the Sunday on or before the first of the day's month. */
export function monthGridWindow(day: string): DayWindow {
  const start = sundayOnOrBefore(`${day.slice(0, 7)}-01`);
  return { start, end: addIsoDays(start, MONTH_VIEW_WEEKS * 7) };
}

/** The same day of the month `months` later or earlier, or that month's last day. */
export function addIsoMonths(day: string, months: number): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return dayOfUtc(target.getTime());
}
