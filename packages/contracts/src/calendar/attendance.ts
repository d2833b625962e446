import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Past sessions whose attendance is still not recorded (issue 15 item 2;
 * docs/calendar-api.md): the therapist's to-do list of appointments to mark.
 */

/** One past appointment with at least one attendee whose attendance is unknown. */
export const unrecordedAppointment = z.object({
  calendarEventId: z.number(),
  start: z.string(),
  end: z.string(),
  therapistId: z.number(),
  therapistName: z.string(),
  /** The client, or the group for a group appointment. */
  clientId: z.number().nullable(),
  clientName: z.string(),
  isGroup: z.boolean(),
  /** Attendees (members for a group) whose attendance is still unknown, and all of them. */
  unrecordedCount: z.number(),
  attendeeCount: z.number(),
  isTelehealth: z.boolean(),
  /** The (first) attendee's service, as its CPT code. */
  serviceCode: z.string().nullable(),
});

/**
 * Appointments that ended in the last 30 practice days, were not cancelled and
 * still have an attendee without attendance, newest first. `therapistId`
 * narrows to one therapist, 'all' asks for every therapist the caller may
 * see; absent, it is the caller's own calendar when they are a therapist,
 * else every therapist's. A therapist-only user sees their own only.
 */
export const listUnrecordedAttendance = defineCall('GET', '/calendar/attendance/unrecorded', {
  querystring: z.object({
    therapistId: z.union([z.literal('all'), queryId]).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: {
    200: z.object({
      data: z.array(unrecordedAppointment),
      /** How many there are in all (every page). */
      total: z.number(),
      limit: z.number(),
      offset: z.number(),
      /** The therapist shown, or null for every therapist the caller may see. */
      therapistId: z.number().nullable(),
      /** The therapists the caller may choose between (only their own for a therapist-only user). */
      therapists: z.array(z.object({ id: z.number(), name: z.string() })),
      /** The first practice day listed (YYYY-MM-DD). */
      since: z.string(),
      /** The practice's zone: times are shown on its clocks. */
      timezone: z.string(),
    }),
  },
});
