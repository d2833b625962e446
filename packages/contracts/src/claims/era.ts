import { z } from 'zod';
import { dataOf, idParamSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { claimStatus } from './claims.ts';

/**
 * ERA 835 posting (issue 20 item 7), billing role: an 835 uploaded by hand on the insurance
 * payments page (spec-1 §2 /billing/payments/insurance) is read, matched to the practice's
 * claims and posted to the clients' ledgers in one transaction; what does not balance or
 * match waits on the problemERA list (spec-1 §2 /billing/claim/problemERA).
 */

/** Enough for an 835 of a few thousand claims; a bigger file is a 400 naming `text`. */
export const ERA_TEXT_LIMIT = 2_000_000;

export const uploadEraInput = z.object({
  /** The file's name as the biller picked it, for the list of received files. */
  fileName: z.string().trim().max(200).optional(),
  text: z
    .string()
    .min(1, 'Choose an 835 file.')
    .max(ERA_TEXT_LIMIT, 'The file is too large for one upload (at most 2 MB).'),
});

export const eraPostingWire = z.object({
  claimId: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  patientControlNumber: z.string(),
  payerClaimNumber: z.string().nullable(),
  kind: z.enum(['payment', 'denial', 'reversal']),
  paidCents: z.number(),
  contractualCents: z.number(),
  patientResponsibilityCents: z.number(),
  otherAdjustmentCents: z.number(),
  deniedCents: z.number(),
  /** What the client owes once it was posted. */
  clientBalanceCents: z.number().nullable(),
});

export const eraProblemWire = z.object({
  id: z.number(),
  eraId: z.number(),
  claimId: z.number().nullable(),
  patientControlNumber: z.string().nullable(),
  reason: z.string(),
  traceNumber: z.string(),
  payer: z.string(),
  /** BPR02 of the file, and its date (BPR16, YYYY-MM-DD). */
  paymentCents: z.number(),
  paymentDate: z.string().nullable(),
  receivedAt: z.string(),
});

export const eraFileWire = z.object({
  id: z.number(),
  fileName: z.string().nullable(),
  receivedAt: z.string(),
  uploadedBy: z.string().nullable(),
  traceNumber: z.string(),
  payerId: z.string(),
  payer: z.string(),
  totalPaidCents: z.number(),
  paymentDate: z.string().nullable(),
  status: z.enum(['posted', 'problem']),
  claimsPosted: z.number(),
  problems: z.number(),
});

export const eraUploadResult = z.object({
  era: eraFileWire,
  /** True when this file had been posted before: nothing was posted now. */
  repeated: z.boolean(),
  postings: z.array(eraPostingWire),
  /** PLB amounts posted as practice-level entries (negative: the payer took money back). */
  providerAdjustments: z.array(
    z.object({ reason: z.string(), reference: z.string().nullable(), effectCents: z.number() }),
  ),
  problems: z.array(eraProblemWire),
});

export const uploadEra = defineCall('POST', '/claims/era', {
  body: uploadEraInput,
  response: { 200: dataOf(eraUploadResult) },
});

const page = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The ERAs received, newest first. */
export const listEras = defineCall('GET', '/claims/era', {
  querystring: page,
  response: {
    200: dataOf(
      z.object({
        rows: z.array(eraFileWire),
        total: z.number(),
        limit: z.number(),
        offset: z.number(),
      }),
    ),
  },
});

/** problemERA: what did not balance or match, newest first, until a person resolves it. */
export const listEraProblems = defineCall('GET', '/claims/era/problems', {
  querystring: page,
  response: {
    200: dataOf(
      z.object({
        rows: z.array(eraProblemWire),
        total: z.number(),
        limit: z.number(),
        offset: z.number(),
      }),
    ),
  },
});

/**
 * What became of a problemERA row, as the person who dealt with it says: for a claim, posted
 * by hand (paid), denied by the payer, or asked the payer to send the remittance again (the
 * claim waits as accepted); for a payment that names no claim of ours, dismissed.
 */
export const ERA_PROBLEM_OUTCOMES = ['postedByHand', 'denied', 'askedPayer', 'dismissed'] as const;

export const resolveEraProblem = defineCall('POST', '/claims/era/problems/:problemId/resolve', {
  params: z.object({ problemId: idParamSchema }),
  body: z.object({
    outcome: z.enum(ERA_PROBLEM_OUTCOMES, { message: 'Choose what became of this problem.' }),
    /** Kept on the claim's log beside the outcome (what was posted, whom the payer said). */
    note: z.string().trim().max(500, 'Keep the note under 500 characters.').optional(),
  }),
  response: {
    200: dataOf(
      z.object({
        id: z.number(),
        claimId: z.number().nullable(),
        /** The claim's status after the outcome; null when the problem names no claim. */
        claimStatus: claimStatus.nullable(),
      }),
    ),
  },
});
