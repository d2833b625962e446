import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';

/**
 * The calendar shows the practice's wall-clock time wherever the browser is
 * (a biller working from another state sees 9:00 where the office sees
 * 9:00). FullCalendar needs a plugin for named time zones; this one uses the
 * browser's own time zone data (Intl), so no date library is shipped.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
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

const utcOfArray = (a: readonly number[]) =>
  Date.UTC(a[0] ?? 1970, a[1] ?? 0, a[2] ?? 1, a[3] ?? 0, a[4] ?? 0, a[5] ?? 0, a[6] ?? 0);

/** Minutes the zone is ahead of UTC at an instant, asked of Intl (slow: tens of microseconds). */
function offsetFromIntl(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
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
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * Offsets only change on the quarter hour (clock changes happen on the hour
 * or half hour), so one lookup serves every instant of a quarter hour: a
 * month of thousands of events asks Intl a few hundred times, not tens of
 * thousands.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetCache = new Map<string, number>();

/** Minutes the zone is ahead of UTC at an instant (New York in winter: -300). */
export function offsetAt(ms: number, timeZone: string): number {
  const key = `${timeZone}|${String(Math.floor(ms / QUARTER_HOUR_MS))}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size > 20_000) offsetCache.clear();
    offset = offsetFromIntl(ms, timeZone);
    offsetCache.set(key, offset);
  }
  return offset;
}

/** [year, month (0-11), day, hour, minute, second, ms] of an instant on the zone's clocks. */
export function wallClockOf(ms: number, timeZone: string): number[] {
  const wall = new Date(ms + offsetAt(ms, timeZone) * 60_000);
  return [
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  ];
}

/**
 * The zone's offset for a wall-clock time. A time skipped by a spring
 * clock change takes the offset from before the change (2:30 becomes 3:30);
 * a repeated autumn hour takes the first (summer) one.
 */
export function offsetForWallClock(a: readonly number[], timeZone: string): number {
  const wall = utcOfArray(a);
  const first = offsetAt(wall, timeZone);
  const second = offsetAt(wall - first * 60_000, timeZone);
  if (first === second) return first;
  const third = offsetAt(wall - second * 60_000, timeZone);
  return second === third ? second : Math.min(first, second);
}

class IntlNamedTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    return offsetForWallClock(a, this.timeZoneName);
  }

  timestampToArray(ms: number): number[] {
    return wallClockOf(ms, this.timeZoneName);
  }
}

export const practiceTimeZonePlugin = createPlugin({
  name: 'openpractice-intl-time-zone',
  namedTimeZonedImpl: IntlNamedTimeZone,
});

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const [year, month, day] = wallClockOf(instant.getTime(), timeZone);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${String(year)}-${pad((month ?? 0) + 1)}-${pad(day)}`;
}
