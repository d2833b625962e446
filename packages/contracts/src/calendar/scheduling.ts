import { PRODUCT_FIND_TYPES, TELEHEALTH_POS_CODES } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, dayOrInstant, queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { MAX_DURATION_MINUTES } from './wire.ts';

/** The scheduling dialog's lookups: products for a request, conflicts, telehealth, locations (spec-1 §7). */

/** Minutes in a query string. */
const minutes = (min: number) =>
  z.coerce
    .number()
    .int('The duration must be a whole number of minutes.')
    .min(
      min,
      min > 0 ? 'The duration must be at least 1 minute.' : 'The duration cannot be negative.',
    )
    .max(MAX_DURATION_MINUTES, 'The duration cannot be more than a day.');

/** A product option (spec-1 §3) as the scheduling dialog receives it. */
export const productOption = z.object({
  duration: z.number(),
  products: z.array(
    z.object({
      productId: z.number(),
      cptCode: z.string(),
      description: z.string(),
      durationMinutes: z.number(),
    }),
  ),
  is_telehealth: z.boolean(),
  telehealth_pos: z.string().nullable(),
  find_type: z.enum(PRODUCT_FIND_TYPES).nullable(),
  selected: z.boolean(),
});

/**
 * The practice's active products suited to the client, the suggested one
 * selected; whether the therapist treats the client; the client's next
 * appointment with warnings about it.
 */
export const findProductsForSchedulingRequest = defineCall(
  'GET',
  '/availability/findProductsForSchedulingRequest',
  {
    querystring: z.object({
      /** The requested length; 0 when none is chosen yet. */
      duration: minutes(0),
      therapistId: queryId,
      clientId: queryId,
      start: dayOrInstant,
    }),
    response: {
      200: dataOf(
        z.object({
          products: z.array(productOption),
          isTherapistForClient: z.boolean(),
          client: z.object({ id: z.number(), displayName: z.string(), isGroup: z.boolean() }),
          nextAppointment: z
            .object({
              calendar_event_id: z.number(),
              start_date_time: z.string(),
              end_date_time: z.string(),
              therapistId: z.number(),
              warnings: z.array(z.string()),
            })
            .nullable(),
        }),
      ),
    },
  },
);

export const countConflicts = defineCall('GET', '/availability/countConflicts', {
  querystring: z.object({
    duration: minutes(1),
    therapistId: queryId,
    start: dayOrInstant,
    /** The event being moved (the edit dialogs): its own place is no conflict. */
    exceptEventId: queryId.optional(),
  }),
  response: { 200: dataOf(z.object({ conflictCount: z.number() })) },
});

export const telehealthStatus = defineCall('GET', '/therapist/telehealthStatus', {
  querystring: z.object({ therapistId: queryId }),
  response: {
    200: dataOf(
      z.object({ hasTelehealth: z.boolean(), allowedPos: z.array(z.enum(TELEHEALTH_POS_CODES)) }),
    ),
  },
});

export const serviceLocation = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  isDefault: z.boolean(),
});

/** The practice's active locations, the default first. */
export const listServiceLocations = defineCall('GET', '/availability/listServiceLocations', {
  response: { 200: dataOf(z.array(serviceLocation)) },
});
