import { z } from 'zod';
import { dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The practice's online booking settings (role 'settings'): whether a booking
 * is confirmed at once ('instant') or waits for staff ('request'), and
 * whether the public directory lists the practice's therapists.
 */

const bookingSettings = z.object({
  practiceId: z.number(),
  selfBookingMode: z.enum(['instant', 'request']),
  publicDirectoryEnabled: z.boolean(),
});

export const getBookingSettings = defineCall('GET', '/selfSchedule/settings', {
  response: { 200: dataOf(bookingSettings) },
});

export const updateBookingSettings = defineCall('POST', '/selfSchedule/settings', {
  body: z
    .object({
      selfBookingMode: z.enum(['instant', 'request']).optional(),
      publicDirectoryEnabled: z.boolean().optional(),
    })
    .refine((v) => v.selfBookingMode !== undefined || v.publicDirectoryEnabled !== undefined, {
      message: 'Send selfBookingMode or publicDirectoryEnabled.',
    }),
  response: { 200: dataOf(bookingSettings) },
});
