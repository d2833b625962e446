import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { aging } from './ledger.ts';

/**
 * Open balances and open credits (issue 19 item 2, `/billing/balance/openBalances` and
 * `openCredits`): one row per client, aged by date of service, with the page's totals; paged
 * by the largest amount first.
 */

export const openBalanceRow = z.object({
  patientId: z.number(),
  clientName: z.string(),
  balanceCents: z.number(),
  aging,
  oldestDateOfService: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
});

export const openCreditRow = z.object({
  patientId: z.number(),
  clientName: z.string(),
  creditCents: z.number(),
  lastPaymentDate: z.string().nullable(),
});

const listQuery = z.object({
  therapistId: queryId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const listOpenBalances = defineCall('GET', '/billing/balances/open', {
  querystring: listQuery,
  response: {
    200: z.object({
      data: z.array(openBalanceRow),
      total: z.number(),
      totals: z.object({ balanceCents: z.number(), aging }),
      agingBasis: z.string(),
    }),
  },
});

export const listOpenCredits = defineCall('GET', '/billing/credits/open', {
  querystring: listQuery,
  response: {
    200: z.object({
      data: z.array(openCreditRow),
      total: z.number(),
      totals: z.object({ creditCents: z.number() }),
    }),
  },
});
