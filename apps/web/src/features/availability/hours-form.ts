import type { AvailabilityHours, AvailabilityIssue } from '@openpractice/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The hours of a weekly day or extra hours as a form holds them (selects and numbers as text). */
export interface HoursFormValues {
  /** '' means no location (telehealth only). */
  practiceLocationId: string;
  startTime: string;
  endTime: string;
  scheduleEvery: string;
  onlineScheduling: boolean;
  inPersonEnabled: boolean;
  teletherapyEnabled: boolean;
}

/** A new block: 9 to 5 at the default location, every hour, in person, online. */
export function newHoursValues(defaultLocationId: number | null): HoursFormValues {
  return {
    practiceLocationId: defaultLocationId === null ? '' : String(defaultLocationId),
    startTime: '09:00',
    endTime: '17:00',
    scheduleEvery: '60',
    onlineScheduling: true,
    inPersonEnabled: true,
    teletherapyEnabled: false,
  };
}

/**
 * The form values of saved hours. Telehealth stays on only when the therapist
 * may offer it, so saving never fails on a setting they cannot change.
 */
export function savedHoursValues(
  hours: AvailabilityHours,
  telehealthAllowed: boolean,
): HoursFormValues {
  return {
    practiceLocationId: hours.practiceLocationId === null ? '' : String(hours.practiceLocationId),
    startTime: hours.startTime,
    endTime: hours.endTime,
    scheduleEvery: String(hours.scheduleEvery),
    onlineScheduling: hours.onlineScheduling,
    inPersonEnabled: hours.inPersonEnabled,
    teletherapyEnabled: hours.teletherapyEnabled && telehealthAllowed,
  };
}

/** The form's hours as the calls send them. */
export function toHours(values: HoursFormValues): AvailabilityHours {
  const every = values.scheduleEvery.trim();
  return {
    practiceLocationId: values.practiceLocationId === '' ? null : Number(values.practiceLocationId),
    startTime: values.startTime,
    endTime: values.endTime,
    scheduleEvery: every === '' ? Number.NaN : Number(every),
    onlineScheduling: values.onlineScheduling,
    inPersonEnabled: values.inPersonEnabled,
    teletherapyEnabled: values.teletherapyEnabled,
  };
}

/** Shows each domain issue on its field; answers false when there were any. */
export function showIssues<T extends FieldValues>(
  issues: readonly AvailabilityIssue[],
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  for (const issue of issues) {
    if (fields.includes(issue.field)) setError(issue.field as Path<T>, { message: issue.message });
  }
  return issues.length === 0;
}

export const HOURS_FIELDS = [
  'practiceLocationId',
  'startTime',
  'endTime',
  'scheduleEvery',
  'onlineScheduling',
  'inPersonEnabled',
  'teletherapyEnabled',
] as const;
