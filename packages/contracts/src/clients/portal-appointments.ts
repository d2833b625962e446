import { z } from 'zod';
import { defineCall } from '../define.ts';

/**
 * The signed-in client's own appointments, for the portal home (issue 21 item 4). What a client
 * is shown of their calendar: when, with whom, where and whether it still stands; never the
 * practice's notes on it (a cancellation's reason, attendance, charges).
 */
export const portalAppointment = z.object({
  eventId: z.number(),
  /** ISO instants, read on the practice's clocks (`timezone`). */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  therapistName: z.string(),
  service: z.string().nullable(),
  location: z.string().nullable(),
  isTelehealth: z.boolean(),
  /** The group session it is part of, by the name the practice gives it. */
  groupName: z.string().nullable(),
  /** Requested online and not yet confirmed by the practice. */
  awaitingConfirmation: z.boolean(),
  cancelled: z.boolean(),
});

/** How many of each the home shows: what is to come, and the latest past ones. */
export const PORTAL_UPCOMING_SHOWN = 10;
export const PORTAL_PAST_SHOWN = 5;

export const listMyAppointments = defineCall('GET', '/portal/appointments', {
  response: {
    200: z.object({
      timezone: z.string(),
      upcoming: z.array(portalAppointment),
      /** Upcoming appointments in all, when more than those shown. */
      upcomingTotal: z.number(),
      past: z.array(portalAppointment),
    }),
  },
});
