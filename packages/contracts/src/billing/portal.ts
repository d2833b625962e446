import { z } from 'zod';
import { bodyId, dataOf, wholeNumberSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { localCardToken, processorKind, savedCard } from './cards.ts';
import { receiptOutcome } from './ledger.ts';

/**
 * A signed-in client's own account in the portal (issue 19 item 4: "clients pay their balance
 * in the portal"): the balance, what it is made of, their saved cards (with expiry warnings)
 * and paying all or part of it by card. The calls name no client: the server finds the
 * caller's own record from the sign-in, so no client can read or pay another's account.
 */

/** What the portal needs of a processor to take a card: never the account or its webhook. */
export const portalProcessor = z.object({
  processorId: z.number(),
  kind: processorKind,
  name: z.string(),
  active: z.boolean(),
  /** The local processor moves no money: the page says so wherever a card is typed. */
  movesMoney: z.boolean(),
  publishableKey: z.string().nullable(),
});

export const portalAccount = z.object({
  balanceCents: z.number(),
  creditCents: z.number(),
  /** The most the client may pay now: the balance, as far as open charges owe it; never below 0. */
  payableCents: z.number(),
  /** Oldest date of service first: the order a portal payment pays them in. */
  openCharges: z.array(
    z.object({
      chargeId: z.number(),
      dateOfService: z.string().nullable(),
      amountCents: z.number(),
      openCents: z.number(),
    }),
  ),
  cards: z.array(savedCard),
  /** The processors serving the client's therapists (spec-2 §6), active ones only. */
  processors: z.array(portalProcessor),
});

export const getPortalAccount = defineCall('GET', '/billing/portal/account', {
  response: { 200: dataOf(portalAccount) },
});

/** The local processor's tokenising call, for a card the client types in the portal. */
export const portalCardToken = defineCall('POST', '/billing/portal/localProcessor/tokens', {
  body: localCardToken.schema.body,
  response: { 200: localCardToken.schema.response[200] },
});

/**
 * Pays all or part of the balance: a saved card of the client's, or a card just tokenised on a
 * processor serving them (token + processorId). The money pays the oldest charges first; more
 * than the balance is a 400 naming `amountCents`. A receipt is always emailed, as staff may ask.
 */
export const payPortalBalance = defineCall('POST', '/billing/portal/payments', {
  body: z.object({
    amountCents: wholeNumberSchema(1),
    cardId: bodyId.optional(),
    token: z.string().min(4).max(255).optional(),
    processorId: bodyId.optional(),
    /** The same key is one charge and one payment, however often it is sent. */
    idempotencyKey: z.string().min(8).max(100),
  }),
  response: {
    200: z.object({
      data: portalAccount,
      paymentId: z.number(),
      receipt: receiptOutcome.nullable(),
    }),
  },
});
