import {
  REQUIRED_MESSAGE,
  VALIDATION_MESSAGES,
  validate,
  type Constraint,
} from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, queryId } from '../clients/profile-schemas.ts';
import { dayOrInstant, instant } from '../calendar/schemas.ts';

/**
 * Text checked by the domain validators (spec-2 §5), so the server answers
 * with the messages the booking form shows. Blank fails with 'This is required.'.
 */
const checkedText = (max: number, constraints: readonly Constraint[] = []) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .max(max, VALIDATION_MESSAGES.max(max))
    .transform((v) => v.trim())
    .superRefine((value, ctx) => {
      const result = validate(value, [{ name: 'required' }, ...constraints]);
      if (result !== true)
        ctx.addIssue({ code: 'custom', message: result === false ? 'Not valid.' : result });
    });

export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const REASON_MAX = 1000;
/** Lengths an online booking may ask for (the practice's default service is 45 or 60). */
export const MIN_BOOKING_MINUTES = 15;
export const MAX_BOOKING_MINUTES = 180;

const yesOnly = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

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

export const filtersQuery = z.object({ practiceId: queryId.optional() });
export const therapistQuery = z.object({ therapistId: queryId });

export const SLOT_MODES = ['any', 'inPerson', 'telehealth'] as const;
export const BOOKING_MODES = ['inPerson', 'telehealth'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

const minutes = z.coerce.number().int().min(MIN_BOOKING_MINUTES).max(MAX_BOOKING_MINUTES);

/** A window of at most 7 days (spec-1 §9); a day means midnight in the practice's zone. */
export const slotsQuery = z.object({
  therapistId: queryId,
  start: dayOrInstant,
  end: dayOrInstant,
  mode: z.enum(SLOT_MODES).default('any'),
  duration: minutes.optional(),
});
export type SlotsQuery = z.infer<typeof slotsQuery>;

/** Sent by the browser once per booking attempt (a UUID), so a double submission books once. */
const idempotencyKey = z
  .string({ error: REQUIRED_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Send a booking key of 8 to 100 letters, digits, - or _.');

const slotChoice = {
  therapistId: bodyId,
  start: instant,
  /** Either the end or a length in minutes; neither: the practice's default service length. */
  end: instant.optional(),
  duration: z.number().int().min(MIN_BOOKING_MINUTES).max(MAX_BOOKING_MINUTES).optional(),
  mode: z.enum(BOOKING_MODES).default('inPerson'),
  idempotencyKey,
};

export const publicBookBody = z.object({
  ...slotChoice,
  firstName: checkedText(NAME_MAX),
  lastName: checkedText(NAME_MAX),
  email: checkedText(EMAIL_MAX, [{ name: 'email' }]),
  phone: checkedText(PHONE_MAX, [{ name: 'phone' }]),
  /** ISO date (YYYY-MM-DD); not in the future. */
  dob: z.iso.date({ error: VALIDATION_MESSAGES.date }),
  reasonForAppointment: checkedText(REASON_MAX),
});
export type PublicBookInput = z.infer<typeof publicBookBody>;

export const clientBookBody = z.object({
  ...slotChoice,
  reasonForAppointment: z
    .string()
    .trim()
    .max(REASON_MAX, VALIDATION_MESSAGES.max(REASON_MAX))
    .optional(),
});
export type ClientBookInput = z.infer<typeof clientBookBody>;

export const REQUEST_STATUSES = ['PENDING', 'CONFIRMED', 'DECLINED'] as const;

export const requestsQuery = z.object({
  status: z.enum(REQUEST_STATUSES).default('PENDING'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * A visitor's request names who it is for: `newClient: true` or an existing
 * `clientId` (exactly one). A signed-in client's request needs neither.
 */
export const confirmBody = z.object({
  requestId: bodyId,
  clientId: bodyId.optional(),
  newClient: z.boolean().optional(),
});
export const declineBody = z.object({
  requestId: bodyId,
  reason: z.string().trim().max(500, VALIDATION_MESSAGES.max(500)).optional(),
});

export const settingsBody = z
  .object({
    selfBookingMode: z.enum(['instant', 'request']).optional(),
    publicDirectoryEnabled: z.boolean().optional(),
  })
  .refine((v) => v.selfBookingMode !== undefined || v.publicDirectoryEnabled !== undefined, {
    message: 'Send selfBookingMode or publicDirectoryEnabled.',
  });
