import { z } from 'zod';
import { dataOf, queryId } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The public therapist directory (spec-1 §2 Public routes: no sign-in; see
 * docs/booking-api.md): only what a practice publishes, never a client's data.
 */

const yesOnly = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** An office a therapist can be booked at online. */
export const directoryLocation = z.object({
  id: z.number(),
  name: z.string(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
});

/**
 * What the public may know of a listed therapist: professional facts only.
 * Locations and modes come from their online availability.
 */
export const therapistProfile = z.object({
  therapistId: z.number(),
  practiceId: z.number(),
  practiceName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.string().nullable(),
  /** 'Daniel Okafor, LCSW'. */
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string().nullable(),
  specialties: z.array(z.string()),
  acceptingNewClients: z.boolean(),
  /** Offers telehealth online: the practice's feature, the therapist's setting and an online day. */
  telehealth: z.boolean(),
  inPerson: z.boolean(),
  locations: z.array(directoryLocation),
  insuranceAccepted: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The practice's time zone: slots are shown on its clocks. */
  timezone: z.string(),
});

/** The choices the directory's filters offer: what the listed therapists (of a practice) have. */
export const directoryFilters = defineCall('GET', '/public/findYourTherapist/filters', {
  querystring: z.object({ practiceId: queryId.optional() }),
  response: {
    200: dataOf(
      z.object({
        practices: z.array(z.object({ id: z.number(), name: z.string() })),
        specialties: z.array(z.string()),
        locations: z.array(directoryLocation.extend({ practiceId: z.number() })),
        insurances: z.array(z.string()),
      }),
    ),
  },
});

/** Filters of the public directory search; every one optional. */
export const directoryQuery = z.object({
  practiceId: queryId.optional(),
  /** Words of the therapist's name or credentials. */
  text: optionalText(100),
  specialty: optionalText(100),
  locationId: queryId.optional(),
  city: optionalText(100),
  state: optionalText(2),
  telehealth: yesOnly.optional(),
  /** A practice insurance id, or words of the payer's name. */
  insurance: optionalText(100),
  acceptingNewClients: yesOnly.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type DirectoryQuery = z.infer<typeof directoryQuery>;

/** A page of listed therapists by last name; `hasMore` when another page follows. */
export const searchDirectory = defineCall('GET', '/public/findYourTherapist/search', {
  querystring: directoryQuery,
  response: {
    200: z.object({
      data: z.array(therapistProfile),
      hasMore: z.boolean(),
      limit: z.number(),
      offset: z.number(),
    }),
  },
});

/** One listed therapist, with the length of the practice's default service. */
export const getTherapistProfile = defineCall('GET', '/public/findYourTherapist/therapist', {
  querystring: z.object({ therapistId: queryId }),
  response: {
    200: dataOf(therapistProfile.extend({ defaultDurationMinutes: z.number() })),
  },
});
