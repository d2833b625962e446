import {
  REQUIRED_MESSAGE,
  VALIDATION_MESSAGES,
  validate,
  type Constraint,
} from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, dayOrInstant, instant, queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { directoryLocation, therapistProfile } from './directory.ts';

/**
 * Open online slots and booking one: by a visitor of the public pages, or by
 * a signed-in client for their own record (`/n/selfSchedule`); see
 * docs/booking-api.md.
 */

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

const NAME_MAX = 60;
const EMAIL_MAX = 254;
const PHONE_MAX = 30;
const REASON_MAX = 1000;
/** Lengths an online booking may ask for (the practice's default service is 45 or 60). */
const MIN_BOOKING_MINUTES = 15;
const MAX_BOOKING_MINUTES = 180;

export const SLOT_MODES = ['any', 'inPerson', 'telehealth'] as const;
export const BOOKING_MODES = ['inPerson', 'telehealth'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

const minutes = z.coerce.number().int().min(MIN_BOOKING_MINUTES).max(MAX_BOOKING_MINUTES);

/** A window of at most 7 days (spec-1 §9); a day means midnight in the practice's zone. */
const slotsQuery = z.object({
  therapistId: queryId,
  start: dayOrInstant,
  end: dayOrInstant,
  mode: z.enum(SLOT_MODES).default('any'),
  duration: minutes.optional(),
});

/** An open slot: free time only, never who holds the rest. */
export const bookableSlot = z.object({
  start: z.string(),
  end: z.string(),
  inPerson: z.boolean(),
  telehealth: z.boolean(),
  location: z.object({ id: z.number(), name: z.string() }).nullable(),
});

const slotWindow = z.object({
  therapistId: z.number(),
  timezone: z.string(),
  durationMinutes: z.number(),
  /** The window looked at, as instants. */
  start: z.string(),
  end: z.string(),
  /** Whether the caller may book this therapist at all (no slots when not). */
  acceptingNewClients: z.boolean(),
  data: z.array(bookableSlot),
});

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

/** What the booker is told: the appointment's facts, without the practice's ids. */
const bookingAnswer = z.object({
  status: z.enum(['PENDING', 'CONFIRMED', 'DECLINED']),
  practiceName: z.string(),
  therapistName: z.string(),
  start: z.string(),
  end: z.string(),
  isTelehealth: z.boolean(),
  location: directoryLocation.nullable(),
  timezone: z.string(),
  /** How the confirmation email went; null when the same booking was sent again. */
  confirmationEmail: z.enum(['sent', 'logged', 'failed', 'suppressed']).nullable(),
});
/** 201 for a new booking; 200 when the same booking key comes again (the first answer). */
const booked = { 200: dataOf(bookingAnswer), 201: dataOf(bookingAnswer) };

export const publicSlots = defineCall('GET', '/public/findYourTherapist/slots', {
  querystring: slotsQuery,
  response: { 200: slotWindow },
});

/** A visitor books: their details stay on the request until staff confirm it. */
export const publicBook = defineCall('POST', '/public/selfSchedule/book', {
  body: z.object({
    ...slotChoice,
    firstName: checkedText(NAME_MAX),
    lastName: checkedText(NAME_MAX),
    email: checkedText(EMAIL_MAX, [{ name: 'email' }]),
    phone: checkedText(PHONE_MAX, [{ name: 'phone' }]),
    /** ISO date (YYYY-MM-DD); not in the future. */
    dob: z.iso.date({ error: VALIDATION_MESSAGES.date }),
    reasonForAppointment: checkedText(REASON_MAX),
  }),
  response: booked,
});

/** The signed-in client's own therapists first (`isMyTherapist`), then other listed ones. */
export const clientTherapists = defineCall('GET', '/selfSchedule/therapists', {
  response: {
    200: z.object({
      data: z.array(therapistProfile.extend({ isMyTherapist: z.boolean() })),
      defaultDurationMinutes: z.number(),
    }),
  },
});

export const clientSlots = defineCall('GET', '/selfSchedule/slots', {
  querystring: slotsQuery,
  response: { 200: slotWindow },
});

/** A signed-in client books for their own record: no personal details are asked. */
export const clientBook = defineCall('POST', '/selfSchedule/book', {
  body: z.object({
    ...slotChoice,
    reasonForAppointment: z
      .string()
      .trim()
      .max(REASON_MAX, VALIDATION_MESSAGES.max(REASON_MAX))
      .optional(),
  }),
  response: booked,
});
