import {
  MAX_OCCURRENCES,
  SERIES_SCOPES,
  TELEHEALTH_POS_CODES,
  THERAPIST_SELECTION_LIMIT,
} from '@openpractice/domain';
import { z } from 'zod';
import { bodyId } from '../clients/profile-schemas.ts';

/** An instant with its offset, e.g. 2026-03-02T14:00:00.000Z or 2026-03-02T09:00:00-05:00. */
export const instant = z.iso.datetime({ offset: true });
/** A calendar day or an instant; a day means midnight in the practice's time zone. */
export const dayOrInstant = z.union([z.iso.date(), instant]);
/** Legacy booleans arrive as 1/0, '1'/'0', 'true'/'false' or booleans. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A list of ids in a query string: repeated keys or one comma-separated value. */
const idList = (max: number, what: string) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
        .map((s) => String(s).trim())
        .filter((s) => s !== '')
        .map(Number),
    z
      .array(z.number().int().positive().max(2_147_483_647))
      .max(max, `Choose at most ${max} ${what}.`),
  );

const MAX_DURATION_MINUTES = 24 * 60;

export const createAppointmentBody = z.object({
  therapistId: bodyId,
  patientId: bodyId,
  practiceLocationId: bodyId.nullable().default(null),
  isTeletherapy: z.boolean().default(false),
  teletherapyPos: z.enum(TELEHEALTH_POS_CODES).nullable().optional(),
  eventDateTime: instant,
  products: z
    .array(
      z.object({
        productId: bodyId,
        duration: z.number().int().positive().max(MAX_DURATION_MINUTES).optional(),
      }),
    )
    .max(10)
    .default([]),
  /** Minutes; when absent, the products' durations add up to the length. */
  duration: z.number().int().positive().max(MAX_DURATION_MINUTES).optional(),
  /** How many weekly (or every-other-week) appointments; default 1. Not with untilDate. */
  occurrences: z.number().int().min(1).max(MAX_OCCURRENCES).optional(),
  /** Book every intervalWeeks weeks up to and including this day (practice's zone). */
  untilDate: z.iso.date().optional(),
  intervalWeeks: z.union([z.literal(1), z.literal(2)]).default(1),
  allowDoubleBooking: z.boolean().default(false),
});
export type CreateAppointmentInput = z.infer<typeof createAppointmentBody>;

export const createMeetingBody = z.object({
  therapistId: bodyId,
  allDay: z.boolean().default(false),
  startDateTime: dayOrInstant,
  eventName: z.string().trim().max(200).optional(),
  duration: z.number().int().positive().max(MAX_DURATION_MINUTES).default(60),
  type: z.enum(['meeting', 'out_of_office']).default('meeting'),
  allowDoubleBooking: z.boolean().default(false),
});
export type CreateMeetingInput = z.infer<typeof createMeetingBody>;

export const rescheduleBody = z.object({
  calendar_event_id: bodyId,
  calendar_event_starttime: dayOrInstant,
  calendar_event_endtime: dayOrInstant,
  calendar_event_allday: flag.default(false),
  scope: z.enum(SERIES_SCOPES).default('this'),
});
export type RescheduleInput = z.infer<typeof rescheduleBody>;

export const cancelBody = z.object({
  id: bodyId,
  reason: z.string().trim().max(500).default(''),
  scope: z.enum(SERIES_SCOPES).default('this'),
});
export type CancelInput = z.infer<typeof cancelBody>;

export const updateAppointmentBody = z.object({
  calendar_event_id: bodyId,
  scope: z.enum(SERIES_SCOPES).default('this'),
  /** null: no location. */
  practiceLocationId: bodyId.nullable().optional(),
  isTeletherapy: z.boolean().optional(),
  teletherapyPos: z.enum(TELEHEALTH_POS_CODES).nullable().optional(),
  productId: bodyId.optional(),
  /** Minutes: the new length; the start stays. */
  duration: z.number().int().positive().max(MAX_DURATION_MINUTES).optional(),
});
export type UpdateAppointmentInput = z.infer<typeof updateAppointmentBody>;

export const seriesParams = z.object({
  eventId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const appointmentsQuery = z.object({
  therapistIds: idList(THERAPIST_SELECTION_LIMIT, 'therapists').refine((ids) => ids.length > 0, {
    message: 'Choose at least one therapist.',
  }),
  locationIds: idList(100, 'locations').optional(),
  externalCalendarIds: z.unknown().optional(),
  start: dayOrInstant,
  end: dayOrInstant,
  includeCancelledEvents: flag.default(false),
});
export type AppointmentsQuery = z.infer<typeof appointmentsQuery>;

export const availabilityQuery = z.object({
  therapistIds: idList(THERAPIST_SELECTION_LIMIT, 'therapists').refine((ids) => ids.length > 0, {
    message: 'Choose at least one therapist.',
  }),
  locationIds: idList(100, 'locations').optional(),
  spanFrom: dayOrInstant,
  spanTo: dayOrInstant,
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

export const usesAvailabilityQuery = z.object({
  user_id_therapist: z.coerce.number().int().positive().max(2_147_483_647),
});
