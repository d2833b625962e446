/**
 * The wall-clock starts of a recurring event: ical.js walks the RRULE in the
 * event's own wall clock (a weekly 9:00 stays 9:00 across daylight-saving
 * changes); we keep COUNT and UNTIL ourselves, because RFC 5545 counts
 * DTSTART as the first occurrence even when the rule does not match it, and
 * UNTIL compares instants, which needs the event's zone.
 *
 * Rules finer than a day (HOURLY, MINUTELY, SECONDLY) keep only their first
 * occurrence: walked from an old start they cost millions of steps. ical.js
 * never returns from a daily or weekly rule no day can satisfy
 * (BYMONTH=2;BYMONTHDAY=30), so such rules are checked first.
 *
 * ical.js takes about a tenth of a millisecond a step, so a rule without
 * COUNT starts its walk whole periods later, just before the window (a daily
 * rule from 2000 would otherwise walk ten thousand days). The walk is bounded
 * in steps per rule and per file, so a hostile file cannot hold the server.
 */
import ICAL from 'ical.js';
import type { IcalRecur, IcalTime } from './read.ts';
import { DAY_MS } from './values.ts';

const MAX_STEPS = 20_000;
/** Steps one file may take in all; rules walked after that keep their first occurrence. */
export const MAX_FILE_STEPS = 200_000;
const MAX_OCCURRENCES = 20_000;
const WALKED = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
/** Day filters that only narrow a daily or weekly rule. */
const NARROWING = ['BYMONTH', 'BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO'];
/** Weekdays repeat their dates every 28 years, leap days included. */
const CYCLE_DAYS = 28 * 366;
const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export interface ExpansionBounds {
  /** Steps left for the whole file; the walk spends from it. */
  budget: { steps: number };
  /** Occurrences before this wall time are counted (COUNT) but not returned. */
  keepFromWall: number;
  /** Nothing after this wall time is wanted. */
  stopAfterWall: number;
  /** UNTIL for one wall time (deciding it needs the zone). */
  isPastUntil: (wall: number) => boolean;
}

const numbers = (values: unknown) => (Array.isArray(values) ? values.map(Number) : []);

/** True when some day in a full weekday cycle passes a daily or weekly rule's day filters. */
function someDayMatches(rule: IcalRecur, startWall: number): boolean {
  const parts = rule.parts as Record<string, unknown>;
  if (parts.BYYEARDAY || parts.BYWEEKNO) return false;
  if (!parts.BYMONTH && !parts.BYMONTHDAY) return true;
  const months = numbers(parts.BYMONTH);
  const monthDays = numbers(parts.BYMONTHDAY);
  const weekdays = (Array.isArray(parts.BYDAY) ? parts.BYDAY : []).map((d) =>
    WEEKDAY_CODES.indexOf(String(d).slice(-2)),
  );
  for (let k = 0; k < CYCLE_DAYS; k++) {
    const day = new Date(startWall + k * DAY_MS);
    const length = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
    const date = day.getUTCDate();
    if (
      (months.length === 0 || months.includes(day.getUTCMonth() + 1)) &&
      (monthDays.length === 0 || monthDays.some((d) => (d > 0 ? d : length + d + 1) === date)) &&
      (weekdays.length === 0 || weekdays.includes(day.getUTCDay()))
    ) {
      return true;
    }
  }
  return false;
}

function canWalk(rule: IcalRecur, startWall: number): boolean {
  if (!WALKED.has(rule.freq)) return false;
  if (rule.count !== null && rule.count < 2) return false;
  const narrowed = NARROWING.some((part) => (rule.parts as Record<string, unknown>)[part]);
  return !(rule.freq === 'DAILY' || rule.freq === 'WEEKLY') || !narrowed
    ? true
    : someDayMatches(rule, startWall);
}

/**
 * A start whole periods after `startWall` and at least a period before
 * `beforeWall`, from which the rule repeats exactly as from its own start:
 * days and weeks by whole intervals (the weekday stays), months and years by
 * whole four-year spans of intervals (the month, day and leap day stay).
 * A rule with COUNT starts where it starts: its occurrences are counted.
 */
function laterStart(rule: IcalRecur, startWall: number, beforeWall: number): number {
  if (rule.count !== null || beforeWall <= startWall) return startWall;
  const interval = Math.max(1, rule.interval);
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    const periodMs = (rule.freq === 'DAILY' ? 1 : 7) * interval * DAY_MS;
    const periods = Math.floor((beforeWall - startWall) / periodMs) - 1;
    return periods > 0 ? startWall + periods * periodMs : startWall;
  }
  const start = new Date(startWall);
  const before = new Date(beforeWall);
  const months =
    (before.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    before.getUTCMonth() -
    start.getUTCMonth();
  const stepMonths = 48 * interval;
  const steps = Math.floor(months / stepMonths) - 1;
  if (steps <= 0) return startWall;
  const later = new Date(startWall);
  later.setUTCFullYear(start.getUTCFullYear() + (steps * stepMonths) / 12);
  return later.getTime();
}

function floatingTime(wall: number, allDay: boolean) {
  const d = new Date(wall);
  return ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isDate: allDay,
  });
}

/**
 * The wall-clock starts of a recurring event, in order, from its start (which
 * always counts as the first occurrence) until `stopAfterWall`, the rule's
 * COUNT or UNTIL.
 */
export function expandRule(
  rule: IcalRecur | null,
  start: { wall: number; allDay: boolean },
  bounds: ExpansionBounds,
): number[] {
  const { keepFromWall, stopAfterWall, isPastUntil, budget } = bounds;
  const out = start.wall >= keepFromWall ? [start.wall] : [];
  if (!rule || !canWalk(rule, start.wall)) return out;
  const open = rule.clone();
  open.count = null;
  open.until = null;
  const from = laterStart(rule, start.wall, keepFromWall);
  let produced = 1;
  try {
    const iterator = open.iterator(floatingTime(from, start.allDay));
    for (let step = 0; step < MAX_STEPS && budget.steps > 0; step++, budget.steps--) {
      // Typed as always a time, but null once the rule is done.
      const next = iterator.next() as IcalTime | null;
      if (!next) break;
      const wall = Date.UTC(
        next.year,
        next.month - 1,
        next.day,
        next.hour,
        next.minute,
        next.second,
      );
      // A later start is only where the walk begins, not an occurrence.
      if (wall <= from) continue;
      if (wall > stopAfterWall || isPastUntil(wall)) break;
      if (wall >= keepFromWall) out.push(wall);
      produced++;
      if ((rule.count !== null && produced >= rule.count) || out.length >= MAX_OCCURRENCES) break;
    }
  } catch {
    // ical.js refuses some rules outright (WEEKLY with BYMONTHDAY): what was walked stands.
  }
  return out;
}
