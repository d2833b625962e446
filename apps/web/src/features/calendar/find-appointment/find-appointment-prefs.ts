import { DEFAULT_APPOINTMENT_DURATION_MINUTES, isOfferedDuration } from '@openpractice/domain';

/**
 * The length the page looks for is remembered long-lived (spec-1 §9 Persisted
 * choices), in `localStorage`, per user: people sharing a computer keep their
 * own. Anything unreadable falls back to the default, never trusted.
 */
export const findDurationKeyOf = (userId: number) => `openpractice.findAppointment.${userId}`;

export function loadFindDuration(storage: Storage | null, userId: number): number {
  try {
    const text = storage?.getItem(findDurationKeyOf(userId));
    const value: unknown = text ? JSON.parse(text) : null;
    const duration =
      typeof value === 'object' && value !== null && 'duration' in value ? value.duration : null;
    return typeof duration === 'number' && isOfferedDuration(duration)
      ? duration
      : DEFAULT_APPOINTMENT_DURATION_MINUTES;
  } catch {
    return DEFAULT_APPOINTMENT_DURATION_MINUTES;
  }
}

export function saveFindDuration(storage: Storage | null, userId: number, duration: number): void {
  try {
    storage?.setItem(findDurationKeyOf(userId), JSON.stringify({ duration }));
  } catch {
    // Storage full or refused (private browsing): the choice lasts until the page closes.
  }
}
