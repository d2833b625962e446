import { z } from 'zod';
import { dataOf, idParamSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/** A charge still owing, as the payment form lists it to apply the money to. */
export const openChargeAnswer = z.object({
  chargeId: z.number(),
  dateOfService: z.string(),
  cptCode: z.string().nullable(),
  amountCents: z.number(),
  openCents: z.number(),
});

/**
 * What a client should pay now (issue 19 item 4): the charges due and the client's part of
 * today's sessions that have no charge yet (the rule: `dueNow` in the domain's billing). With
 * the balance, the credit and the open charges, it is everything the take-payment form needs,
 * so the payment role takes a payment without the client's ledger (the financial role's).
 */
export const dueNowAnswer = z.object({
  patientId: z.number(),
  balanceCents: z.number(),
  creditCents: z.number(),
  /** Oldest date of service first: the order a payment pays them in. */
  openCharges: z.array(openChargeAnswer),
  dueNowCents: z.number(),
  chargesDueCents: z.number(),
  todayCents: z.number(),
  /** Today's sessions not charged yet, each with the client's expected part of its fee. */
  sessions: z.array(
    z.object({ attendeeId: z.number(), startAt: timestamp, clientPartCents: z.number() }),
  ),
});

export const getDueNow = defineCall('GET', '/billing/clients/:patientId/dueNow', {
  params: z.object({ patientId: idParamSchema }),
  response: { 200: dataOf(dueNowAnswer) },
});
