/** An event's DATE, DATE-TIME and DURATION values (read by ical.js) as wall times on clocks. */
import { UTC_CLOCK, type CalendarClocks, type Clock } from './clocks.ts';
import type { IcalComponent, IcalDuration, IcalProperty, IcalTime } from './read.ts';

export const DAY_MS = 86_400_000;

/** A DATE or DATE-TIME: `wall` is the time as if UTC; `clock` null means floating (or unplaced). */
export interface IcsTime {
  allDay: boolean;
  wall: number;
  clock: Clock | null;
}

/** A DURATION: nominal days (on the wall clock) and exact milliseconds. */
export interface IcsDuration {
  days: number;
  ms: number;
}

export const dayNumber = (wall: number) => Math.floor(wall / DAY_MS);

function isTime(value: unknown): value is IcalTime {
  return typeof value === 'object' && value !== null && 'isDate' in value && 'year' in value;
}

/** An ical.js time as a wall time; a 'Z' time runs on UTC, one with a TZID on that zone's clock. */
export function timeOfValue(value: IcalTime, tzid: string | null, clocks: CalendarClocks): IcsTime {
  const wall = value.isDate
    ? Date.UTC(value.year, value.month - 1, value.day)
    : Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute, value.second);
  if (value.isDate) return { allDay: true, wall, clock: null };
  const utc = value.zone.tzid === 'UTC';
  return { allDay: false, wall, clock: utc ? UTC_CLOCK : clocks.ofTzid(tzid) };
}

/** Every DATE or DATE-TIME value of a property (EXDATE and RDATE hold lists); unreadable ones are skipped. */
export function timesOf(property: IcalProperty | null, clocks: CalendarClocks): IcsTime[] {
  if (!property) return [];
  let values: unknown[];
  try {
    values = property.getValues();
  } catch {
    return [];
  }
  const tzid = property.getParameter('tzid');
  const zoneName = typeof tzid === 'string' ? tzid : null;
  return values
    .filter(isTime)
    .filter((v) => [v.year, v.month, v.day, v.hour, v.minute, v.second].every(Number.isFinite))
    .map((v) => timeOfValue(v, zoneName, clocks));
}

/** A property's single DATE or DATE-TIME value; null when missing or unreadable. */
export function timeOf(
  component: IcalComponent,
  name: string,
  clocks: CalendarClocks,
): IcsTime | null {
  return timesOf(component.getFirstProperty(name), clocks)[0] ?? null;
}

/** A DURATION value; null when missing or unreadable. */
export function durationOf(component: IcalComponent): IcsDuration | null {
  let value: unknown;
  try {
    value = component.getFirstPropertyValue('duration');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('weeks' in value)) return null;
  const d = value as IcalDuration;
  const sign = d.isNegative ? -1 : 1;
  const days = d.weeks * 7 + d.days;
  const ms = (d.hours * 3600 + d.minutes * 60 + d.seconds) * 1000;
  return { days: sign * days || 0, ms: sign * ms || 0 };
}
