import { isOfferedDuration, THERAPIST_SELECTION_LIMIT } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId } from '../clients/profile-schemas.ts';

export const DURATION_NOT_OFFERED = 'Choose a length from 15 to 105 minutes, in 15-minute steps.';

/** POST /availability/findAvailabilityV2 (spec-1 §7 "find availability v2"). */
export const findAvailabilityBody = z.object({
  therapistIds: z
    .array(bodyId)
    .min(1, 'Choose at least one therapist.')
    .max(THERAPIST_SELECTION_LIMIT, `Choose at most ${THERAPIST_SELECTION_LIMIT} therapists.`),
  /** Empty means any location. */
  locationIds: z.array(bodyId).max(100, 'Choose at most 100 locations.').default([]),
  mode: z.enum(['any', 'inPerson', 'telehealth']).default('any'),
  /** Minutes. */
  duration: z.number().int().refine(isOfferedDuration, DURATION_NOT_OFFERED),
  /** Practice-zone days; the window is [start, end), at most 7 days (spec-1 §9). */
  calendarInfo: z.object({ start: z.iso.date(), end: z.iso.date() }),
});
export type FindAvailabilityInput = z.infer<typeof findAvailabilityBody>;
