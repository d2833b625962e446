import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { utcToWallTime, wallTimeToUtc } from '@openpractice/domain';

/**
 * The calendars show the practice's wall-clock time wherever the browser is
 * (a biller or an outside agent working from another state sees 9:00 where
 * the office sees 9:00). FullCalendar needs a plugin for named time zones;
 * this one asks the domain's zoned-time module (the browser's own zone data
 * through Intl), so no date library is shipped.
 */

/** Minutes the zone is ahead of UTC for FullCalendar's wall-clock fields (gaps and repeats as the domain decides). */
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

/** [year, month (0-11), day, hour, minute, second, ms] of an instant on the zone's clocks. */
export function zoneFieldsOf(ms: number, timeZone: string): number[] {
  const wall = new Date(utcToWallTime(ms, timeZone));
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

class PracticeNamedTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    return zoneOffsetForFields(a, this.timeZoneName);
  }

  timestampToArray(ms: number): number[] {
    return zoneFieldsOf(ms, this.timeZoneName);
  }
}

export const practiceTimeZonePlugin = createPlugin({
  name: 'openpractice-intl-time-zone',
  namedTimeZonedImpl: PracticeNamedTimeZone,
});
