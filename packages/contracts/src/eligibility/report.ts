import { dayOf, isoDate } from '@openpractice/domain';
import { z } from 'zod';
import { queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { checkStatus, coverageStatus } from './result.ts';

/** The columns the report sorts by. */
export const ELIGIBILITY_REPORT_SORTS = [
  'date',
  'client',
  'payer',
  'service',
  'therapist',
  'status',
] as const;
export const ELIGIBILITY_REPORT_PAGE_SIZES = [10, 25, 50, 100] as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date (YYYY-MM-DD)')
  .refine((v) => isoDate(dayOf(v)) === v, 'expected a real date (YYYY-MM-DD)');

export const eligibilityReportRow = z.object({
  eligibilityRequestId: z.number(),
  createdAt: z.string(),
  patientId: z.number(),
  clientName: z.string(),
  /** Already formatted: 'C000001234'. */
  accountNumber: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  therapistId: z.number().nullable(),
  therapistName: z.string().nullable(),
  status: checkStatus,
  coverage: coverageStatus.nullable(),
  copayCents: z.number().nullable(),
  deductibleRemainingCents: z.number().nullable(),
  /** failureMessage or errorMessage. */
  message: z.string().nullable(),
});

/**
 * The eligibility checks run in a period, with their results: the whole practice for
 * practice-wide reporting users, else the checks of the clients the caller treats.
 */
export const eligibilityReport = defineCall('GET', '/reporting/eligibilityCheck', {
  querystring: z.object({
    /** Omitted: the last 30 days up to `to` (default today). */
    from: isoDay.optional(),
    to: isoDay.optional(),
    therapistId: queryId.optional(),
    status: checkStatus.optional(),
    sort: z.enum(ELIGIBILITY_REPORT_SORTS).default('date'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    /** 0-based. */
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .refine(
        (n) => (ELIGIBILITY_REPORT_PAGE_SIZES as readonly number[]).includes(n),
        'expected 10, 25, 50 or 100',
      )
      .default(25),
  }),
  response: {
    200: z.object({
      data: z.array(eligibilityReportRow),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
      from: z.string(),
      to: z.string(),
      timezone: z.string(),
      scope: z.enum(['practice', 'ownClients']),
    }),
  },
});
