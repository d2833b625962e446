import { calendarReach } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import { authOf, practiceScope } from './access.ts';
import { forbidden } from './errors.ts';

export const OWN_CALENDAR_ONLY = 'You can see and change only your own calendar.';

/**
 * Whose calendars the caller may touch. Therapist-only users get their own
 * therapist id only (spec-1 §4); users with no calendar role get 403.
 */
export function allowedTherapists(request: FastifyRequest): {
  practiceId: number;
  only: number | null;
} {
  const practiceId = practiceScope(request);
  const auth = authOf(request);
  const reach = calendarReach(auth.user.authorities);
  if (reach === 'practice') return { practiceId, only: null };
  if (reach === 'none') throw forbidden();
  // The session already resolved the caller's therapist record in this practice.
  const own = auth.therapistId;
  if (own === null) throw forbidden();
  return { practiceId, only: own };
}

/** Refuses when a therapist-only caller names another therapist's calendar. */
export function assertMayUse(
  scope: { only: number | null },
  therapistIds: readonly number[],
): void {
  if (scope.only !== null && therapistIds.some((id) => id !== scope.only)) {
    throw forbidden(OWN_CALENDAR_ONLY);
  }
}
