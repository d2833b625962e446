import { z } from 'zod';
import { defineCall } from './define.ts';

/** 'Report the Issue': anyone who hits an error can send it to support, signed in or not. */
export const createSupportTicket = defineCall('POST', '/support/tickets', {
  body: z.object({
    subject: z.string().trim().min(1, 'This is required.').max(200),
    message: z.string().trim().min(1, 'This is required.').max(5000),
    pageUrl: z.string().max(2000),
    errorMessage: z.string().max(5000).optional(),
  }),
  response: { 201: z.object({ id: z.number() }) },
});
