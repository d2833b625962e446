import {
  MAX_OCCURRENCES,
  SERIES_SCOPES,
  TELEHEALTH_POS_CODES,
  THERAPIST_SELECTION_LIMIT,
} from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, dayOrInstant, instant, INT_LIMIT } from '../common.ts';
import { defineCall } from '../define.ts';
import {
  changedEvents,
  durationMinutes,
  eventKind,
  flag,
  idList,
  successOf,
  therapistIdList,
} from './wire.ts';

/** Booking, moving, cancelling and reading the calendar's events (docs/calendar-api.md). */

export const createAppointment = defineCall('POST', '/calendar/createAppointment', {
  body: z.object({
    therapistId: bodyId,
    patientId: bodyId,
    practiceLocationId: bodyId.nullable().default(null),
    isTeletherapy: z.boolean().default(false),
    teletherapyPos: z.enum(TELEHEALTH_POS_CODES).nullable().optional(),
    eventDateTime: instant,
    products: z
      .array(z.object({ productId: bodyId, duration: durationMinutes.optional() }))
      .max(10)
      .default([]),
    /** Minutes; when absent, the products' durations add up to the length. */
    duration: durationMinutes.optional(),
    /** How many weekly (or every-other-week) appointments; default 1. Not with untilDate. */
    occurrences: z.number().int().min(1).max(MAX_OCCURRENCES).optional(),
    /** Book every intervalWeeks weeks up to and including this day (practice's zone). */
    untilDate: z.iso.date().optional(),
    intervalWeeks: z.union([z.literal(1), z.literal(2)]).default(1),
    allowDoubleBooking: z.boolean().default(false),
  }),
  response: {
    201: successOf(
      z.object({ calendar_event_ids: z.array(z.number()), series_id: z.number().nullable() }),
    ),
  },
});

export const createMeeting = defineCall('POST', '/calendar/createMeeting', {
  body: z.object({
    therapistId: bodyId,
    allDay: z.boolean().default(false),
    startDateTime: dayOrInstant,
    eventName: z.string().trim().max(200).optional(),
    duration: durationMinutes.default(60),
    type: z.enum(['meeting', 'out_of_office']).default('meeting'),
    allowDoubleBooking: z.boolean().default(false),
  }),
  response: { 201: successOf(z.object({ calendar_event_id: z.number() })) },
});

export const rescheduleEvent = defineCall('POST', '/calendar/rescheduleEvent', {
  body: z.object({
    calendar_event_id: bodyId,
    calendar_event_starttime: dayOrInstant,
    calendar_event_endtime: dayOrInstant,
    calendar_event_allday: flag.default(false),
    scope: z.enum(SERIES_SCOPES).default('this'),
    /** Without it the moved events must fit; with it they leave the no-overlap rule. */
    allowDoubleBooking: z.boolean().default(false),
  }),
  response: { 200: changedEvents },
});

export const cancelEvent = defineCall('POST', '/calendar/cancelEvent', {
  body: z.object({
    id: bodyId,
    reason: z.string().trim().max(500).default(''),
    scope: z.enum(SERIES_SCOPES).default('this'),
  }),
  response: { 200: changedEvents },
});

/**
 * spec-1 §3 'Calendar event as received'. A month of a busy practice is
 * thousands of these (about 3 MB): plain fields only, so checking stays cheap.
 */
export const calendarEvent = z.object({
  calendar_event_id: z.number(),
  calendar_event_name: z.string(),
  user_id_therapist: z.number(),
  user_id_patient: z.number().nullable(),
  /** The (first) attendee row, for getAppointmentDetails/{eventId}/{attendeeId}. */
  calendar_event_attendee_id: z.number().nullable(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  /** The client's nickname, so the title names them as the details dialog does (domain `fullName`). */
  patient_nick_name: z.string().nullable(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  calendar_event_allday: z.boolean(),
  practice_location_id: z.number().nullable(),
  practice_location_color: z.string().nullable(),
  isTeletherapy: z.boolean(),
  telehealth_pos: z.string().nullable(),
  hasAlert: z.boolean(),
  patient_record_status: z.string().nullable(),
  isGroup: z.boolean(),
  checkedintime: z.string().nullable(),
  day_of_week: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  calendar_event_canceldate: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  series_id: z.number().nullable(),
  attended_attendee_count: z.number(),
  /** Booked online and waiting for staff to confirm it (it holds the slot meanwhile). */
  awaitingConfirmation: z.boolean(),
  /** Attendees whose attendance is still unknown (a past one is drawn as 'Attendance not recorded'). */
  unrecorded_attendee_count: z.number(),
  /** The (first) attendee's service, as its CPT code; null until one is chosen. */
  service_code: z.string().nullable(),
  calendar_event_type_constant: z.string(),
  calendar_event_kind: eventKind,
  calendar_type_constant: z.string(),
  patient_chart_locked_count: z.number(),
  claim_count: z.number(),
  account_payment_exists: z.boolean(),
  calendar_color: z.string().nullable(),
});

/** One read names every client it showed, in one audit row (issue 13 finding 3). */
export const getTherapistAppointments = defineCall('GET', '/calendar/getTherapistAppointments', {
  querystring: z.object({
    therapistIds: therapistIdList(THERAPIST_SELECTION_LIMIT),
    locationIds: idList(100, 'locations').optional(),
    externalCalendarIds: z.unknown().optional(),
    start: dayOrInstant,
    end: dayOrInstant,
    includeCancelledEvents: flag.default(false),
  }),
  response: { 200: dataOf(z.array(calendarEvent)) },
});

/** An availability block on one day. */
export const availabilityBlock = z.object({
  /** The weekly day's id; for extra hours on a date, minus the exception's id. */
  availability_day_id: z.number(),
  /** The span the block comes from (extra hours: the span covering the date, or 0). */
  availability_span_id: z.number(),
  /** Set for extra hours on a date (a date exception); null for weekly days. */
  availability_exception_id: z.number().nullable(),
  user_id_therapist: z.number(),
  practice_location_id: z.number().nullable(),
  practice_location_color: z.string().nullable(),
  date: z.string(),
  day_of_week: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  online_scheduling: z.boolean(),
  schedule_every: z.number(),
  in_person_enabled: z.boolean(),
  teletherapy_enabled: z.boolean(),
  calendar_event_type_constant: z.string(),
});

/** spec-1 §5: a lookup over more than 7 days answers nothing. */
export const getAvailability = defineCall('GET', '/availability/getAvailability', {
  querystring: z.object({
    therapistIds: therapistIdList(THERAPIST_SELECTION_LIMIT),
    locationIds: idList(100, 'locations').optional(),
    spanFrom: dayOrInstant,
    spanTo: dayOrInstant,
  }),
  response: { 200: dataOf(z.array(availabilityBlock)) },
});

export const usesAvailability = defineCall('GET', '/calendar/settings/usesAvailability', {
  querystring: z.object({
    user_id_therapist: z.coerce.number().int().positive().max(INT_LIMIT),
  }),
  response: { 200: dataOf(z.object({ usesAvailability: z.boolean() })) },
});
