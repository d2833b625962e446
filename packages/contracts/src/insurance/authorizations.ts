import { z } from 'zod';
import { bodyId, optionalText, unchangedAnswer } from '../common.ts';
import { defineCall } from '../define.ts';
import { amount, dateText, policyBody } from './policies.ts';

/**
 * Pre-authorizations and benefits confirmations of a policy (spec-2 §7: savePreAuth,
 * deletePreAuth, saveConfirmation, deleteConfirmation) and the CPT codes a
 * pre-authorization picks from (listStandardCptCodes). Saves answer `unchanged` when
 * nothing changed.
 */

const deleted = z.object({ status: z.literal('deleted') });

export const savePreAuth = defineCall('POST', '/patientInsurance/savePreAuth', {
  body: z.object({
    patientId: bodyId,
    insuranceId: bodyId,
    /** Absent: a new pre-authorization. */
    preAuthId: bodyId.optional(),
    authNumber: z.string().max(40),
    authDate: dateText,
    startDate: dateText,
    endDate: dateText,
    visitsAuthorized: amount,
    cptCodes: z.array(z.string().max(5)).max(50).optional(),
    notes: optionalText(1000),
  }),
  response: {
    200: z.union([unchangedAnswer, z.object({ status: z.literal('saved'), authId: z.number() })]),
  },
});

export const deletePreAuth = defineCall('POST', '/patientInsurance/deletePreAuth', {
  body: policyBody.extend({ preAuthId: bodyId }),
  response: { 200: deleted },
});

export const saveConfirmation = defineCall('POST', '/patientInsurance/saveConfirmation', {
  body: z.object({
    patientId: bodyId,
    insuranceId: bodyId,
    /** Absent: a new benefits confirmation. */
    confirmationId: bodyId.optional(),
    authDate: dateText,
    referenceNumber: optionalText(40),
    representative: optionalText(80),
    copayCents: amount,
    coinsurancePercent: amount,
    deductibleCents: amount,
    deductibleRemainingCents: amount,
    visitsPerYear: amount,
    notes: optionalText(1000),
  }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), confirmationId: z.number() }),
    ]),
  },
});

export const deleteConfirmation = defineCall('POST', '/patientInsurance/deleteConfirmation', {
  body: policyBody.extend({ confirmationId: bodyId }),
  response: { 200: deleted },
});

/** The practice's active services, one row per CPT code; the named therapist's primary code first. */
export const listStandardCptCodes = defineCall('POST', '/patientInsurance/listStandardCptCodes', {
  body: z.object({ patientId: bodyId, therapistId: bodyId.optional() }),
  response: {
    200: z.object({
      data: z.array(z.object({ cptCode: z.string(), description: z.string() })),
    }),
  },
});
