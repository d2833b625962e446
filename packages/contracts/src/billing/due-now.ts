import { z } from 'zod';
import { dataOf, idParamSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * What a client should pay now (issue 19 item 4): the charges due and the client's part of
 * today's sessions that have no charge yet (the rule: `dueNow` in the domain's billing).
 */
export const dueNowAnswer = z.object({
  patientId: z.number(),
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
