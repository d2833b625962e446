import { z } from 'zod';
import { dataOf, idParamSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { claimStatus } from './claims.ts';

/**
 * A claim's history (spec-1 §2 `/billing/claim/history/{id}`, issue 20 item 8), billing role:
 * every version of the claim (the original, then corrected or void ones) with what it billed,
 * and every event of each version, oldest first, as the append-only log holds them.
 */

const claimEvent = z.object({
  id: z.number(),
  kind: z.string(),
  /** The status the log derived once this event was in. */
  status: claimStatus,
  at: z.string(),
  /** Who did it; null for the system (attendance, a list's re-scrub, a clearinghouse answer). */
  userName: z.string().nullable(),
  /** What the event recorded: a scrub's problems, a rejection's reason, a payment's figures. */
  detail: z.record(z.string(), z.unknown()),
});

const claimLine = z.object({
  position: z.number(),
  dateOfService: z.string(),
  procedureCode: z.string(),
  modifiers: z.array(z.string()),
  units: z.number(),
  chargeCents: z.number().nullable(),
  placeOfService: z.string(),
  lineControlNumber: z.string(),
});

const claimVersion = z.object({
  versionId: z.number(),
  version: z.number(),
  patientControlNumber: z.string(),
  /** CLM05-3: 1 original, 7 corrected, 8 void. */
  frequency: z.enum(['1', '7', '8']),
  originalClaimNumber: z.string().nullable(),
  diagnoses: z.array(z.string()),
  priorAuthorisation: z.string().nullable(),
  lines: z.array(claimLine),
  events: z.array(claimEvent),
});

export const claimHistory = z.object({
  claimId: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  payer: z.string(),
  responsibility: z.enum(['primary', 'secondary']),
  origin: z.enum(['automatic', 'manual']),
  createdAt: z.string(),
  /** The newest version's status. */
  status: claimStatus,
  /** The payer's own number for the claim, once a remittance named it. */
  payerClaimNumber: z.string().nullable(),
  versions: z.array(claimVersion),
});

export const getClaimHistory = defineCall('GET', '/claims/:claimId/history', {
  params: z.object({ claimId: idParamSchema }),
  response: { 200: dataOf(claimHistory) },
});
