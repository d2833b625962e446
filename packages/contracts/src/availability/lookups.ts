import { z } from 'zod';
import { bodyId, dataOf } from '../common.ts';
import { defineCall } from '../define.ts';
import { therapistQuery } from './editor.ts';

/**
 * What the editor and booking read around availability: the default location,
 * the locations clients see, the products offered, telehealth, and the
 * availability left after bookings (docs/availability-api.md).
 */

export const availabilityLocation = z.object({
  practiceLocationId: z.number(),
  name: z.string(),
  color: z.string(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  isDefault: z.boolean(),
});

/** The active location marked default, else the active one named 'main' (spec-2 §9); 404 when neither. */
export const getDefaultPracticeLocation = defineCall(
  'GET',
  '/availability/getDefaultPracticeLocation',
  { response: { 200: dataOf(availabilityLocation) } },
);

/** Locations of the therapist's online days and online extra hours still to come. */
export const getTherapistLocationsThatClientsSee = defineCall(
  'GET',
  '/availability/getTherapistLocationsThatClientsSee',
  { querystring: therapistQuery, response: { 200: dataOf(z.array(availabilityLocation)) } },
);

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

export const bookableProduct = z.object({
  productId: z.number(),
  cptCode: z.string(),
  description: z.string(),
  durationMinutes: z.number(),
  feeCents: z.number(),
  isTelehealth: z.boolean(),
  isDefault: z.boolean(),
});

/** Products for one client, per therapist: their own default first, then the practice's. */
export const findProductsForClientByTherapistIds = defineCall(
  'GET',
  '/availability/findProductsForClientByTherapistIds',
  {
    querystring: z.object({ therapistIds: idList }),
    response: {
      200: dataOf(
        z.array(z.object({ therapistId: z.number(), products: z.array(bookableProduct) })),
      ),
    },
  },
);

export const getTelehealthCapabilityForTherapist = defineCall(
  'GET',
  '/availability/getTelehealthCapabilityForTherapist',
  {
    querystring: therapistQuery,
    response: { 200: dataOf(z.object({ therapistId: z.number(), hasTelehealth: z.boolean() })) },
  },
);

/** A stretch of availability still free, in the calendar's field names. */
export const remainingBlock = z.object({
  therapistId: z.number(),
  date: z.string(),
  /** The weekly day's id; for extra hours on a date, minus the exception's id. */
  availability_day_id: z.number(),
  practice_location_id: z.number().nullable(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  online_scheduling: z.boolean(),
  schedule_every: z.number(),
  in_person_enabled: z.boolean(),
  teletherapy_enabled: z.boolean(),
});

/** Availability left after bookings and past time; a range over 7 days answers nothing (spec-1 §5, §9). */
export const findRemainingAvailability = defineCall(
  'POST',
  '/availability/findRemainingAvailability',
  {
    body: z.object({
      therapistId: bodyId,
      /** First day (ISO date). */
      spanFrom: z.iso.date(),
      /** The day after the last (exclusive), as the calendar's windows; equal to spanFrom for one day. */
      spanTo: z.iso.date(),
    }),
    response: { 200: dataOf(z.array(remainingBlock)) },
  },
);
