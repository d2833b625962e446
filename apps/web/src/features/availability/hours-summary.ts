import { formatClockRange, type AvailabilityHours } from '@openpractice/domain';

import type { PracticeLocation } from './api/types';

/** '9:00 AM–5:00 PM'. */
export function hoursTitle(hours: Pick<AvailabilityHours, 'startTime' | 'endTime'>): string {
  return formatClockRange(hours.startTime, hours.endTime);
}

/** 'Main Office · In person and telehealth · Every 60 minutes · Online scheduling'. */
export function hoursDetails(
  hours: AvailabilityHours,
  locations: readonly PracticeLocation[],
): string {
  const location =
    hours.practiceLocationId === null
      ? 'No location'
      : (locations.find((l) => l.practiceLocationId === hours.practiceLocationId)?.name ??
        'Location no longer active');
  const modes =
    hours.inPersonEnabled && hours.teletherapyEnabled
      ? 'In person and telehealth'
      : hours.teletherapyEnabled
        ? 'Telehealth'
        : 'In person';
  return [
    location,
    modes,
    `Every ${hours.scheduleEvery} minutes`,
    hours.onlineScheduling ? 'Online scheduling' : 'No online scheduling',
  ].join(' · ');
}
