import { AVAILABILITY_EXCEPTION_KINDS } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { clock, confirmCollisions } from './editor.ts';

/** Date exceptions: a day off, or extra hours on one date (docs/availability-api.md). */

export const availabilityException = z.object({
  exception_id: z.number(),
  therapistId: z.number(),
  date: z.string(),
  kind: z.enum(AVAILABILITY_EXCEPTION_KINDS),
  practiceLocationId: z.number().nullable(),
  /** 'HH:MM' for extra hours; null for a day off. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  onlineScheduling: z.boolean(),
  scheduleEvery: z.number(),
  inPersonEnabled: z.boolean(),
  teletherapyEnabled: z.boolean(),
  note: z.string().nullable(),
});

export const listExceptions = defineCall('GET', '/availability/listExceptions', {
  querystring: z.object({
    therapistId: queryId.optional(),
    /** 'true' lists past dates too; by default from today on. */
    includePast: z.enum(['true', 'false']).optional(),
  }),
  response: {
    200: dataOf(
      z.object({
        therapistId: z.number(),
        today: z.string(),
        exceptions: z.array(availabilityException),
      }),
    ),
  },
});

export const addExceptionBody = z.object({
  therapistId: bodyId.optional(),
  date: z.string().max(10),
  kind: z.enum(AVAILABILITY_EXCEPTION_KINDS),
  practiceLocationId: bodyId.nullable().optional(),
  startTime: clock.nullable().optional(),
  endTime: clock.nullable().optional(),
  onlineScheduling: z.boolean().optional(),
  scheduleEvery: z.number().optional(),
  inPersonEnabled: z.boolean().optional(),
  teletherapyEnabled: z.boolean().optional(),
  note: z.string().max(200).nullable().optional(),
  /** A day off over booked appointments is refused unless confirmed (see confirmCollisions). */
  confirmCollisions,
});
export type NewException = z.infer<typeof addExceptionBody>;

export const addException = defineCall('POST', '/availability/addException', {
  body: addExceptionBody,
  response: { 201: dataOf(availabilityException) },
});

export const deleteException = defineCall('DELETE', '/availability/deleteException', {
  querystring: z.object({ exception_id: queryId }),
  response: { 200: dataOf(z.object({ removedExceptionId: z.number() })) },
});
