import { z } from 'zod';
import {
  bodyId,
  dataOf,
  idParamSchema,
  queryId,
  textSchema,
  timestamp,
  wholeNumberSchema,
} from '../common.ts';
import { defineCall } from '../define.ts';
import { allocationInput, clientLedger, emailReceiptField, paymentAnswer } from './ledger.ts';

/**
 * Saved cards and card processors (issue 19 items 5 and 6; spec-2 §3 savedCards, §6
 * therapist-specific card processors, §7 Cards calls). A card is the processor's token with
 * brand, last four digits and expiry; a card number reaches our server only on the local
 * processor's own tokenising call (it stands in for a processor's hosted fields) and is
 * never stored or logged. Money is whole cents.
 */

export const processorKind = z.enum(['local', 'stripe']);

/** Spec-2 §8: the client profile's saved-card messages, shown by the web. */
export const CARD_MESSAGES = {
  fetch: 'Unable to fetch saved cards.',
  save: 'Unable to save card.',
  add: 'Unable to add card.',
  delete: "We're sorry, there was an error deleting this card.",
  /** Spec-1 §9: the card delete error stays 7000 ms. */
  deleteToastMs: 7000,
} as const;

export const savedCard = z.object({
  cardId: z.number(),
  isDefault: z.boolean(),
  /** The processor the card is kept with (its id in cardProcessor/list). */
  cardProcessor: z.number(),
  cardProcessorKind: processorKind,
  /** The therapist whose processor holds the card; null for a practice-wide processor. */
  therapistId: z.number().nullable(),
  brand: z.string(),
  last4: z.string(),
  /** MM/YY, as the cardExpiration validator reads it. */
  expiration: z.string(),
  expired: z.boolean(),
  /**
   * Days to the card's last valid day (the end of its month; negative once past) and whether
   * it is expired or expiring soon: the domain's `cardExpiry`, so staff and client see one rule.
   */
  expiresInDays: z.number(),
  expiryState: z.enum(['expired', 'expiringSoon', 'current']),
});
export type SavedCard = z.infer<typeof savedCard>;

export const cardProcessor = z.object({
  processorId: z.number(),
  kind: processorKind,
  name: z.string(),
  allTherapists: z.boolean(),
  therapistIds: z.array(z.number()),
  feePercentBp: z.number(),
  feeFixedCents: z.number(),
  active: z.boolean(),
  /** The local processor moves no money: the UI says so wherever a card is entered. */
  movesMoney: z.boolean(),
  /** Stripe's publishable key for the Payment Element; null for the local processor. */
  publishableKey: z.string().nullable(),
  /**
   * The practice's own Stripe account, when connected on the set-up page (never its secrets:
   * only whether they are kept); null for the local processor or the server's account.
   */
  stripeAccount: z
    .object({
      label: z.string(),
      liveMode: z.boolean(),
      connectedAt: timestamp,
      hasWebhookSecret: z.boolean(),
      /** Where to send this account's events (enter it in Stripe's dashboard). */
      webhookUrl: z.string(),
    })
    .nullable(),
});
export type CardProcessor = z.infer<typeof cardProcessor>;

const patientQuery = z.object({ patientId: queryId });

export const listCards = defineCall('GET', '/paymentCard/list', {
  querystring: patientQuery,
  response: { 200: dataOf(z.array(savedCard)) },
});

/** Spec-2 §5 cardExpiration: MM/YY; the server checks it with the domain's validator. */
const expiration = z.string().max(10);

/** Changes a saved card: default, or the expiry the client's bank sent on a renewed card. */
export const saveCard = defineCall('POST', '/paymentCard/save', {
  body: z.object({
    patientId: bodyId,
    cardId: bodyId,
    isDefault: z.boolean().optional(),
    expiration: expiration.optional(),
  }),
  response: { 200: dataOf(z.array(savedCard)) },
});

export const deletePatientCard = defineCall('POST', '/deletePatientCard', {
  body: z.object({ patientId: bodyId, cardId: bodyId }),
  response: { 200: dataOf(z.array(savedCard)) },
});

/**
 * Starts adding a card: the client becomes the processor's customer. Stripe answers a
 * SetupIntent's client secret for the Payment Element; the local processor none (the page
 * tokenises with localCardToken instead).
 */
export const startCardSetup = defineCall('POST', '/paymentCard/startSetup', {
  body: z.object({ patientId: bodyId, processorId: bodyId }),
  response: {
    200: dataOf(z.object({ processorKind, clientSecret: z.string().nullable() })),
  },
});

/** Keeps a card the processor tokenised (a local token, a Stripe SetupIntent or PaymentMethod). */
export const createCustomerCard = defineCall('POST', '/paymentCard/createCustomerCard', {
  body: z.object({
    patientId: bodyId,
    processorId: bodyId,
    token: z.string().min(4).max(255),
    therapistId: bodyId.optional(),
    isDefault: z.boolean().default(false),
  }),
  response: { 200: dataOf(z.array(savedCard)) },
});

export const listProcessors = defineCall('GET', '/cardProcessor/list', {
  /** With a client: only the processors that serve one of the client's therapists (spec-2 §6). */
  querystring: z.object({ patientId: queryId.optional() }),
  response: { 200: dataOf(z.array(cardProcessor)) },
});

/** Creates or changes one of the practice's processors and the therapists it serves. */
export const saveProcessor = defineCall('POST', '/cardProcessor/taProcessor', {
  body: z.object({
    processorId: bodyId.optional(),
    kind: processorKind,
    name: textSchema(100, { min: 1 }),
    accountRef: z
      .string()
      .regex(/^acct_[A-Za-z0-9]{4,60}$/, 'expected a Stripe account id (acct_…)')
      .nullable()
      .default(null),
    allTherapists: z.boolean().default(true),
    therapistIds: z.array(bodyId).max(500).default([]),
    feePercentBp: wholeNumberSchema(0, 10_000).default(0),
    feeFixedCents: wholeNumberSchema(0, 100_000).default(0),
    active: z.boolean().default(true),
  }),
  response: { 200: dataOf(cardProcessor) },
});

/**
 * The local processor's tokenising call: it stands in for a processor's hosted fields, so
 * the number is checked (Luhn, expiry, CVC) and forgotten; only the token and what a
 * processor would tell us (brand, last four, expiry) are kept.
 */
export const localCardToken = defineCall('POST', '/billing/localProcessor/tokens', {
  body: z.object({
    processorId: bodyId,
    number: z.string().max(30),
    expiration,
    cvc: z.string().max(10),
  }),
  response: {
    200: dataOf(
      z.object({ token: z.string(), brand: z.string(), last4: z.string(), expiration: z.string() }),
    ),
  },
});

/** Pays by card: a saved card, or a card just tokenised on the processor (token + processorId). */
export const payByCard = defineCall('POST', '/billing/clients/:patientId/cardPayments', {
  params: z.object({ patientId: idParamSchema }),
  body: z.object({
    amountCents: wholeNumberSchema(1),
    cardId: bodyId.optional(),
    token: z.string().min(4).max(255).optional(),
    processorId: bodyId.optional(),
    notation: textSchema(500).optional(),
    allocations: z.array(allocationInput).max(200).default([]),
    leaveCredit: z.boolean().default(false),
    /** The same key is one charge and one payment, however often it is sent. */
    idempotencyKey: z.string().min(8).max(100),
    emailReceipt: emailReceiptField,
  }),
  response: { 200: paymentAnswer },
});

/** Refunds part or all of a card payment to the card it came from. */
export const refundToCard = defineCall(
  'POST',
  '/billing/clients/:patientId/payments/:paymentId/cardRefunds',
  {
    params: z.object({ patientId: idParamSchema, paymentId: idParamSchema }),
    body: z.object({
      amountCents: wholeNumberSchema(1),
      notation: textSchema(500).optional(),
      idempotencyKey: z.string().min(8).max(100),
    }),
    response: { 200: dataOf(clientLedger) },
  },
);

/** Stripe's webhook: the raw body is read by the route's own parser, its signature checked. */
export const stripeWebhook = defineCall('POST', '/billing/processors/stripe/webhook', {
  response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
  description: 'Stripe events, signed with the endpoint secret (Stripe-Signature header).',
});

/** The webhook of a processor with the practice's own Stripe account (its own signing secret). */
export const stripeProcessorWebhook = defineCall(
  'POST',
  '/billing/processors/stripe/webhook/:processorId',
  {
    params: z.object({ processorId: idParamSchema }),
    response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
    description: "Stripe events for one practice's own account, signed with its endpoint secret.",
  },
);
