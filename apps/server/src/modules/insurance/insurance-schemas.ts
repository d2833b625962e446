import { INSURANCE_TYPES, INSURED_RELATIONSHIPS, type FieldProblem } from '@openpractice/domain';
import { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { bodyId, optionalText, queryId } from '../clients/profile-schemas.ts';

/**
 * Request bodies of the insurance calls (spec-2 §7 Insurance). Dates travel
 * as ISO ('2026-01-31'; a typed '01/31/2026' is accepted too), money as
 * integer cents. Ranges and cross-field rules are the domain's, checked in
 * the services so the messages are the same on both sides.
 */

/** A date as sent: checked and made ISO by `isoDateField`. */
const dateText = z.string().max(10).nullable().optional();
/** A number the domain checks (whole, in range), so its message is the one shown. */
const amount = z.number().nullable().optional();

export const patientBody = z.object({ patientId: bodyId });

export const saveInsuranceBody = z.object({
  patientId: bodyId,
  /** Absent: a new policy. */
  insuranceId: bodyId.optional(),
  insuranceType: z.enum(INSURANCE_TYPES),
  isCurrent: z.boolean(),
  startDate: dateText,
  endDate: dateText,
  insuranceNumber: z.string().max(40),
  groupNumber: optionalText(40),
  /** The practice insurance (payer); null leaves the policy unverified. */
  companyId: bodyId.nullable(),
  insuredRelationship: z.enum(INSURED_RELATIONSHIPS).optional(),
  insuredFirstName: optionalText(60),
  insuredLastName: optionalText(60),
  insuredDob: dateText,
});
export type SaveInsuranceBody = z.infer<typeof saveInsuranceBody>;

export const policyBody = z.object({ patientId: bodyId, insuranceId: bodyId });

export const savePreAuthBody = z.object({
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
});
export type SavePreAuthBody = z.infer<typeof savePreAuthBody>;

export const deletePreAuthBody = policyBody.extend({ preAuthId: bodyId });

export const saveConfirmationBody = z.object({
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
});
export type SaveConfirmationBody = z.infer<typeof saveConfirmationBody>;

export const deleteConfirmationBody = policyBody.extend({ confirmationId: bodyId });

export const cptCodesBody = z.object({ patientId: bodyId, therapistId: bodyId.optional() });

export const changePrivatePayBody = z.object({
  patientId: bodyId,
  isPrivatePay: z.boolean(),
  /** The day it changed, on the caller's calendar (spec-2 §7 localDate). */
  localDate: z.string().max(10),
});

export const updateUsualFeeBody = z.object({
  patientId: bodyId,
  /** Cents; null removes the usual fee. */
  usualFee: z.number().nullable(),
});

export const updateAutoGenClaimBody = z.object({
  patientId: bodyId,
  therapistId: bodyId,
  autogen: z.boolean(),
  reason: optionalText(200),
  localDate: z.string().max(10),
});

export const cardQuery = z.object({ userInsuranceId: queryId });

/** The first problem the domain found, as a 400 naming its field. */
export function refuseProblems(problems: readonly FieldProblem[]): void {
  const first = problems[0];
  if (first) throw badRequest(first.message, first.field);
}
