import { z } from 'zod';
import {
  bodyId,
  dataOf,
  idParamSchema,
  textSchema,
  timestamp,
  wholeNumberSchema,
} from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * A client's ledger (issue 19 items 1 and 4): entries in integer cents, append-only; the
 * balance, credit and what each charge still owes are derived by the server from the
 * entries. Changes are reversals. Money is always whole cents (spec-1 §9: USD in cents).
 */

export const ledgerEntryKind = z.enum(['charge', 'payment', 'allocation', 'adjustment', 'refund']);
export const paymentSource = z.enum(['client', 'insurance']);
export const paymentMethod = z.enum(['cash', 'check', 'card', 'external_card', 'era']);
export const adjustmentKind = z.enum(['discount', 'writeoff', 'contractual', 'transfer']);

/** An amount a person enters: whole cents above zero. */
const cents = wholeNumberSchema(1);

export const ledgerEntry = z.object({
  entryId: z.number(),
  kind: ledgerEntryKind,
  amountCents: z.number(),
  reversesId: z.number().nullable(),
  reversed: z.boolean(),
  dateOfService: z.string().nullable(),
  cptCode: z.string().nullable(),
  units: z.number().nullable(),
  clientPartCents: z.number().nullable(),
  insurerPartCents: z.number().nullable(),
  paymentSource: paymentSource.nullable(),
  paymentMethod: paymentMethod.nullable(),
  reference: z.string().nullable(),
  paymentId: z.number().nullable(),
  chargeId: z.number().nullable(),
  adjustmentKind: adjustmentKind.nullable(),
  notation: z.string().nullable(),
  createdAt: timestamp,
  createdBy: z.string().nullable(),
  /** What a charge still owes, or what is left of a payment; null for other kinds. */
  openCents: z.number().nullable(),
  /** A payment charged through the practice's card processor: it may be refunded to the card. */
  byCardProcessor: z.boolean(),
});

export const aging = z.object({
  current: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  days91to120: z.number(),
  over120: z.number(),
});

export const clientLedger = z.object({
  patientId: z.number(),
  /** What the client owes; negative is a credit. */
  balanceCents: z.number(),
  /** Payments not applied to any charge. */
  creditCents: z.number(),
  aging,
  agingBasis: z.string(),
  entries: z.array(ledgerEntry),
});

const patientParams = z.object({ patientId: idParamSchema });

export const getClientLedger = defineCall('GET', '/billing/clients/:patientId/ledger', {
  params: patientParams,
  response: { 200: dataOf(clientLedger) },
});

export const allocationInput = z.object({ chargeId: bodyId, amountCents: cents });

/**
 * What became of the receipt a payment asked for (`emailReceipt`): the mail adapter's status
 * ('logged' is kept in the email log only, as the server has no mail set up), or no address.
 */
export const receiptOutcome = z.object({
  status: z.enum(['sent', 'logged', 'failed', 'suppressed', 'no_address']),
});

/** A payment's answer: the ledger as it now stands and the receipt, when one was asked for. */
/**
 * What a payment answers: the payment, and where it leaves the client. Not the ledger: taking
 * a payment is the payment role's, reading the ledger the financial role's (and a client of
 * years has hundreds of entries the confirmation does not show).
 */
export const paymentStanding = z.object({
  patientId: z.number(),
  paymentId: z.number(),
  /** What the client owes now; negative is a credit. */
  balanceCents: z.number(),
  /** Payments not applied to any charge. */
  creditCents: z.number(),
});

export const paymentAnswer = z.object({
  data: paymentStanding,
  receipt: receiptOutcome.nullable(),
});

/** Email the client (or their responsible party) a receipt once the payment is in. */
export const emailReceiptField = z.boolean().default(false);

export const recordPayment = defineCall('POST', '/billing/clients/:patientId/payments', {
  params: patientParams,
  body: z.object({
    amountCents: cents,
    source: paymentSource,
    method: paymentMethod,
    reference: textSchema(100).optional(),
    notation: textSchema(500).optional(),
    /** Applied to these charges; what is left stays as credit only when `leaveCredit`. */
    allocations: z.array(allocationInput).max(200).default([]),
    leaveCredit: z.boolean().default(false),
    /** The same key twice records one payment (a retried or double-clicked submission). */
    idempotencyKey: z.string().min(8).max(100),
    emailReceipt: emailReceiptField,
  }),
  response: { 200: paymentAnswer },
});

export const applyPayment = defineCall(
  'POST',
  '/billing/clients/:patientId/payments/:paymentId/allocations',
  {
    params: z.object({ patientId: idParamSchema, paymentId: idParamSchema }),
    body: z.object({ allocations: z.array(allocationInput).min(1).max(200) }),
    response: { 200: dataOf(clientLedger) },
  },
);

export const recordAdjustment = defineCall('POST', '/billing/clients/:patientId/adjustments', {
  params: patientParams,
  body: z.object({
    chargeId: bodyId,
    amountCents: cents,
    kind: adjustmentKind,
    notation: textSchema(500).optional(),
  }),
  response: { 200: dataOf(clientLedger) },
});

export const refundPayment = defineCall(
  'POST',
  '/billing/clients/:patientId/payments/:paymentId/refunds',
  {
    params: z.object({ patientId: idParamSchema, paymentId: idParamSchema }),
    body: z.object({
      amountCents: cents,
      notation: textSchema(500).optional(),
      idempotencyKey: z.string().min(8).max(100),
    }),
    response: { 200: dataOf(clientLedger) },
  },
);

export const reverseEntry = defineCall(
  'POST',
  '/billing/clients/:patientId/entries/:entryId/reverse',
  {
    params: z.object({ patientId: idParamSchema, entryId: idParamSchema }),
    body: z.object({ notation: textSchema(500, { min: 1 }) }),
    response: { 200: dataOf(clientLedger) },
  },
);
