import { INSURANCE_TYPES, INSURED_RELATIONSHIPS } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, optionalText, patientBody, unchangedAnswer } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * A client's policies (spec-2 §7 Insurance: patientInsurance/list, saveInsurance, delete,
 * convertInsurance). Dates travel as ISO ('2026-01-31'; a typed '01/31/2026' is accepted
 * too), money as integer cents. Ranges and cross-field rules are the domain's, checked in
 * the server's services so the messages are the same on both sides.
 */

/** A date as sent: checked and made ISO by the server (`isoDateField`). */
export const dateText = z.string().max(10).nullable().optional();
/** A number the domain checks (whole, in range), so its message is the one shown. */
export const amount = z.number().nullable().optional();

export const preAuth = z.object({
  authId: z.number(),
  userInsuranceId: z.number(),
  authDate: z.string(),
  authNumber: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Visits allowed; null: no limit was set. */
  visitsAuthorized: z.number().nullable(),
  cptCodes: z.array(z.string()),
  notes: z.string().nullable(),
});

export const benefitsConfirmation = z.object({
  confirmationId: z.number(),
  userInsuranceId: z.number(),
  authDate: z.string(),
  referenceNumber: z.string().nullable(),
  representative: z.string().nullable(),
  copayCents: z.number().nullable(),
  coinsurancePercent: z.number().nullable(),
  deductibleCents: z.number().nullable(),
  deductibleRemainingCents: z.number().nullable(),
  visitsPerYear: z.number().nullable(),
  notes: z.string().nullable(),
});

export const insurancePolicy = z.object({
  insuranceId: z.number(),
  insuranceType: z.enum(INSURANCE_TYPES),
  isCurrent: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  insuranceNumber: z.string().nullable(),
  groupNumber: z.string().nullable(),
  /** The practice insurance (payer); null: unverified. */
  companyId: z.number().nullable(),
  payerName: z.string().nullable(),
  payerId: z.string().nullable(),
  /** 'Aetna (60054)'; null without a payer. */
  payerLabel: z.string().nullable(),
  insuredRelationship: z.enum(INSURED_RELATIONSHIPS),
  insuredFirstName: z.string().nullable(),
  insuredLastName: z.string().nullable(),
  insuredDob: z.string().nullable(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  /** A signed read address of the card image, valid ten minutes. */
  insuranceCardPhotoUrl: z.string().nullable(),
  preAuths: z.array(preAuth),
  confirmations: z.array(benefitsConfirmation),
});

/** Automatic claim creation with one of the client's therapists. */
export const autoGenClaim = z.object({
  therapistId: z.number(),
  therapistName: z.string(),
  autogen: z.boolean(),
  reason: z.string().nullable(),
  changedOn: z.string().nullable(),
});

/** spec-2 §3 client insurance response. */
export const listInsurance = defineCall('POST', '/patientInsurance/list', {
  body: patientBody,
  response: {
    200: z.object({
      patientId: z.number(),
      isInsuranceEnabled: z.boolean(),
      isPrivatePay: z.boolean(),
      privatePayChangedOn: z.string().nullable(),
      /** Cents. */
      usualFee: z.number().nullable(),
      policies: z.array(insurancePolicy),
      currentPrimaryPolicy: insurancePolicy.nullable(),
      currentSecondaryPolicy: insurancePolicy.nullable(),
      defaultInsuranceId: z.number().nullable(),
      autoGenClaims: z.array(autoGenClaim),
      access: z.object({ canEditPolicies: z.boolean(), canEditBilling: z.boolean() }),
    }),
  },
});

export const saveInsurance = defineCall('POST', '/patientInsurance/saveInsurance', {
  body: z.object({
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
  }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({
        status: z.literal('saved'),
        insuranceId: z.number(),
        /** Policies of the same type that stopped being current. */
        noLongerCurrent: z.array(z.number()),
      }),
    ]),
  },
});

export const policyBody = z.object({ patientId: bodyId, insuranceId: bodyId });

export const deleteInsurance = defineCall('POST', '/patientInsurance/delete', {
  body: policyBody,
  response: { 200: z.object({ status: z.literal('deleted') }) },
});

/** Ours (spec-2 §4): swaps PRIMARY and SECONDARY, 'Policy converted.'. */
export const convertInsurance = defineCall('POST', '/patientInsurance/convertInsurance', {
  body: policyBody,
  response: {
    200: z.object({
      status: z.literal('saved'),
      message: z.string(),
      changes: z.array(
        z.object({ insuranceId: z.number(), insuranceType: z.enum(INSURANCE_TYPES) }),
      ),
    }),
  },
});
