import { hasRole, zonedIsoDate } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import {
  availabilityTherapist,
  dayOfPractice,
  spanOfPractice,
  type AvailabilityTherapist,
  type SpanRow,
} from './queries.ts';

export const OWN_AVAILABILITY_ONLY = 'You can see and change only your own availability.';
export const THERAPIST_NOT_FOUND = 'We could not find that therapist.';
export const CHOOSE_THERAPIST = 'Choose a therapist.';
export const SPAN_NOT_FOUND = 'We could not find that availability span.';
export const DAY_NOT_FOUND = 'We could not find that availability day.';

/**
 * Whose availability the caller may edit: managers and owners anyone's in
 * their practice, everyone else (therapists) only their own.
 */
export function availabilityReach(request: FastifyRequest): {
  practiceId: number;
  only: number | null;
  ownTherapistId: number | null;
} {
  const practiceId = practiceScope(request);
  const auth = authOf(request);
  const ownTherapistId = auth.therapistId;
  if (hasRole(auth.user.authorities, 'manager')) return { practiceId, only: null, ownTherapistId };
  // The route's 'availability' rule let only therapists through besides managers.
  if (ownTherapistId === null) throw forbidden(OWN_AVAILABILITY_ONLY);
  return { practiceId, only: ownTherapistId, ownTherapistId };
}

/** Refuses a therapist-only caller naming someone else's availability (403). */
export function assertMayEdit(reach: { only: number | null }, therapistId: number): void {
  if (reach.only !== null && reach.only !== therapistId) throw forbidden(OWN_AVAILABILITY_ONLY);
}

/**
 * The therapist a call names (the caller's own record when it names none):
 * another practice's id is 404 (ids reveal nothing), someone else's for a
 * therapist-only caller 403.
 */
export async function editableTherapist(
  db: Db,
  request: FastifyRequest,
  therapistId: number | undefined,
): Promise<{ practiceId: number; therapist: AvailabilityTherapist }> {
  const reach = availabilityReach(request);
  const id = therapistId ?? reach.ownTherapistId;
  if (id === null) throw badRequest(CHOOSE_THERAPIST, 'therapistId');
  const therapist = await availabilityTherapist(db, reach.practiceId, id);
  if (!therapist) throw notFound(THERAPIST_NOT_FOUND);
  assertMayEdit(reach, therapist.id);
  return { practiceId: reach.practiceId, therapist };
}

/** Today's date on the practice's calendar (spec: practice time zone for "today"). */
export async function practiceToday(db: Db, practiceId: number, now: Date): Promise<string> {
  return zonedIsoDate(now, await practiceTimezone(db, practiceId));
}

/** A span of the caller's practice that they may edit (404 for another practice's, 403 for someone else's). */
export async function editableSpan(
  db: Db,
  request: FastifyRequest,
  spanId: number,
): Promise<{ practiceId: number; span: SpanRow }> {
  const reach = availabilityReach(request);
  const span = await spanOfPractice(db, reach.practiceId, spanId);
  if (!span) throw notFound(SPAN_NOT_FOUND);
  assertMayEdit(reach, span.therapistId);
  return { practiceId: reach.practiceId, span };
}

/** A day of the caller's practice they may edit, with its therapist (404 and 403 as for a span). */
export async function editableDay(db: Db, request: FastifyRequest, dayId: number) {
  const reach = availabilityReach(request);
  const day = await dayOfPractice(db, reach.practiceId, dayId);
  if (!day) throw notFound(DAY_NOT_FOUND);
  assertMayEdit(reach, day.therapistId);
  const therapist = await availabilityTherapist(db, reach.practiceId, day.therapistId);
  if (!therapist) throw notFound(DAY_NOT_FOUND);
  return { practiceId: reach.practiceId, day, therapist };
}
