import { CLAIM_PROBLEM_CODES, CLAIM_STATUSES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Claims from sessions (issue 20 items 2 and 8), billing role: a claim made by hand for one
 * or several attended sessions of one client and payer (attendance makes them automatically
 * when the client's automatic claim setting says so), and the claim lists by status
 * (spec-1 §2 /billing/claim/readyToSubmit, scrubProblem, …) with each problem the scrubber
 * found and the screen that fixes it.
 */

const claimFix = z.enum([
  'claimSetup',
  'client',
  'policy',
  'payer',
  'note',
  'fees',
  'authorisation',
  'claim',
]);

export const claimProblemWire = z.object({
  code: z.enum(CLAIM_PROBLEM_CODES as [string, ...string[]]),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  field: z.string(),
  fix: claimFix,
});

export const claimStatus = z.enum(CLAIM_STATUSES);

export const createClaimInput = z.object({
  patientId: bodyId,
  /** The payer (a practice insurance); the client's current policy of that turn with it is billed. */
  practiceInsuranceId: bodyId,
  responsibility: z.enum(['primary', 'secondary']).default('primary'),
  /** The sessions (calendar attendees) billed, one service line each; at most 50. */
  attendeeIds: z.array(bodyId).min(1).max(50),
});

export const createdClaim = z.object({
  claimId: z.number(),
  patientControlNumber: z.string(),
  status: claimStatus,
  problems: z.array(claimProblemWire),
});

export const createClaim = defineCall('POST', '/claims', {
  body: createClaimInput,
  response: { 200: dataOf(createdClaim) },
});

export const claimListRow = z.object({
  claimId: z.number(),
  version: z.number(),
  patientControlNumber: z.string(),
  patientId: z.number(),
  clientName: z.string(),
  /** The first and last dates of service (YYYY-MM-DD). */
  firstDateOfService: z.string(),
  lastDateOfService: z.string(),
  payer: z.string(),
  totalCents: z.number(),
  lines: z.number(),
  origin: z.enum(['automatic', 'manual']),
  /** Errors first, then warnings, as the last scrub found them. */
  problems: z.array(claimProblemWire),
});

export const claimList = z.object({
  rows: z.array(claimListRow),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});

/** One status's claims, oldest service first; unsent ones are scrubbed again before listing. */
export const listClaims = defineCall('GET', '/claims/list/:status', {
  params: z.object({ status: claimStatus }),
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: { 200: dataOf(claimList) },
});
