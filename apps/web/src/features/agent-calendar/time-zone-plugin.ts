import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { utcToWallTime, wallTimeToUtc } from '@openpractice/domain';

/** [year, month (0-11), day, hour, minute, second, ms] of a wall-clock time written as UTC. */
function fieldsOf(wall: number): number[] {
  const d = new Date(wall);
  return [
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  ];
}

/** Minutes the zone is ahead of UTC for a wall-clock time (the domain decides gaps and repeats). */
export function zoneOffsetForFields(a: readonly number[], timeZone: string): number {
  const wall = Date.UTC(
    a[0] ?? 1970,
    a[1] ?? 0,
    a[2] ?? 1,
    a[3] ?? 0,
    a[4] ?? 0,
    a[5] ?? 0,
    a[6] ?? 0,
  );
  return Math.round((wall - wallTimeToUtc(wall, timeZone)) / 60_000);
}

/** The wall-clock fields of an instant in the zone. */
export function zoneFieldsOf(ms: number, timeZone: string): number[] {
  return fieldsOf(utcToWallTime(ms, timeZone));
}

class DomainNamedTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    return zoneOffsetForFields(a, this.timeZoneName);
  }

  timestampToArray(ms: number): number[] {
    return zoneFieldsOf(ms, this.timeZoneName);
  }
}

/**
 * The agent sees the practice's clock wherever the agent works: FullCalendar
 * needs a plugin for named zones, and this one uses the browser's zone data
 * through the domain's converters.
 */
export const agentTimeZonePlugin = createPlugin({
  name: 'openpractice-agent-time-zone',
  namedTimeZonedImpl: DomainNamedTimeZone,
});
