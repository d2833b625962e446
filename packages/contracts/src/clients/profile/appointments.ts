import {
  CLIENT_APPOINTMENT_ATTENDANCE,
  CLIENT_APPOINTMENTS_PAGE_MAX,
  CLIENT_APPOINTMENTS_PAGE_SIZE,
} from '@openpractice/domain';
import { z } from 'zod';
import { queryId } from '../../common.ts';
import { defineCall } from '../../define.ts';

/**
 * The client's appointments on their chart (issue 15 item 3; spec-2 §2 client profile,
 * spec-1 §3 appointment fields). Notes, charges and claims join a row as those areas land.
 */

/** Where the next page of the history starts: '<start in µs since 1970>.<event id>', as answered. */
export const APPOINTMENT_CURSOR = /^-?\d{1,17}\.\d{1,10}$/;

export const clientAppointment = z.object({
  eventId: z.number(),
  /** The client's attendee row (the details dialog's second id); null for a group's own session. */
  attendeeId: z.number().nullable(),
  /** ISO instants; shown on the practice's clocks (`timezone`). */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  durationMinutes: z.number(),
  therapistId: z.number(),
  therapistName: z.string(),
  /** The service (product) booked, and its CPT code. */
  service: z.string().nullable(),
  serviceCode: z.string().nullable(),
  location: z.string().nullable(),
  isTelehealth: z.boolean(),
  /** The group session this was, named as the calendar names it; null for an individual one. */
  groupName: z.string().nullable(),
  /** Null for a cancelled appointment and for a group's own session (members attend). */
  attendance: z.enum(CLIENT_APPOINTMENT_ATTENDANCE).nullable(),
  /** Booked online and not yet confirmed by staff. */
  awaitingConfirmation: z.boolean(),
  /** ISO instant the appointment was cancelled, who cancelled it and why. */
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
});

const cursor = z
  .string()
  .regex(APPOINTMENT_CURSOR, 'Use the nextCursor of the previous page.')
  .optional();

/**
 * One page of the client's appointments. The first page (no `cursor`) also carries what is to
 * come: the next appointment that will take place (for the header), the upcoming ones soonest
 * first and how many there are. Every page carries past ones, newest first, `limit` at most;
 * `nextCursor` asks for the page after (null on the last).
 */
export const listClientAppointments = defineCall('GET', '/patient/listAppointments', {
  querystring: z.object({
    patientId: queryId,
    cursor,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CLIENT_APPOINTMENTS_PAGE_MAX)
      .default(CLIENT_APPOINTMENTS_PAGE_SIZE),
  }),
  response: {
    200: z.object({
      /** The practice's time zone: dates and times read on its clocks. */
      timezone: z.string(),
      next: clientAppointment.nullable(),
      upcoming: z.array(clientAppointment),
      /** Upcoming appointments in all (cancelled ones included); 0 on later pages. */
      upcomingTotal: z.number(),
      past: z.array(clientAppointment),
      nextCursor: z.string().nullable(),
    }),
  },
});
