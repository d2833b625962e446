import { z } from 'zod';
import { bodyId, optionalText, unchangedAnswer } from '../common.ts';
import { defineCall } from '../define.ts';
import { autoGenClaim } from './policies.ts';

/**
 * What a client is charged (spec-2 §7: changePrivatePay, updateUsualFee,
 * updateAutoGenClaim). Unchanged values answer `unchanged` and write nothing.
 */

export const changePrivatePay = defineCall('POST', '/patientInsurance/changePrivatePay', {
  body: z.object({
    patientId: bodyId,
    isPrivatePay: z.boolean(),
    /** The day it changed, on the caller's calendar (spec-2 §7 localDate). */
    localDate: z.string().max(10),
  }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({
        status: z.literal('saved'),
        isPrivatePay: z.boolean(),
        privatePayChangedOn: z.string(),
      }),
    ]),
  },
});

export const updateUsualFee = defineCall('POST', '/patientInsurance/updateUsualFee', {
  body: z.object({
    patientId: bodyId,
    /** Cents; null removes the usual fee. */
    usualFee: z.number().nullable(),
  }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), usualFee: z.number().nullable() }),
    ]),
  },
});

export const updateAutoGenClaim = defineCall('POST', '/patientInsurance/updateAutoGenClaim', {
  body: z.object({
    patientId: bodyId,
    therapistId: bodyId,
    autogen: z.boolean(),
    reason: optionalText(200),
    localDate: z.string().max(10),
  }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), autoGenClaims: z.array(autoGenClaim) }),
    ]),
  },
});
