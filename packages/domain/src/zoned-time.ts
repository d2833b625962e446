/**
 * Instants shown on a practice's clocks (its IANA zone), whatever zone the
 * browser is in, as the calendar shows them. Uses Intl only; pure.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's calendar date and clock time at an instant. */
export function wallClockIn(at: Date | string, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
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

/** 'YYYY-MM-DD' on the zone's calendar. */
export function zonedIsoDate(at: Date | string, timeZone: string): string {
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
 * instant; null when it is not one. A time skipped by a spring change is read
 * with the offset from before it (2:30 becomes 3:30); a repeated autumn hour
 * takes its first occurrence.
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
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const offsetAt = (ms: number) => {
    const w = wallClockIn(new Date(ms), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - ms;
  };
  // The offset before the wall-clock time, then corrected once if the guess crossed a change.
  const first = offsetAt(asUtc - 12 * 3_600_000);
  let instant = asUtc - first;
  const second = offsetAt(instant);
  if (second !== first) {
    const candidate = asUtc - second;
    // Keep the candidate only when it really shows the asked time (not inside a skipped hour).
    if (offsetAt(candidate) === second) instant = candidate;
  }
  return new Date(instant).toISOString();
}
