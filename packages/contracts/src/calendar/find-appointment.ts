import { isOfferedDuration, THERAPIST_SELECTION_LIMIT } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/** Find an appointment (spec-1 §4, §7 "find availability v2"; docs/availability-api.md). */

export const DURATION_NOT_OFFERED = 'Choose a length from 15 to 105 minutes, in 15-minute steps.';

export const slotMode = z.enum(['any', 'inPerson', 'telehealth']);

export const foundSlot = z.object({
  start: z.string(),
  end: z.string(),
  locationId: z.number().nullable(),
  locationName: z.string().nullable(),
  inPerson: z.boolean(),
  telehealth: z.boolean(),
});

const named = z.object({ id: z.number(), name: z.string() });

export const foundAvailability = z.object({
  timezone: z.string(),
  calendarInfo: z.object({ start: z.string(), end: z.string() }),
  /** More than 7 days were asked for: nothing is looked up (spec-1 §9). */
  rangeTooLong: z.boolean(),
  mode: slotMode,
  duration: z.number(),
  selectedTherapists: z.array(named),
  /** The locations the answer names (the chosen ones and those of the slots). */
  locations: z.array(named),
  slotCount: z.number(),
  /** Days with open slots, in order; on each, the therapists in name order. */
  days: z.array(
    z.object({
      date: z.string(),
      therapists: z.array(
        z.object({
          therapistId: z.number(),
          therapistName: z.string(),
          slots: z.array(foundSlot),
        }),
      ),
    }),
  ),
});

/** Open slots of the chosen therapists over at most 7 days. */
export const findAvailabilityV2 = defineCall('POST', '/availability/findAvailabilityV2', {
  body: z.object({
    therapistIds: z
      .array(bodyId)
      .min(1, 'Choose at least one therapist.')
      .max(THERAPIST_SELECTION_LIMIT, `Choose at most ${THERAPIST_SELECTION_LIMIT} therapists.`),
    /** Empty means any location. */
    locationIds: z.array(bodyId).max(100, 'Choose at most 100 locations.').default([]),
    mode: slotMode.default('any'),
    /** Minutes. */
    duration: z.number().int().refine(isOfferedDuration, DURATION_NOT_OFFERED),
    /** Practice-zone days; the window is [start, end), at most 7 days (spec-1 §9). */
    calendarInfo: z.object({ start: z.iso.date(), end: z.iso.date() }),
  }),
  response: { 200: dataOf(foundAvailability) },
});
