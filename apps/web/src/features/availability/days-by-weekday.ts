import { WEEKDAY_NAMES } from '@openpractice/domain';

import type { Day } from './api/types';

export interface WeekdayGroup {
  dayOfWeek: number;
  name: (typeof WEEKDAY_NAMES)[number];
  days: Day[];
}

/** The span's days in seven groups, Sunday (0) to Saturday (6), each by start time. */
export function daysByWeekday(days: readonly Day[]): WeekdayGroup[] {
  return WEEKDAY_NAMES.map((name, dayOfWeek) => ({
    dayOfWeek,
    name,
    days: days
      .filter((d) => d.dayOfWeek === dayOfWeek)
      .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.day_id - b.day_id),
  }));
}
