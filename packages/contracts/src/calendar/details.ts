import { z } from 'zod';
import { bodyId, dataOf, dayOrInstant, INT_LIMIT, queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { durationMinutes, flag, successOf } from './wire.ts';

/**
 * Appointment and meeting details, attendance and check-in (spec-1 §7
 * Scheduling and details; docs/calendar-api.md).
 */

export const productChoice = z.object({
  productId: z.number(),
  name: z.string(),
  /** The CPT code. */
  sku: z.string(),
});

/** An attendee as the details dialog reads it (spec-1 §3), plus the client id and check-in time. */
export const appointmentAttendee = z.object({
  calendarEventAttendeeId: z.number(),
  patientId: z.number(),
  fullName: z.string(),
  isPatient: z.boolean(),
  isGroup: z.boolean(),
  attended: z.boolean(),
  notAttended: z.boolean(),
  attendanceUnknown: z.boolean(),
  noShow: z.boolean(),
  accountInvoiceId: z.number().nullable(),
  productId: z.number().nullable(),
  product: productChoice.nullable(),
  /** ISO instant, or null when not checked in. */
  checkedInTime: z.string().nullable(),
  isCharted: z.boolean(),
  patientChartId: z.number().nullable(),
  /** The note's chart status constant (spec-1 §4); null while a draft or without a note. */
  chart_status: z.string().nullable(),
});

export const teletherapy = z.object({
  /** The in-app lobby (a path under /n). */
  url: z.string(),
  title: z.string(),
  message: z.string(),
  isReady: z.boolean(),
  status: z.enum(['before', 'open', 'ended', 'cancelled']),
  opensAt: z.string(),
  closesAt: z.string(),
  /** The practice's video room; null when no video service is connected (or cancelled). */
  roomUrl: z.string().nullable(),
  roomConfigured: z.boolean(),
});

export const appointmentDetails = z.object({
  calendar_event_id: z.number(),
  calendarEventAttendeeId: z.number().nullable(),
  /** The client, or the group for a group appointment. */
  clientId: z.number().nullable(),
  clientName: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  /** The practice's zone: times are shown on its clocks, as the calendar does. */
  timezone: z.string(),
  therapistId: z.number(),
  therapistName: z.string(),
  therapistOffersTelehealth: z.boolean(),
  locationId: z.number().nullable(),
  locationName: z.string().nullable(),
  isTeletherapy: z.boolean(),
  telehealthPos: z.string().nullable(),
  product: productChoice.nullable(),
  series_id: z.number().nullable(),
  attendees: z.array(appointmentAttendee),
  group: z
    .object({ userId: z.number(), name: z.string(), missingGroupInitials: z.boolean() })
    .nullable(),
  isCancelled: z.boolean(),
  cancelledDate: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledReason: z.string().nullable(),
  isCharted: z.boolean(),
  /** The caller may change the calendar (attendance, check-in, cancel, edit). */
  canChange: z.boolean(),
  teletherapy: teletherapy.nullable(),
  productOptions: z.array(
    productChoice.extend({ durationMinutes: z.number(), isTelehealth: z.boolean() }),
  ),
  locationOptions: z.array(z.object({ id: z.number(), name: z.string(), isDefault: z.boolean() })),
});

/** `attendeeId` 0 asks for the appointment as a whole (a group that has no attendee rows yet). */
export const getAppointmentDetails = defineCall(
  'GET',
  '/patientRecord/getAppointmentDetails/:eventId/:attendeeId',
  {
    params: z.object({
      eventId: queryId,
      attendeeId: z.coerce.number().int().min(0).max(INT_LIMIT),
    }),
    response: { 200: dataOf(appointmentDetails) },
  },
);

export const getAppointmentAttendeeDetails = defineCall(
  'POST',
  '/calendarEvent/getAppointmentAttendeeDetails',
  {
    /** practiceId and userIdTherapist are sent by the spec's client; the session decides both. */
    body: z.object({
      calendarEventId: bodyId,
      practiceId: z.unknown().optional(),
      userIdTherapist: z.unknown().optional(),
    }),
    response: { 200: dataOf(z.array(appointmentAttendee)) },
  },
);

export const togglePatientCheckedIn = defineCall('POST', '/calendarEvent/togglePatientCheckedIn', {
  body: z.object({ calendarEventId: bodyId, patientId: bodyId }),
  response: {
    200: z.object({
      status: z.literal('success'),
      data: z.object({ checkedInTime: z.string().nullable() }),
    }),
  },
});

/** A missed group session is recorded against the group service, so both lists are the same. */
export const getProductsForGroupAttendee = defineCall(
  'POST',
  '/product/getProductsForGroupAttendee',
  {
    body: z.object({ groupId: bodyId, therapistId: bodyId }),
    response: {
      200: dataOf(
        z.object({
          attended: z.array(productChoice),
          notAttended: z.array(productChoice),
          /** The group's default service, as a list of at most one. */
          groupDefault: z.array(productChoice),
        }),
      ),
    },
  },
);

export const meetingDetails = z.object({
  calendar_event_id: z.number(),
  therapistId: z.number(),
  therapistName: z.string(),
  type: z.enum(['meeting', 'out_of_office', 'holiday']),
  name: z.string(),
  description: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  timezone: z.string(),
  cancelled: z.boolean(),
  /** Not a holiday, not cancelled, and the caller may change the calendar. */
  editable: z.boolean(),
});

export const getMeetingDetails = defineCall('GET', '/calendar/getMeetingDetails/:id', {
  params: z.object({ id: queryId }),
  response: { 200: dataOf(meetingDetails) },
});

export const updateMeeting = defineCall('POST', '/calendar/updateMeeting', {
  body: z.object({
    calendar_event_id: bodyId,
    eventName: z.string().trim().max(200).default(''),
    startDateTime: dayOrInstant,
    duration: durationMinutes.default(60),
    allDay: flag.default(false),
    /** The therapist whose calendar it moves to; absent: it stays on its calendar. */
    therapistId: bodyId.optional(),
    /** For a new time or therapist: without it the block must fit (409); with it, as when booking. */
    allowDoubleBooking: z.boolean().default(false),
  }),
  response: { 200: successOf(meetingDetails) },
});

export const deleteMeeting = defineCall('POST', '/calendar/deleteMeeting', {
  body: z.object({ calendar_event_id: bodyId }),
  response: { 200: z.object({ status: z.literal('success'), message: z.string() }) },
});

/** Everything in the query string, as the spec's legacy call sends it. */
export const saveAttendance = defineCall('POST', '/calendar/editAttendance/save', {
  querystring: z.object({
    calendar_event_attendee_id: queryId,
    calendar_event_attendee_attended: flag,
    /** Empty or absent keeps the attendee's product. */
    product_id: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), queryId.optional()),
    calendar_event_attendee_noShow: flag.default(false),
  }),
  response: {
    200: z.object({ status: z.literal('saved'), account_invoice_id: z.number().nullable() }),
  },
});

/** Back to unknown, unless an invoice or a chart rests on it ('not-removed' says why). */
export const resetAttendance = defineCall('POST', '/calendar/editAttendance/resetAttendance', {
  querystring: z.object({ calendar_event_attendee_id: queryId }),
  response: {
    200: z.discriminatedUnion('status', [
      z.object({ status: z.literal('saved') }),
      z.object({ status: z.literal('not-removed'), message: z.string() }),
    ]),
  },
});
