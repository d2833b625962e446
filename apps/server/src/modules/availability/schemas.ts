import { AVAILABILITY_EXCEPTION_KINDS } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, queryId } from '../clients/profile-schemas.ts';

/**
 * Request shapes of the availability calls (docs/availability-api.md). The
 * rules themselves (times, weekdays, spacing, modes, dates) are the domain's,
 * so a refused value carries the same message on both sides.
 */

/** A clock time 'HH:MM' (or 'HH:MM:SS'); read and checked by the domain. */
const clock = z.string().max(16);
/** A span bound: an ISO day, or null (or empty) for an open bound; checked by the domain. */
const spanBound = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().max(10).nullable(),
);

/** The fields of an availability day (spec-2 §3) without its ids. */
export const dayFields = z.object({
  dayOfWeek: z.number().int(),
  practiceLocationId: bodyId.nullable().default(null),
  startTime: clock,
  endTime: clock,
  onlineScheduling: z.boolean().default(false),
  scheduleEvery: z.number().default(60),
  inPersonEnabled: z.boolean().default(true),
  teletherapyEnabled: z.boolean().default(false),
});
export type DayFields = z.infer<typeof dayFields>;

export const therapistQuery = z.object({ therapistId: queryId.optional() });
/** Start over names the therapist explicitly: it clears everything. */
export const startOverQuery = z.object({ therapistId: queryId });
export const spanIdQuery = z.object({ span_id: queryId });
export const dayIdQuery = z.object({ day_id: queryId });
export const exceptionIdQuery = z.object({ exception_id: queryId });

export const addSpanBody = z.object({
  therapistId: bodyId.optional(),
  span_from: spanBound,
  span_to: spanBound,
});

export const updateSpanBody = z.object({
  span_id: bodyId,
  span_from: spanBound,
  span_to: spanBound,
});

export const removeSpanBody = z.object({ span_id: bodyId });

export const createDayBody = dayFields.extend({
  therapistId: bodyId.optional(),
  /** The span the day joins; absent or null when the therapist has no span yet. */
  availabilitySpanId: bodyId.nullable().optional(),
});

export const updateDayBody = dayFields.extend({ day_id: bodyId });

export const updateEmptySpanBody = z.object({
  span_id: bodyId,
  days: z.array(dayFields).min(1, 'Add at least one day.').max(70),
});

export const listExceptionsQuery = z.object({
  therapistId: queryId.optional(),
  /** 'true' lists past dates too; by default from today on. */
  includePast: z.enum(['true', 'false']).optional(),
});

export const addExceptionBody = z.object({
  therapistId: bodyId.optional(),
  date: z.string().max(10),
  kind: z.enum(AVAILABILITY_EXCEPTION_KINDS),
  practiceLocationId: bodyId.nullable().optional(),
  startTime: clock.nullable().optional(),
  endTime: clock.nullable().optional(),
  onlineScheduling: z.boolean().optional(),
  scheduleEvery: z.number().optional(),
  inPersonEnabled: z.boolean().optional(),
  teletherapyEnabled: z.boolean().optional(),
  note: z.string().max(200).nullable().optional(),
});

/** Ids in a query string: repeated keys or one comma-separated value. */
const idList = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
      .map((s) => String(s).trim())
      .filter((s) => s !== '')
      .map(Number),
  z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Choose at least one therapist.')
    .max(16, 'Choose at most 16 therapists.'),
);

export const productsQuery = z.object({ therapistIds: idList });

export const remainingBody = z.object({
  therapistId: bodyId,
  /** First day (ISO date). */
  spanFrom: z.iso.date(),
  /** The day after the last (exclusive), as the calendar's windows; equal to spanFrom for one day. */
  spanTo: z.iso.date(),
});
