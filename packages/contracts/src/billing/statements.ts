import { z } from 'zod';
import { dataOf, dateSchema, idParamSchema, pdfFile, queryId, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { aging } from './ledger.ts';

/**
 * Statements (issue 19 item 3, `/billing/statement` and `/statementsReport`): made for one
 * client or in a batch for a period, each an immutable snapshot; its PDF is drawn from the
 * snapshot; an emailed statement's message holds no amounts of care, only a link to sign in.
 */

export const statementLine = z.object({
  day: z.string(),
  kind: z.enum(['charge', 'payment', 'adjustment', 'refund']),
  description: z.string(),
  amountCents: z.number(),
});

export const statementRow = z.object({
  statementId: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  from: z.string(),
  to: z.string(),
  closingCents: z.number(),
  amountDueCents: z.number(),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
  emailedAt: timestamp.nullable(),
  /** How it went out: 'email' or 'download' (printed or handed over). */
  delivery: z.enum(['email', 'download']),
});

export const statementDetail = statementRow.extend({
  openingCents: z.number(),
  lines: z.array(statementLine),
  aging,
});

const period = z
  .object({ from: dateSchema(), to: dateSchema(), email: z.boolean().default(false) })
  .refine((p) => p.from <= p.to, { message: 'must not be before the start', path: ['to'] });

export const createStatement = defineCall('POST', '/billing/clients/:patientId/statements', {
  params: z.object({ patientId: idParamSchema }),
  body: period,
  response: { 200: dataOf(statementDetail) },
});

export const createStatementBatch = defineCall('POST', '/billing/statements/batch', {
  body: period,
  response: {
    200: dataOf(z.object({ created: z.number(), emailed: z.number(), withoutEmail: z.number() })),
  },
});

export const listStatements = defineCall('GET', '/billing/statements', {
  querystring: z.object({
    patientId: queryId.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: { 200: z.object({ data: z.array(statementRow), total: z.number() }) },
});

/** The statement's PDF (application/pdf). */
export const statementPdf = defineCall('GET', '/billing/statements/:statementId/pdf', {
  params: z.object({ statementId: idParamSchema }),
  response: { 200: pdfFile.describe('The PDF') },
  hide: true,
});
