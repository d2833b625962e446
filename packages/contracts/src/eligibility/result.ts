import { ELIGIBILITY_WARNING_CODES } from '@openpractice/domain';
import { z } from 'zod';

/**
 * The parsed 271 eligibility response (domain parse271) as a check stores and answers it:
 * coverage, plan dates, benefits, a cost-share summary in cents and AAA rejections.
 */

export const coverageStatus = z.enum(['active', 'inactive', 'unknown']);
export const checkStatus = z.enum(['COMPLETE', 'FAILED', 'ERROR']);

const person271 = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  middleName: z.string().nullable(),
  memberId: z.string().nullable(),
  /** YYYY-MM-DD */
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  groupNumber: z.string().nullable(),
  groupName: z.string().nullable(),
});

const benefit = z.object({
  /** EB01, e.g. '1' active, 'A' coinsurance, 'B' copay, 'C' deductible. */
  code: z.string(),
  description: z.string(),
  coverageLevel: z.string().nullable(),
  serviceTypes: z.array(z.string()),
  insuranceType: z.string().nullable(),
  planCoverage: z.string().nullable(),
  timePeriod: z.string().nullable(),
  /** EB07 in cents. */
  amountCents: z.number().nullable(),
  /** EB08 as a percentage. */
  percent: z.number().nullable(),
  quantityQualifier: z.string().nullable(),
  quantity: z.number().nullable(),
  authorizationRequired: z.string().nullable(),
  inNetwork: z.string().nullable(),
  procedure: z.array(z.string()),
  dates: z.array(
    z.object({ qualifier: z.string(), begin: z.string().nullable(), end: z.string().nullable() }),
  ),
  messages: z.array(z.string()),
});

const rejection = z.object({
  loop: z.enum(['2100A', '2100B', '2100C', '2100D', '2110C', '2110D']),
  validRequest: z.boolean(),
  code: z.string(),
  reason: z.string(),
  followUpCode: z.string().nullable(),
  followUp: z.string().nullable(),
});

export const eligibility271 = z.object({
  traceNumber: z.string().nullable(),
  transactionControlNumber: z.string().nullable(),
  payer: z.object({ name: z.string().nullable(), id: z.string().nullable() }),
  provider: z.object({ name: z.string().nullable(), npi: z.string().nullable() }),
  subscriber: person271.nullable(),
  dependent: person271.extend({ relationshipCode: z.string().nullable() }).nullable(),
  coverage: coverageStatus,
  planName: z.string().nullable(),
  planBegin: z.string().nullable(),
  planEnd: z.string().nullable(),
  benefits: z.array(benefit),
  summary: z.object({
    copayCents: z.number().nullable(),
    coinsurancePercent: z.number().nullable(),
    deductibleCents: z.number().nullable(),
    deductibleRemainingCents: z.number().nullable(),
    outOfPocketCents: z.number().nullable(),
    outOfPocketRemainingCents: z.number().nullable(),
    visitLimit: z.number().nullable(),
    visitsRemaining: z.number().nullable(),
  }),
  rejections: z.array(rejection),
});

/**
 * What to check before relying on a complete answer (domain eligibilityWarnings): the plan's
 * dates against the practice's today, and the cost share against the policy's newest
 * benefits confirmation.
 */
export const eligibilityWarning = z.object({
  code: z.enum(ELIGIBILITY_WARNING_CODES),
  label: z.string(),
  message: z.string(),
});
