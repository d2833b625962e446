import { z } from 'zod';
import { dateSchema, queryId } from '../common.ts';
import { defineCall } from '../define.ts';
import { paymentMethod } from './ledger.ts';

/**
 * The billing reports (issue 19 item 2; spec-1 §2 `/billing/charges/chargesReport`,
 * `/billing/payments/paymentsAndRefunds`, `/billing/payments/insurance`): ledger rows in a
 * date range, practice-wide, with totals over every row the filter matches (not only the
 * page), paged oldest first.
 */

/** At most a period of this many days per report, so one call never reads years of rows. */
export const REPORT_MAX_DAYS = 366;

const paging = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const period = z.object({ from: dateSchema(), to: dateSchema(), ...paging });

/** A period of days, both ends included; `from` after `to` is refused naming `from`. */
const checkedPeriod = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((q) => q.from <= q.to, { message: 'must not be after the end date', path: ['from'] })
    .refine((q) => dayCount(q.from, q.to) < REPORT_MAX_DAYS, {
      message: `choose a period of at most ${REPORT_MAX_DAYS} days`,
      path: ['from'],
    });

/** Methods a client pays by; 'era' is an insurer's alone. */
export const clientPaymentMethod = paymentMethod.exclude(['era']);

export const chargeReportRow = z.object({
  chargeId: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  dateOfService: z.string(),
  therapistName: z.string().nullable(),
  cptCode: z.string().nullable(),
  units: z.number().nullable(),
  feeCents: z.number(),
  clientPartCents: z.number(),
  insurerPartCents: z.number(),
  /** What the charge still owes after payments applied and adjustments. */
  openCents: z.number(),
});

export const chargesReport = defineCall('GET', '/billing/reports/charges', {
  querystring: checkedPeriod(
    period.extend({ therapistId: queryId.optional(), patientId: queryId.optional() }),
  ),
  response: {
    200: z.object({
      data: z.array(chargeReportRow),
      total: z.number(),
      totals: z.object({
        units: z.number(),
        feeCents: z.number(),
        clientPartCents: z.number(),
        insurerPartCents: z.number(),
        openCents: z.number(),
      }),
    }),
  },
});

export const paymentReportRow = z.object({
  entryId: z.number(),
  kind: z.enum(['payment', 'refund']),
  /** The day it was recorded, in the practice's time zone. */
  day: z.string(),
  patientId: z.number(),
  clientName: z.string(),
  /** A refund's is its payment's. */
  method: paymentMethod,
  reference: z.string().nullable(),
  notation: z.string().nullable(),
  /** Positive for both kinds; `kind` says which way the money went. */
  amountCents: z.number(),
});

export const paymentsAndRefundsReport = defineCall('GET', '/billing/reports/payments', {
  querystring: checkedPeriod(
    period.extend({ method: clientPaymentMethod.optional(), therapistId: queryId.optional() }),
  ),
  response: {
    200: z.object({
      data: z.array(paymentReportRow),
      total: z.number(),
      totals: z.object({
        paymentsCents: z.number(),
        refundsCents: z.number(),
        netCents: z.number(),
      }),
    }),
  },
});

export const insurancePaymentRow = paymentReportRow.omit({ kind: true }).extend({
  /** What of the payment is not yet applied to a charge. */
  unappliedCents: z.number(),
});

export const insurancePaymentsReport = defineCall('GET', '/billing/reports/insurance-payments', {
  querystring: checkedPeriod(
    period.extend({ patientId: queryId.optional(), therapistId: queryId.optional() }),
  ),
  response: {
    200: z.object({
      data: z.array(insurancePaymentRow),
      total: z.number(),
      totals: z.object({ amountCents: z.number(), unappliedCents: z.number() }),
    }),
  },
});
