import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_DEFAULT_SORT,
  REPORT_MAX_PAGE_SIZE,
  REPORT_SORT_DIRECTIONS,
  REPORT_SORT_KEYS,
  REPORT_WINDOW_DEFAULT_DAYS,
  REPORT_WINDOW_MAX_DAYS,
  type InsuranceReport,
} from '@openpractice/domain';
import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * The insurance reports (spec-1 §2 /insurance/reports/...), for the billing role: a
 * practice-wide work list of client insurance, one page at a time.
 */

/**
 * The query of a report: `sort` (one of the report's columns; anything else is a 400),
 * `direction`, `page` (zero-based) and `pageSize`.
 */
function reportQuery<R extends InsuranceReport>(report: R) {
  const keys = REPORT_SORT_KEYS[report] as unknown as readonly [
    (typeof REPORT_SORT_KEYS)[R][number],
    ...(typeof REPORT_SORT_KEYS)[R][number][],
  ];
  const fallback = REPORT_DEFAULT_SORT[report];
  return z.object({
    sort: z.enum(keys).default(fallback.sort),
    direction: z.enum(REPORT_SORT_DIRECTIONS).default(fallback.direction),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(REPORT_MAX_PAGE_SIZE)
      .default(REPORT_DEFAULT_PAGE_SIZE),
  });
}

/** The expiring reports add `days`: how far ahead to look. */
function windowReportQuery<R extends InsuranceReport>(report: R) {
  return reportQuery(report).extend({
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(REPORT_WINDOW_MAX_DAYS)
      .default(REPORT_WINDOW_DEFAULT_DAYS),
  });
}

/** What every report row starts with: the client and (for most) the payer. */
const rowBase = z.object({
  patientId: z.number(),
  clientName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  /** Already formatted: 'C000001234'. */
  accountNumber: z.string(),
  payerName: z.string().nullable(),
  payerId: z.string().nullable(),
  /** 'Label (payerId)'; null when the policy has no payer. */
  payerLabel: z.string().nullable(),
});

/** A row of the policy reports (expiring, unconfirmed, unverified). */
export const policyRow = rowBase.extend({
  insuranceId: z.number(),
  insuranceType: z.enum(['PRIMARY', 'SECONDARY']),
  insuranceNumber: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

/** A row of the precert reports (expiring precerts, visit limits). */
export const precertRow = rowBase.extend({
  preAuthId: z.number(),
  insuranceId: z.number(),
  authNumber: z.string(),
  authDate: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  daysLeft: z.number().nullable(),
  visitsAuthorized: z.number().nullable(),
  visitsUsed: z.number(),
  visitsScheduled: z.number(),
  visitsRemaining: z.number().nullable(),
  /** Two visits or fewer remain. */
  nearLimit: z.boolean(),
});

function reportPage<R extends InsuranceReport, Row extends z.ZodType>(report: R, row: Row) {
  return z.object({
    report: z.literal(report),
    data: z.array(row),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    sort: z.enum(REPORT_SORT_KEYS[report]),
    direction: z.enum(REPORT_SORT_DIRECTIONS),
    /** The look-ahead window; null for reports without one. */
    days: z.number().nullable(),
    /** Today in the practice's time zone, ISO. */
    today: z.string(),
  });
}

/** Current policies ending from today to today + days. */
export const expiringPolicies = defineCall('GET', '/insuranceReports/expiringPolicies', {
  querystring: windowReportQuery('expiringPolicies'),
  response: {
    200: reportPage(
      'expiringPolicies',
      policyRow.extend({
        /** Days from today to the end date. */
        daysLeft: z.number(),
      }),
    ),
  },
});

/** Pre-authorizations ending from today to today + days. */
export const expiringPrecerts = defineCall('GET', '/insuranceReports/expiringPrecerts', {
  querystring: windowReportQuery('expiringPrecerts'),
  response: { 200: reportPage('expiringPrecerts', precertRow) },
});

/** Active policies with no benefits confirmation this calendar year. */
export const unconfirmedPolicies = defineCall('GET', '/insuranceReports/unconfirmedPolicies', {
  querystring: reportQuery('unconfirmedPolicies'),
  response: {
    200: reportPage(
      'unconfirmedPolicies',
      policyRow.extend({
        /** The latest benefits confirmation, if any. */
        lastConfirmed: z.string().nullable(),
      }),
    ),
  },
});

/** Active policies with no payer. */
export const unverifiedPolicies = defineCall('GET', '/insuranceReports/unverifiedPolicies', {
  querystring: reportQuery('unverifiedPolicies'),
  response: { 200: reportPage('unverifiedPolicies', policyRow) },
});

/** Pre-authorizations with a visit limit, in effect today. */
export const visitLimits = defineCall('GET', '/insuranceReports/visitLimits', {
  querystring: reportQuery('visitLimits'),
  response: { 200: reportPage('visitLimits', precertRow) },
});
