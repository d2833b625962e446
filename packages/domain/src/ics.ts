/**
 * A small iCalendar (RFC 5545) reader for the busy time of a therapist's
 * outside calendar (spec-1 §4 'Calendar loading', issue 5 item 12).
 *
 * What it understands:
 * - content lines with folding (CRLF, LF or CR plus a space or tab), quoted
 *   parameters and escaped text (\n \, \; \\);
 * - VEVENT with DTSTART and DTEND or DURATION (or neither: a date lasts a day,
 *   a date-time takes no time and is not busy);
 * - all-day events (VALUE=DATE), UTC times ('Z'), TZID with IANA zone names,
 *   the Windows zone names Outlook and Exchange write ('Eastern Standard
 *   Time', '(UTC-05:00) Eastern Time (US & Canada)'), and prefixed names
 *   ('/mozilla.org/20050126_1/America/New_York'). A TZID we cannot name, and
 *   a floating time, is read in the calendar's X-WR-TIMEZONE when that is a
 *   zone, else in the practice's zone. VTIMEZONE blocks are not read: the
 *   zone's name decides, so a calendar's own offset rules never override the
 *   time-zone database;
 * - RRULE with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, INTERVAL, COUNT, UNTIL,
 *   BYDAY (with ordinals such as 2TU or -1FR in monthly and yearly rules),
 *   BYMONTHDAY, BYMONTH, BYSETPOS and WKST, expanded in the event's own wall
 *   clock (a weekly 9:00 stays 9:00 across daylight-saving changes); RDATE;
 *   EXDATE; RECURRENCE-ID overrides (moved or cancelled occurrences);
 * - STATUS:CANCELLED events and TRANSP:TRANSPARENT (free) events are left
 *   out: only busy time is kept.
 *
 * A rule we cannot expand exactly (FREQ=HOURLY or finer, BYWEEKNO,
 * BYYEARDAY, BYHOUR…) keeps only its first occurrence rather than guessing.
 * Expansion is bounded (periods and occurrences), so a hostile file cannot
 * make the server loop.
 */

export interface IcsWindow {
  /** Inclusive start of the window to keep, as epoch milliseconds. */
  start: number;
  /** Exclusive end of the window to keep, as epoch milliseconds. */
  end: number;
}

export interface IcsParseOptions {
  window: IcsWindow;
  /** The practice's zone: all-day events and unknown or floating times are read in it. */
  timezone: string;
  /** At most this many events are returned (the earliest); default 5000. */
  maxEvents?: number;
}

export interface IcsBusyEvent {
  uid: string;
  title: string;
  /** ISO instant in UTC; for an all-day event, midnight of its first day in the practice's zone. */
  start: string;
  /** ISO instant in UTC (exclusive); for an all-day event, midnight after its last day. */
  end: string;
  allDay: boolean;
}

export interface IcsCalendar {
  /** X-WR-RELCALID, the calendar's own id, when the file names one. */
  calendarKey: string | null;
  /** X-WR-CALNAME, when the file names one. */
  calendarName: string | null;
  events: IcsBusyEvent[];
  /** True when more events fell in the window than `maxEvents`. */
  truncated: boolean;
}

/** A file that is not an iCalendar, or one we cannot read; its message is shown to the user. */
export class IcsError extends Error {
  override readonly name = 'IcsError';
}

export const ICS_NOT_A_CALENDAR = 'That address did not return an iCalendar (ICS) file.';

const DEFAULT_MAX_EVENTS = 5000;
/** Bounds on one recurrence: periods walked and occurrences produced. */
const MAX_PERIODS = 100_000;
const MAX_OCCURRENCES = 20_000;
const DAY_MS = 86_400_000;

// --- Content lines -------------------------------------------------------------

export interface IcsContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Unfolds the file into logical lines (RFC 5545 §3.1): a line starting with a space or tab continues the one before. */
export function unfoldIcsLines(text: string): string[] {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: string[] = [];
  for (const line of physical) {
    const last = lines.length - 1;
    if ((line.startsWith(' ') || line.startsWith('\t')) && last >= 0) {
      lines[last] = `${lines[last] ?? ''}${line.slice(1)}`;
    } else if (line.trim() !== '') {
      lines.push(line);
    }
  }
  return lines;
}

/** One logical line as name, parameters (names upper-cased, quotes removed) and raw value. */
export function parseIcsContentLine(line: string): IcsContentLine | null {
  let i = 0;
  while (i < line.length && line[i] !== ';' && line[i] !== ':') i++;
  const name = line.slice(0, i).trim().toUpperCase();
  if (name === '' || i >= line.length) return null;
  const params: Record<string, string> = {};
  while (line[i] === ';') {
    i++;
    const eq = line.indexOf('=', i);
    if (eq < 0) return null;
    const paramName = line.slice(i, eq).trim().toUpperCase();
    i = eq + 1;
    let value = '';
    // A parameter value is a list of plain or quoted values separated by commas.
    for (;;) {
      if (line[i] === '"') {
        const close = line.indexOf('"', i + 1);
        if (close < 0) return null;
        value += line.slice(i + 1, close);
        i = close + 1;
      } else {
        let j = i;
        while (j < line.length && line[j] !== ';' && line[j] !== ':' && line[j] !== ',') j++;
        value += line.slice(i, j);
        i = j;
      }
      if (line[i] === ',') {
        value += ',';
        i++;
        continue;
      }
      break;
    }
    params[paramName] = value;
  }
  if (line[i] !== ':') return null;
  return { name, params, value: line.slice(i + 1) };
}

/** TEXT values (RFC 5545 §3.3.11): \n or \N is a line break; \, \; and \\ stand for themselves. */
export function unescapeIcsText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

// --- Time zones ------------------------------------------------------------------

/**
 * Windows zone names (Outlook, Exchange, Office 365) and the display names
 * Outlook sometimes writes instead, mapped to IANA zones as the Unicode CLDR
 * table does for the common zones. Anything else unknown is read in the
 * calendar's or practice's zone.
 */
export const WINDOWS_TIMEZONES: Readonly<Record<string, string>> = {
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indiana/Indianapolis',
  'Central Standard Time': 'America/Chicago',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Alaskan Standard Time': 'America/Anchorage',
  'Aleutian Standard Time': 'America/Adak',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Atlantic Standard Time': 'America/Halifax',
  'SA Western Standard Time': 'America/Puerto_Rico',
  'Newfoundland Standard Time': 'America/St_Johns',
  'Canada Central Standard Time': 'America/Regina',
  'Central Standard Time (Mexico)': 'America/Mexico_City',
  'Mexico Standard Time': 'America/Mexico_City',
  'West Pacific Standard Time': 'Pacific/Port_Moresby',
  'UTC-11': 'Pacific/Pago_Pago',
  'West Pacific Standard Time (Guam)': 'Pacific/Guam',
  UTC: 'UTC',
  'Coordinated Universal Time': 'UTC',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'GMT Standard Time': 'Europe/London',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Central European Standard Time': 'Europe/Warsaw',
  'Romance Standard Time': 'Europe/Paris',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'FLE Standard Time': 'Europe/Kiev',
  'GTB Standard Time': 'Europe/Bucharest',
  'Israel Standard Time': 'Asia/Jerusalem',
  'India Standard Time': 'Asia/Kolkata',
  'China Standard Time': 'Asia/Shanghai',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'Korea Standard Time': 'Asia/Seoul',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'E. South America Standard Time': 'America/Sao_Paulo',
};

/** Outlook display names ('(UTC-05:00) Eastern Time (US & Canada)'): a phrase and its zone. */
const DISPLAY_NAME_ZONES: readonly [string, string][] = [
  ['eastern time (us & canada)', 'America/New_York'],
  ['indiana (east)', 'America/Indiana/Indianapolis'],
  ['central time (us & canada)', 'America/Chicago'],
  ['mountain time (us & canada)', 'America/Denver'],
  ['arizona', 'America/Phoenix'],
  ['pacific time (us & canada)', 'America/Los_Angeles'],
  ['alaska', 'America/Anchorage'],
  ['hawaii', 'Pacific/Honolulu'],
  ['atlantic time (canada)', 'America/Halifax'],
  ['coordinated universal time', 'UTC'],
  ['dublin, edinburgh, lisbon, london', 'Europe/London'],
];

const zoneValidity = new Map<string, boolean>();

/** True when the runtime's time-zone database knows the IANA name. */
export function isKnownTimezone(zone: string): boolean {
  const known = zoneValidity.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    valid = zone.trim() !== '';
  } catch {
    valid = false;
  }
  zoneValidity.set(zone, valid);
  return valid;
}

/**
 * The IANA zone a TZID names, or null when we cannot tell (the caller then
 * reads the time in the calendar's or the practice's zone).
 */
export function resolveIcsTimezone(tzid: string | null | undefined): string | null {
  if (!tzid) return null;
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (name === '') return null;
  const windows = WINDOWS_TIMEZONES[name];
  if (windows) return windows;
  if (/^[A-Za-z]/.test(name) && isKnownTimezone(name)) return name;
  // '/mozilla.org/20050126_1/America/New_York', '/citadel.org/20190101_1/Europe/Paris'.
  const parts = name.split('/').filter((p) => p !== '');
  for (let k = Math.min(3, parts.length); k >= 1; k--) {
    const candidate = parts.slice(-k).join('/');
    if (/^[A-Za-z]/.test(candidate) && candidate.includes('/') && isKnownTimezone(candidate)) {
      return candidate;
    }
  }
  const lower = name.toLowerCase();
  for (const [phrase, zone] of DISPLAY_NAME_ZONES) {
    if (lower.includes(phrase)) return zone;
  }
  return null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(utcMs: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const wholeSeconds = Math.floor(utcMs / 1000) * 1000;
  return asUtc - wholeSeconds;
}

/**
 * The instant of a wall-clock time in a zone. `wallMs` is the wall time
 * written as if it were UTC. A time skipped by a clock change is read with
 * the offset before the change, and a repeated time means its first
 * occurrence (RFC 5545 §3.3.5).
 */
export function wallTimeToUtc(wallMs: number, zone: string): number {
  if (zone === 'UTC') return wallMs;
  const before = zoneOffsetMs(wallMs - DAY_MS, zone);
  const after = zoneOffsetMs(wallMs + DAY_MS, zone);
  const valid = [...new Set([before, after])]
    .map((offset) => wallMs - offset)
    .filter((instant) => wallMs - zoneOffsetMs(instant, zone) === instant);
  if (valid.length > 0) return Math.min(...valid);
  return wallMs - before;
}

/** The wall-clock time (as if UTC) of an instant in a zone. */
export function utcToWallTime(utcMs: number, zone: string): number {
  return utcMs + zoneOffsetMs(utcMs, zone);
}

// --- Values --------------------------------------------------------------------

/** A DATE or DATE-TIME value: `wall` is the wall-clock time as if UTC; `zone` null means floating. */
export interface IcsTime {
  allDay: boolean;
  wall: number;
  /** 'UTC' for a 'Z' time; an IANA zone for a known TZID; null for floating or unknown. */
  zone: string | null;
}

const DATE_RE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z?)$/i;

function validWall(y: number, m: number, d: number, h = 0, mi = 0, s = 0): number | null {
  const ms = Date.UTC(y, m - 1, d, h, mi, s);
  const check = new Date(ms);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== m - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 60
  ) {
    return null;
  }
  return ms;
}

/** A DATE or DATE-TIME value with its TZID and VALUE parameters; null when unreadable. */
export function parseIcsTime(value: string, params: Record<string, string>): IcsTime | null {
  const text = value.trim();
  const date = DATE_RE.exec(text);
  if (date || params.VALUE?.toUpperCase() === 'DATE') {
    if (!date) return null;
    const wall = validWall(Number(date[1]), Number(date[2]), Number(date[3]));
    return wall === null ? null : { allDay: true, wall, zone: null };
  }
  const dt = DATE_TIME_RE.exec(text);
  if (!dt) return null;
  const wall = validWall(
    Number(dt[1]),
    Number(dt[2]),
    Number(dt[3]),
    Number(dt[4]),
    Number(dt[5]),
    Number(dt[6] ?? 0),
  );
  if (wall === null) return null;
  if (dt[7]) return { allDay: false, wall, zone: 'UTC' };
  return { allDay: false, wall, zone: resolveIcsTimezone(params.TZID) };
}

/** A DURATION value: nominal days (wall-clock) and exact milliseconds; null when unreadable. */
export interface IcsDuration {
  days: number;
  ms: number;
}

export function parseIcsDuration(value: string): IcsDuration | null {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(
    value.trim(),
  );
  if (!m || value.trim().toUpperCase().endsWith('T') || /^[+-]?P$/i.test(value.trim())) {
    return null;
  }
  const sign = m[1] === '-' ? -1 : 1;
  const days = Number(m[2] ?? 0) * 7 + Number(m[3] ?? 0);
  const ms = (Number(m[4] ?? 0) * 3600 + Number(m[5] ?? 0) * 60 + Number(m[6] ?? 0)) * 1000;
  return { days: sign * days || 0, ms: sign * ms || 0 };
}

// --- Recurrence rules ------------------------------------------------------------

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export interface IcsByDay {
  /** 1 = first, -1 = last, null = every such weekday of the period. */
  ordinal: number | null;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export interface IcsRecurrenceRule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  count: number | null;
  /** UNTIL as read; compared as an instant (date-times) or a day (dates). */
  until: IcsTime | null;
  byDay: IcsByDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  /** Week start, 0 = Sunday; default Monday. */
  weekStart: number;
}

const SUPPORTED_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
]);

function intList(text: string | undefined, min: number, max: number): number[] | null {
  if (text === undefined) return [];
  const values = text.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v === 0 || v < min || v > max)) return null;
  return values;
}

/** An RRULE value, or null when it uses something we do not expand exactly. */
export function parseIcsRecurrenceRule(value: string): IcsRecurrenceRule | null {
  const parts: Record<string, string> = {};
  for (const piece of value.split(';')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    parts[piece.slice(0, eq).trim().toUpperCase()] = piece.slice(eq + 1).trim();
  }
  if (Object.keys(parts).some((k) => !SUPPORTED_PARTS.has(k))) return null;
  const freq = parts.FREQ?.toUpperCase();
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY' && freq !== 'YEARLY') {
    return null;
  }
  const interval = parts.INTERVAL === undefined ? 1 : Number(parts.INTERVAL);
  if (!Number.isInteger(interval) || interval < 1 || interval > 1000) return null;
  const count = parts.COUNT === undefined ? null : Number(parts.COUNT);
  if (count !== null && (!Number.isInteger(count) || count < 1)) return null;
  let until: IcsTime | null = null;
  if (parts.UNTIL !== undefined) {
    until = parseIcsTime(parts.UNTIL, {});
    if (!until) return null;
  }
  const byDay: IcsByDay[] = [];
  if (parts.BYDAY !== undefined) {
    for (const item of parts.BYDAY.split(',')) {
      const m = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/i.exec(item.trim());
      if (!m) return null;
      const ordinal = m[1] === undefined ? null : Number(m[1]);
      if (ordinal !== null && (ordinal === 0 || Math.abs(ordinal) > 53)) return null;
      byDay.push({
        ordinal,
        weekday: WEEKDAYS.indexOf(m[2]?.toUpperCase() as (typeof WEEKDAYS)[number]),
      });
    }
  }
  const byMonthDay = intList(parts.BYMONTHDAY, -31, 31);
  const byMonth = intList(parts.BYMONTH, 1, 12);
  const bySetPos = intList(parts.BYSETPOS, -366, 366);
  if (!byMonthDay || !byMonth || !bySetPos) return null;
  // Ordinals in BYDAY only make sense for monthly rules, or yearly ones within BYMONTH months.
  const ordinals = byDay.some((d) => d.ordinal !== null);
  if (ordinals && !(freq === 'MONTHLY' || (freq === 'YEARLY' && byMonth.length > 0))) return null;
  const wkst = parts.WKST ? WEEKDAYS.indexOf(parts.WKST.toUpperCase() as 'MO') : 1;
  if (wkst < 0) return null;
  return { freq, interval, count, until, byDay, byMonthDay, byMonth, bySetPos, weekStart: wkst };
}

const dayNumber = (wall: number) => Math.floor(wall / DAY_MS);
const weekdayOf = (wall: number) => new Date(wall).getUTCDay();
const daysInMonth = (year: number, month0: number) =>
  new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** Candidate days (as wall ms at midnight) of one month for a monthly or yearly rule. */
function monthDays(rule: IcsRecurrenceRule, year: number, month0: number, startDay: number) {
  const length = daysInMonth(year, month0);
  const first = Date.UTC(year, month0, 1);
  const dayAt = (d: number) => first + (d - 1) * DAY_MS;
  let days: number[];
  if (rule.byDay.length > 0) {
    days = [];
    for (const by of rule.byDay) {
      const matching: number[] = [];
      for (let d = 1; d <= length; d++) {
        if (weekdayOf(dayAt(d)) === by.weekday) matching.push(d);
      }
      if (by.ordinal === null) days.push(...matching);
      else {
        const pick =
          by.ordinal > 0 ? matching[by.ordinal - 1] : matching[matching.length + by.ordinal];
        if (pick !== undefined) days.push(pick);
      }
    }
    if (rule.byMonthDay.length > 0) {
      const wanted = new Set(rule.byMonthDay.map((d) => (d > 0 ? d : length + d + 1)));
      days = days.filter((d) => wanted.has(d));
    }
  } else if (rule.byMonthDay.length > 0) {
    days = rule.byMonthDay
      .map((d) => (d > 0 ? d : length + d + 1))
      .filter((d) => d >= 1 && d <= length);
  } else {
    // The start's day of the month; months without it are skipped (RFC 5545 §3.3.10).
    days = startDay <= length ? [startDay] : [];
  }
  return [...new Set(days)].sort((a, b) => a - b).map(dayAt);
}

function applySetPos(days: number[], setPos: number[]): number[] {
  if (setPos.length === 0) return days;
  const picked = setPos
    .map((p) => (p > 0 ? days[p - 1] : days[days.length + p]))
    .filter((d): d is number => d !== undefined);
  return [...new Set(picked)].sort((a, b) => a - b);
}

/**
 * The wall-clock starts of a recurring event, in order, from its start (which
 * always counts as the first occurrence) until `stopAfterWall` (a wall time
 * after which nothing can fall in the window), the rule's COUNT or UNTIL.
 */
export function expandRecurrence(
  rule: IcsRecurrenceRule,
  startWall: number,
  bounds: {
    /** Occurrences before this wall time are counted (COUNT) but not returned. */
    keepFromWall: number;
    /** Nothing after this wall time is wanted. */
    stopAfterWall: number;
    /** UNTIL for one wall time (deciding it needs the zone). */
    isPastUntil: (wall: number) => boolean;
  },
): number[] {
  const { keepFromWall, stopAfterWall, isPastUntil } = bounds;
  const timeOfDay = startWall - dayNumber(startWall) * DAY_MS;
  const startDate = new Date(startWall);
  const out: number[] = startWall >= keepFromWall ? [startWall] : [];
  let produced = 1;
  if (rule.count !== null && produced >= rule.count) return out;

  const inMonths = (day: number) =>
    rule.byMonth.length === 0 || rule.byMonth.includes(new Date(day).getUTCMonth() + 1);

  for (let period = 0; period < MAX_PERIODS; period++) {
    let days: number[];
    let periodStart: number;
    if (rule.freq === 'DAILY') {
      periodStart = (dayNumber(startWall) + period * rule.interval) * DAY_MS;
      days = [periodStart].filter(
        (d) =>
          inMonths(d) &&
          (rule.byDay.length === 0 || rule.byDay.some((b) => b.weekday === weekdayOf(d))) &&
          (rule.byMonthDay.length === 0 ||
            rule.byMonthDay.some((md) => {
              const date = new Date(d);
              const length = daysInMonth(date.getUTCFullYear(), date.getUTCMonth());
              return (md > 0 ? md : length + md + 1) === date.getUTCDate();
            })),
      );
    } else if (rule.freq === 'WEEKLY') {
      const startDayNumber = dayNumber(startWall);
      const back = (weekdayOf(startWall) - rule.weekStart + 7) % 7;
      periodStart = (startDayNumber - back + period * 7 * rule.interval) * DAY_MS;
      const weekdays =
        rule.byDay.length > 0 ? rule.byDay.map((b) => b.weekday) : [weekdayOf(startWall)];
      days = [];
      for (let k = 0; k < 7; k++) {
        const d = periodStart + k * DAY_MS;
        if (weekdays.includes(weekdayOf(d)) && inMonths(d)) days.push(d);
      }
    } else if (rule.freq === 'MONTHLY') {
      const monthIndex = startDate.getUTCMonth() + period * rule.interval;
      const year = startDate.getUTCFullYear() + Math.floor(monthIndex / 12);
      const month0 = ((monthIndex % 12) + 12) % 12;
      periodStart = Date.UTC(year, month0, 1);
      days = inMonths(periodStart) ? monthDays(rule, year, month0, startDate.getUTCDate()) : [];
    } else {
      const year = startDate.getUTCFullYear() + period * rule.interval;
      periodStart = Date.UTC(year, 0, 1);
      const months = rule.byMonth.length > 0 ? rule.byMonth : [startDate.getUTCMonth() + 1];
      days = months
        .slice()
        .sort((a, b) => a - b)
        .flatMap((m) => monthDays(rule, year, m - 1, startDate.getUTCDate()));
    }
    if (periodStart > stopAfterWall) break;
    for (const day of applySetPos(days, rule.bySetPos)) {
      const wall = day + timeOfDay;
      if (wall <= startWall) continue;
      if (wall > stopAfterWall || isPastUntil(wall)) return out;
      if (wall >= keepFromWall) out.push(wall);
      produced++;
      if ((rule.count !== null && produced >= rule.count) || out.length >= MAX_OCCURRENCES) {
        return out;
      }
    }
  }
  return out;
}

// --- Calendar ----------------------------------------------------------------------

interface RawEvent {
  props: Map<string, IcsContentLine[]>;
}

const first = (event: RawEvent, name: string) => event.props.get(name)?.[0];

function componentsOf(lines: string[]): {
  calendar: Map<string, IcsContentLine>;
  events: RawEvent[];
} {
  const calendar = new Map<string, IcsContentLine>();
  const events: RawEvent[] = [];
  const stack: string[] = [];
  let current: RawEvent | null = null;
  for (const text of lines) {
    const line = parseIcsContentLine(text);
    if (!line) continue;
    if (line.name === 'BEGIN') {
      const component = line.value.trim().toUpperCase();
      stack.push(component);
      if (component === 'VEVENT' && stack.length === 2 && stack[0] === 'VCALENDAR') {
        current = { props: new Map() };
      }
      continue;
    }
    if (line.name === 'END') {
      const component = stack.pop();
      if (component === 'VEVENT' && current && stack.length === 1) {
        events.push(current);
        current = null;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === 'VEVENT' && current && stack.length === 2) {
      const list = current.props.get(line.name) ?? [];
      list.push(line);
      current.props.set(line.name, list);
    } else if (top === 'VCALENDAR' && stack.length === 1 && !calendar.has(line.name)) {
      calendar.set(line.name, line);
    }
  }
  return { calendar, events };
}

/** An event's times, resolved: wall times plus the zone its wall clock runs in. */
interface Timed {
  allDay: boolean;
  zone: string;
  startWall: number;
  /** End as an offset: nominal days in the wall clock plus exact milliseconds. */
  duration: IcsDuration;
}

function timedOf(event: RawEvent, floatingZone: string): Timed | null {
  const dtstart = first(event, 'DTSTART');
  if (!dtstart) return null;
  const start = parseIcsTime(dtstart.value, dtstart.params);
  if (!start) return null;
  const zone = start.allDay ? floatingZone : (start.zone ?? floatingZone);
  const dtend = first(event, 'DTEND');
  const durationLine = first(event, 'DURATION');
  let duration: IcsDuration;
  if (dtend) {
    const end = parseIcsTime(dtend.value, dtend.params);
    if (!end) return null;
    if (start.allDay) {
      duration = { days: dayNumber(end.wall) - dayNumber(start.wall), ms: 0 };
    } else {
      const startUtc = wallTimeToUtc(start.wall, zone);
      const endUtc = wallTimeToUtc(end.wall, end.allDay ? zone : (end.zone ?? floatingZone));
      duration = { days: 0, ms: endUtc - startUtc };
    }
  } else if (durationLine) {
    const parsed = parseIcsDuration(durationLine.value);
    if (!parsed) return null;
    duration = parsed;
  } else {
    // RFC 5545 §3.6.1: a date lasts one day; a date-time takes no time.
    duration = start.allDay ? { days: 1, ms: 0 } : { days: 0, ms: 0 };
  }
  return { allDay: start.allDay, zone, startWall: start.wall, duration };
}

/** The key an occurrence is matched by (EXDATE, RECURRENCE-ID): its day for all-day events, else its instant. */
function occurrenceKey(allDay: boolean, wall: number, zone: string): string {
  return allDay ? `d${dayNumber(wall)}` : `t${wallTimeToUtc(wall, zone)}`;
}

function timeKeys(lines: IcsContentLine[] | undefined, timed: Timed, floatingZone: string) {
  const keys = new Set<string>();
  const days = new Set<number>();
  for (const line of lines ?? []) {
    for (const piece of line.value.split(',')) {
      const t = parseIcsTime(piece, line.params);
      if (!t) continue;
      if (t.allDay) {
        days.add(dayNumber(t.wall));
        keys.add(`d${dayNumber(t.wall)}`);
      } else if (timed.allDay) {
        keys.add(`d${dayNumber(t.wall)}`);
      } else {
        keys.add(`t${wallTimeToUtc(t.wall, t.zone ?? (timed.zone || floatingZone))}`);
      }
    }
  }
  return { keys, days };
}

const isCancelled = (event: RawEvent) =>
  first(event, 'STATUS')?.value.trim().toUpperCase() === 'CANCELLED';
const isTransparent = (event: RawEvent) =>
  first(event, 'TRANSP')?.value.trim().toUpperCase() === 'TRANSPARENT';

function titleOf(event: RawEvent): string {
  const summary = first(event, 'SUMMARY');
  const text = summary ? unescapeIcsText(summary.value).replace(/\s+/g, ' ').trim() : '';
  return text.slice(0, 500);
}

function endWallOf(timed: Timed, startWall: number): number {
  return startWall + timed.duration.days * DAY_MS;
}

/** One occurrence as instants: all-day ones from midnight to midnight in the practice's zone. */
function instantOf(timed: Timed, startWall: number, practiceZone: string) {
  if (timed.allDay) {
    return {
      start: wallTimeToUtc(startWall, practiceZone),
      end: wallTimeToUtc(endWallOf(timed, startWall), practiceZone),
    };
  }
  const start = wallTimeToUtc(startWall, timed.zone);
  const end = wallTimeToUtc(endWallOf(timed, startWall), timed.zone) + timed.duration.ms;
  return { start, end };
}

/**
 * Reads an iCalendar file and returns its busy time within the window. Throws
 * IcsError when the text is not an iCalendar.
 */
export function parseIcsCalendar(text: string, options: IcsParseOptions): IcsCalendar {
  const lines = unfoldIcsLines(text);
  const head = lines[0] ? parseIcsContentLine(lines[0]) : null;
  if (!head || head.name !== 'BEGIN' || head.value.trim().toUpperCase() !== 'VCALENDAR') {
    throw new IcsError(ICS_NOT_A_CALENDAR);
  }
  const { calendar, events } = componentsOf(lines);
  const practiceZone = isKnownTimezone(options.timezone) ? options.timezone : 'UTC';
  const calendarZone = resolveIcsTimezone(calendar.get('X-WR-TIMEZONE')?.value);
  const floatingZone = calendarZone ?? practiceZone;
  const { window } = options;
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;

  // Overrides of single occurrences (RECURRENCE-ID), by UID then occurrence key.
  const overrides = new Map<string, Set<string>>();
  const masters: RawEvent[] = [];
  const singles: RawEvent[] = [];
  for (const event of events) {
    const uid = first(event, 'UID')?.value.trim() ?? '';
    const recurrenceId = first(event, 'RECURRENCE-ID');
    if (recurrenceId && uid !== '') {
      const t = parseIcsTime(recurrenceId.value, recurrenceId.params);
      if (t) {
        const key = t.allDay
          ? `d${dayNumber(t.wall)}`
          : `t${wallTimeToUtc(t.wall, t.zone ?? floatingZone)}`;
        const set = overrides.get(uid) ?? new Set<string>();
        set.add(key);
        overrides.set(uid, set);
      }
      singles.push(event);
    } else if (first(event, 'RRULE') || first(event, 'RDATE')) {
      masters.push(event);
    } else {
      singles.push(event);
    }
  }

  const out: IcsBusyEvent[] = [];
  const emit = (event: RawEvent, uid: string, timed: Timed, startWall: number) => {
    const { start, end } = instantOf(timed, startWall, practiceZone);
    if (!(end > start) || end <= window.start || start >= window.end) return;
    out.push({
      uid,
      title: titleOf(event),
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      allDay: timed.allDay,
    });
  };

  let synthetic = 0;
  const uidOf = (event: RawEvent) => {
    const uid = first(event, 'UID')?.value.trim();
    return uid && uid !== '' ? uid.slice(0, 500) : `no-uid-${++synthetic}`;
  };

  for (const event of singles) {
    if (isCancelled(event) || isTransparent(event)) continue;
    const timed = timedOf(event, floatingZone);
    if (timed) emit(event, uidOf(event), timed, timed.startWall);
  }

  for (const event of masters) {
    if (isCancelled(event) || isTransparent(event)) continue;
    const timed = timedOf(event, floatingZone);
    if (!timed) continue;
    const uid = uidOf(event);
    const rruleLine = first(event, 'RRULE');
    const rule = rruleLine ? parseIcsRecurrenceRule(rruleLine.value) : null;
    // Wall clocks differ from UTC by under a day; an occurrence ending before the window is not wanted.
    const stopAfterWall = window.end + 2 * DAY_MS;
    const span = Math.max(0, timed.duration.days * DAY_MS + timed.duration.ms);
    const keepFromWall = window.start - span - 2 * DAY_MS;
    const until = rule?.until ?? null;
    const isPastUntil = (wall: number) => {
      if (!until) return false;
      if (until.allDay || timed.allDay) return dayNumber(wall) > dayNumber(until.wall);
      const untilUtc = wallTimeToUtc(until.wall, until.zone ?? timed.zone);
      return wallTimeToUtc(wall, timed.zone) > untilUtc;
    };
    const starts = rule
      ? expandRecurrence(rule, timed.startWall, { keepFromWall, stopAfterWall, isPastUntil })
      : [timed.startWall];
    const extra: number[] = [];
    for (const line of event.props.get('RDATE') ?? []) {
      if (line.params.VALUE?.toUpperCase() === 'PERIOD') continue;
      for (const piece of line.value.split(',')) {
        const t = parseIcsTime(piece, line.params);
        if (!t) continue;
        if (timed.allDay || t.allDay) {
          extra.push(
            dayNumber(t.wall) * DAY_MS + (timed.startWall - dayNumber(timed.startWall) * DAY_MS),
          );
        } else {
          extra.push(utcToWallTime(wallTimeToUtc(t.wall, t.zone ?? timed.zone), timed.zone));
        }
      }
    }
    const exdates = timeKeys(event.props.get('EXDATE'), timed, floatingZone);
    const overridden = overrides.get(uid);
    const seen = new Set<string>();
    for (const wall of [...starts, ...extra].sort((a, b) => a - b)) {
      const key = occurrenceKey(timed.allDay, wall, timed.zone);
      if (seen.has(key)) continue;
      seen.add(key);
      if (exdates.keys.has(key) || exdates.days.has(dayNumber(wall))) continue;
      if (overridden?.has(key)) continue;
      emit(event, uid, timed, wall);
    }
  }

  out.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : 1));
  const truncated = out.length > maxEvents;
  const calendarKey = calendar.get('X-WR-RELCALID')?.value.trim() || null;
  const calendarName = calendar.get('X-WR-CALNAME');
  return {
    calendarKey,
    calendarName: calendarName ? unescapeIcsText(calendarName.value).trim() || null : null,
    events: truncated ? out.slice(0, maxEvents) : out,
    truncated,
  };
}
