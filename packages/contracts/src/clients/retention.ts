import { CLIENT_SEARCH_CONTEXTS, DEFAULT_CLIENT_LIST_PAGE_SIZE } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Retention (spec-2 §2 /client/retention): active clients with no upcoming
 * appointment, and snoozing one of them off the list until a date.
 */

export const retentionRow = z.object({
  patientId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  /** Already formatted: 'C000001234'. */
  accountNumber: z.string(),
  therapistNames: z.array(z.string()),
  /** ISO date of the last appointment; null: none. */
  lastAppointment: z.string().nullable(),
  /** ISO date the client was added. */
  addedOn: z.string(),
  daysSinceAdded: z.number(),
  snoozedUntil: z.string().nullable(),
  isSnoozed: z.boolean(),
});

/** The list; the page asks with a POST though it only reads. */
export const getRetention = defineCall('POST', '/patient/getRetention', {
  body: z.object({
    /** Omitted: the first search context the server offers the caller. */
    context: z.enum(CLIENT_SEARCH_CONTEXTS).optional(),
    limit: z.number().int().min(1).max(200).default(DEFAULT_CLIENT_LIST_PAGE_SIZE),
    offset: z.number().int().min(0).max(100_000).default(0),
    includeSnoozed: z.boolean().default(false),
  }),
  response: {
    200: z.object({
      data: z.array(retentionRow),
      /** The list goes on past this page (the total is not counted). */
      hasMore: z.boolean(),
      limit: z.number(),
      offset: z.number(),
      /** Today in the practice's time zone, ISO. */
      today: z.string(),
    }),
  },
});

export const snoozeClientRetention = defineCall('POST', '/patient/snoozeClientRetention', {
  body: z.object({
    patientId: bodyId,
    /** ISO date (or MM/DD/YYYY); omitted or blank: 30 days from today. */
    until: z.string().max(20).nullable().optional(),
  }),
  response: { 200: z.object({ patientId: z.number(), until: z.string() }) },
});
