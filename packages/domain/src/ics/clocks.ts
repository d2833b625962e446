/**
 * The clocks an iCalendar file's times run on. A TZID is read by its name
 * (IANA, Windows or display name: timezones.ts) against the time-zone
 * database; only a name we cannot place falls back to the file's own
 * VTIMEZONE rules (ical.js reads those); anything else, and a floating time,
 * runs on the calendar's X-WR-TIMEZONE, else on the practice's zone.
 */
import ICAL from 'ical.js';
import { isKnownTimezone, utcToWallTime, wallTimeToUtc } from '../zoned-time.ts';
import type { IcalComponent } from './read.ts';
import { resolveIcsTimezone } from './timezones.ts';

/** Wall times (a clock's reading written as UTC milliseconds) to instants and back. */
export interface Clock {
  toInstant(wall: number): number;
  toWall(instant: number): number;
}

function zoneClock(zone: string): Clock {
  return {
    toInstant: (wall) => wallTimeToUtc(wall, zone),
    toWall: (instant) => utcToWallTime(instant, zone),
  };
}

const wallOf = (t: InstanceType<typeof ICAL.Time>) =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** A clock by a VTIMEZONE block's own offset rules. */
function vtimezoneClock(component: IcalComponent): Clock {
  const zone = new ICAL.Timezone(component);
  return {
    toInstant(wall) {
      const d = new Date(wall);
      const time = new ICAL.Time(
        {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: d.getUTCMinutes(),
          second: d.getUTCSeconds(),
          isDate: false,
        },
        zone,
      );
      return time.toUnixTime() * 1000;
    },
    toWall: (instant) => wallOf(ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(zone)),
  };
}

export const UTC_CLOCK = zoneClock('UTC');

export class CalendarClocks {
  /** The practice's clock: all-day events are read on it. */
  readonly practice: Clock;
  /** Floating times and zones we cannot place run on it. */
  readonly floating: Clock;
  private readonly named = new Map<string, Clock | null>();
  private readonly vtimezones = new Map<string, IcalComponent>();

  constructor(root: IcalComponent, practiceZone: string) {
    const practice = isKnownTimezone(practiceZone) ? practiceZone : 'UTC';
    this.practice = zoneClock(practice);
    const calendarZone = resolveIcsTimezone(readText(root, 'x-wr-timezone'));
    this.floating = calendarZone ? zoneClock(calendarZone) : this.practice;
    for (const block of root.getAllSubcomponents('vtimezone')) {
      const tzid = readText(block, 'tzid');
      if (tzid) this.vtimezones.set(tzid, block);
    }
  }

  /** The clock a TZID names; null when neither its name nor a VTIMEZONE places it. */
  ofTzid(tzid: string | null): Clock | null {
    if (!tzid) return null;
    let clock = this.named.get(tzid);
    if (clock === undefined) {
      const zone = resolveIcsTimezone(tzid);
      const block = this.vtimezones.get(tzid);
      clock = zone ? zoneClock(zone) : block ? vtimezoneClock(block) : null;
      this.named.set(tzid, clock);
    }
    return clock;
  }
}

/** A property's first value as text, or null (also when ical.js cannot read it). */
export function readText(component: IcalComponent, name: string): string | null {
  try {
    const value: unknown = component.getFirstPropertyValue(name);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
