import { z } from 'zod';
import { dateSchema, queryId, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * `/n/reporting/audit/documentRevocations` (issue 18 item 4): every revocation of a signed
 * consent or release in the practice (who, what, when, by whom), filtered and paged, and
 * the same filter as CSV.
 */
export const revocationsFilter = z.object({
  from: dateSchema().optional(),
  to: dateSchema().optional(),
  patientId: queryId.optional(),
  revokedBy: z.enum(['client', 'staff']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const documentRevocationRow = z.object({
  id: z.number(),
  revokedAt: timestamp,
  patientId: z.number(),
  clientName: z.string(),
  formName: z.string(),
  assignmentId: z.number(),
  signedAt: timestamp.nullable(),
  revokedByRole: z.enum(['client', 'staff']),
  revokedBy: z.string().nullable(),
  reason: z.string(),
  ip: z.string().nullable(),
});

export const documentRevocations = defineCall('GET', '/reporting/audit/documentRevocations', {
  querystring: revocationsFilter,
  response: {
    200: z.object({
      data: z.array(documentRevocationRow),
      total: z.number(),
      /** The practice's time zone, for showing the times as its calendar reads. */
      timezone: z.string(),
    }),
  },
});

export const exportDocumentRevocations = defineCall(
  'GET',
  '/reporting/audit/documentRevocations/export',
  {
    querystring: revocationsFilter.omit({ limit: true, offset: true }),
    response: { 200: z.string().describe('CSV file') },
  },
);
