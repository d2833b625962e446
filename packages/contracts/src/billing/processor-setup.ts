import { z } from 'zod';
import { bodyId, dataOf, queryId, textSchema, timestamp, wholeNumberSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { cardProcessor } from './cards.ts';

/**
 * Setting up card processing (issue 19 item 6; spec-1 §2 the card-payment-processor set-up
 * page and its compliance page under /practice/paymentProcessing/). Stripe's secret key and
 * webhook signing secret go one way: sent here once, kept sealed, never answered.
 */

const keyText = (prefix: RegExp, what: string) =>
  z.string().trim().max(255).regex(prefix, `Enter the ${what} from the Stripe dashboard.`);

/** Connects (or reconnects) a Stripe account with its keys, checked by a call to Stripe. */
export const connectStripe = defineCall('POST', '/cardProcessor/connectStripe', {
  body: z.object({
    /** An existing Stripe processor whose keys change; absent: a new processor. */
    processorId: bodyId.optional(),
    name: textSchema(100, { min: 1 }),
    publishableKey: keyText(/^pk_(test|live)_[A-Za-z0-9]{4,}$/, 'publishable key (pk_…)'),
    secretKey: keyText(/^(sk|rk)_(test|live)_[A-Za-z0-9]{4,}$/, 'secret key (sk_… or rk_…)'),
    webhookSecret: keyText(/^whsec_[A-Za-z0-9]{4,}$/, 'webhook signing secret (whsec_…)'),
    feePercentBp: wholeNumberSchema(0, 10_000).default(290),
    feeFixedCents: wholeNumberSchema(0, 100_000).default(30),
  }),
  response: { 200: dataOf(cardProcessor) },
});

export const complianceAnswer = z.enum(['yes', 'no', 'notApplicable']);

const complianceRecord = z.object({
  answers: z.record(z.string(), complianceAnswer),
  attestedName: z.string(),
  attestedTitle: z.string(),
  /** The signed-in user who sent the answers. */
  answeredBy: z.string().nullable(),
  answeredAt: timestamp,
  inPlace: z.boolean(),
});

/** The questions a processor asks and the practice's answers so far, newest first. */
export const getProcessorCompliance = defineCall('GET', '/cardProcessor/compliance', {
  querystring: z.object({ processorId: queryId }),
  response: {
    200: dataOf(
      z.object({
        processor: cardProcessor,
        questionnaire: z.string(),
        questions: z.array(
          z.object({
            id: z.string(),
            reference: z.string(),
            text: z.string(),
            allowsNotApplicable: z.boolean(),
          }),
        ),
        current: complianceRecord.nullable(),
        history: z.array(complianceRecord),
      }),
    ),
  },
});

/** Answers the questions; each submission is kept (the earlier ones are the history). */
export const saveProcessorCompliance = defineCall('POST', '/cardProcessor/compliance', {
  body: z.object({
    processorId: bodyId,
    answers: z.record(z.string().max(40), complianceAnswer),
    attestedName: textSchema(120, { min: 1 }),
    attestedTitle: textSchema(120, { min: 1 }),
  }),
  response: { 200: dataOf(complianceRecord) },
});
