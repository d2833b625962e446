/** One VEVENT's busy time: its start, end, title and whether it counts as busy at all. */
import { readText, type CalendarClocks, type Clock } from './clocks.ts';
import type { IcalComponent, IcalRecur } from './read.ts';
import { DAY_MS, dayNumber, durationOf, timeOf, type IcsDuration } from './values.ts';

/** An event's times, resolved: its start as a wall time plus the clock it runs on. */
export interface Timed {
  allDay: boolean;
  clock: Clock;
  startWall: number;
  /** End as an offset: nominal days on the wall clock plus exact milliseconds. */
  duration: IcsDuration;
}

function durationUntilEnd(
  event: IcalComponent,
  start: { allDay: boolean; wall: number; clock: Clock },
  clocks: CalendarClocks,
): IcsDuration | null {
  const end = timeOf(event, 'dtend', clocks);
  if (end) {
    if (start.allDay) return { days: dayNumber(end.wall) - dayNumber(start.wall), ms: 0 };
    const endClock = end.allDay ? start.clock : (end.clock ?? clocks.floating);
    return { days: 0, ms: endClock.toInstant(end.wall) - start.clock.toInstant(start.wall) };
  }
  if (event.hasProperty('dtend')) return null;
  if (event.hasProperty('duration')) return durationOf(event);
  // RFC 5545 §3.6.1: a date lasts one day; a date-time takes no time.
  return start.allDay ? { days: 1, ms: 0 } : { days: 0, ms: 0 };
}

/** The event's start and length; null without a readable start or end. */
export function timedOf(event: IcalComponent, clocks: CalendarClocks): Timed | null {
  const start = timeOf(event, 'dtstart', clocks);
  if (!start) return null;
  const clock = start.allDay ? clocks.floating : (start.clock ?? clocks.floating);
  const duration = durationUntilEnd(event, { ...start, clock }, clocks);
  return duration ? { allDay: start.allDay, clock, startWall: start.wall, duration } : null;
}

/** Cancelled and free (TRANSP:TRANSPARENT) events take no time. */
export function isBusy(event: IcalComponent): boolean {
  const status = readText(event, 'status')?.trim().toUpperCase();
  const transparency = readText(event, 'transp')?.trim().toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

export function titleOf(event: IcalComponent): string {
  return (readText(event, 'summary') ?? '').replace(/\s+/g, ' ').trim().slice(0, 500);
}

export function uidOf(event: IcalComponent): string {
  return (readText(event, 'uid') ?? '').trim();
}

export function ruleOf(event: IcalComponent): IcalRecur | null {
  try {
    return (event.getFirstPropertyValue('rrule') as IcalRecur | null) ?? null;
  } catch {
    return null;
  }
}

const endWallOf = (timed: Timed, startWall: number) => startWall + timed.duration.days * DAY_MS;

/** One occurrence as instants: all-day ones from midnight to midnight on the practice's clock. */
export function instantsOf(timed: Timed, startWall: number, practice: Clock) {
  if (timed.allDay) {
    return {
      start: practice.toInstant(startWall),
      end: practice.toInstant(endWallOf(timed, startWall)),
    };
  }
  return {
    start: timed.clock.toInstant(startWall),
    end: timed.clock.toInstant(endWallOf(timed, startWall)) + timed.duration.ms,
  };
}
