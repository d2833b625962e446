import { z } from 'zod';
import { bodyId, dataOf } from '../common.ts';
import { defineCall } from '../define.ts';
import { clock } from './editor.ts';

/**
 * The booked appointments an availability change would leave outside the
 * therapist's hours (issue 15 item 7), for the editor's warning before it
 * saves: a day off on a date, new hours for a weekly day, or removing one.
 * A read (nothing changes), sent as a POST because the change is a shape.
 */
export const proposedChange = z.discriminatedUnion('change', [
  z.object({
    change: z.literal('dayOff'),
    therapistId: bodyId.optional(),
    date: z.string().max(10),
  }),
  z.object({
    change: z.literal('dayHours'),
    day_id: bodyId,
    dayOfWeek: z.number().int(),
    startTime: clock,
    endTime: clock,
  }),
  z.object({ change: z.literal('removeDay'), day_id: bodyId }),
]);

/** One appointment the change collides with. */
export const collidingAppointment = z.object({
  calendarEventId: z.number(),
  start: z.string(),
  end: z.string(),
  /** The therapist's id, to open the appointment on their calendar. */
  therapistId: z.number(),
  /** What the calendar calls it: the client's (or group's) name. */
  title: z.string(),
  /** An online booking still waiting for the practice's answer. */
  awaitingConfirmation: z.boolean(),
});

export const availabilityCollisions = defineCall('POST', '/availability/collisions', {
  body: proposedChange,
  response: {
    200: dataOf(
      z.object({
        /** The practice's zone: the times are on its clocks. */
        timezone: z.string(),
        /** The first 100 by start; `total` counts them all. */
        appointments: z.array(collidingAppointment),
        total: z.number(),
      }),
    ),
  },
});
