import { z } from 'zod';
import { bodyId } from '../common.ts';
import { defineCall } from '../define.ts';

/** How much of the duplicate moved to the record kept. */
export const mergeCounts = z.object({
  phones: z.number(),
  emails: z.number(),
  addresses: z.number(),
  contacts: z.number(),
  insurances: z.number(),
  diagnoses: z.number(),
  therapists: z.number(),
  groupMemberships: z.number(),
  loginHistory: z.number(),
  custodianRecords: z.number(),
  /** Form assignments the kept record did not have. */
  forms: z.number(),
  outboundEmails: z.number(),
  portalAccount: z.number(),
  memoAppended: z.boolean(),
  alertCopied: z.boolean(),
});

/**
 * Merge a duplicate client into the record to keep (spec-2 §2 /client/merge/{id}).
 * Both records must be of the caller's practice, with record administration on both.
 */
export const mergeClients = defineCall('POST', '/patient/mergeClients', {
  body: z.object({
    /** The duplicate: it gives up everything and is marked Deleted. */
    sourceId: bodyId,
    /** The record to keep. */
    targetId: bodyId,
    /** Must be exactly MERGE. */
    confirmPhrase: z.string().max(40).default(''),
  }),
  response: {
    200: z.object({ sourceId: z.number(), targetId: z.number(), moved: mergeCounts }),
  },
});
