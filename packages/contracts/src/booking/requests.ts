import { VALIDATION_MESSAGES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Staff answer online booking requests (role 'scheduling'; docs/booking-api.md):
 * the list, and confirming or declining one.
 */

export const REQUEST_STATUSES = ['PENDING', 'CONFIRMED', 'DECLINED'] as const;
const mailStatus = z.enum(['sent', 'logged', 'failed', 'suppressed']);

/** A client a visitor's request may be from, shown beside the request so staff can decide. */
export const requestCandidate = z.object({
  clientId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  matchedOn: z.array(z.enum(['name', 'dob', 'email', 'phone'])),
});

/** One online booking as staff see it in the requests list. */
export const bookingRequestRow = z.object({
  requestId: z.number(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  therapistId: z.number(),
  therapistName: z.string(),
  start: z.string(),
  end: z.string(),
  isTelehealth: z.boolean(),
  location: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The client the booking is for: set when staff confirm it (at once for a signed-in client). */
  clientId: z.number().nullable(),
  clientChoice: z.enum(['new', 'existing', 'portal']).nullable(),
  /** A visitor's pending request: staff say on confirmation whether it is a new or an existing client. */
  needsClientChoice: z.boolean(),
  /** The booking is a client's the caller may not see: only the name is shown. */
  detailsHidden: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dob: z.string().nullable(),
  reasonForAppointment: z.string().nullable(),
  /** Clients the visitor may be (only for `needsClientChoice`). */
  candidates: z.array(requestCandidate),
  calendarEventId: z.number().nullable(),
  appointmentCancelled: z.boolean(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** Booked by a signed-in client rather than a visitor of the public page. */
  viaPortal: z.boolean(),
});

/** Pending requests by start (the soonest first), decided ones newest first. */
export const listRequests = defineCall('GET', '/selfSchedule/requests', {
  querystring: z.object({
    status: z.enum(REQUEST_STATUSES).default('PENDING'),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: {
    200: z.object({
      data: z.array(bookingRequestRow),
      hasMore: z.boolean(),
      limit: z.number(),
      offset: z.number(),
      /** The practice's zone: times are shown on its clocks. */
      timezone: z.string(),
    }),
  },
});

/**
 * A visitor's request names who it is for: `newClient: true` or an existing
 * `clientId` (exactly one). A signed-in client's request needs neither.
 */
export const confirmRequest = defineCall('POST', '/selfSchedule/confirmRequest', {
  body: z.object({
    requestId: bodyId,
    clientId: bodyId.optional(),
    newClient: z.boolean().optional(),
  }),
  response: {
    200: dataOf(
      z.object({
        requestId: z.number(),
        status: z.literal('CONFIRMED'),
        clientId: z.number(),
        email: mailStatus,
      }),
    ),
  },
});

export const declineRequest = defineCall('POST', '/selfSchedule/declineRequest', {
  body: z.object({
    requestId: bodyId,
    reason: z.string().trim().max(500, VALIDATION_MESSAGES.max(500)).optional(),
  }),
  response: {
    200: dataOf(
      z.object({ requestId: z.number(), status: z.literal('DECLINED'), email: mailStatus }),
    ),
  },
});
