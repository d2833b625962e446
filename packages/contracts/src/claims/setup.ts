import { z } from 'zod';
import { bodyId, dataOf, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Claim set-up (issue 20 item 1; spec-1 §2 `/perclaim/setup`), billing role: the billing
 * provider, the rendering and supervising provider of each therapist, the clearinghouse
 * account and the payers the practice is enrolled with for claims and ERAs. The wire checks
 * shapes and lengths; the domain's claim rules (claims/setup.ts) check the values, so the
 * page, the server and the scrubber say the same thing. The clearinghouse secret goes one
 * way: sent here, kept sealed, never answered (only whether one is kept).
 */

const line = (max: number) => textSchema(max);

export const claimAddress = z.object({
  line1: line(55),
  line2: line(55).nullable().default(null),
  city: line(30),
  state: line(2),
  zip: line(10),
});

const billingProviderFields = {
  entityKind: z.enum(['organisation', 'person']),
  organisationName: line(60).default(''),
  firstName: line(35).default(''),
  lastName: line(60).default(''),
  npi: line(10),
  tinKind: z.enum(['ein', 'ssn']),
  tin: line(11),
  taxonomy: line(10),
  address: claimAddress,
  /** Where payments go, when not the physical address; the only place a PO box may be. */
  payTo: claimAddress.nullable().default(null),
};

export const billingProviderInput = z.object(billingProviderFields);

const clearinghouseInput = z.discriminatedUnion('kind', [
  /** The local test clearinghouse: offline, answers test files, moves no claim anywhere. */
  z.object({ kind: z.literal('local') }),
  z.object({
    kind: z.literal('https'),
    endpointUrl: line(500),
    submitterId: line(15),
    username: line(100),
    /** Absent or blank: keep the secret already kept (only while endpoint and username stay). */
    secret: z.string().max(500).optional(),
  }),
]);

const providerInput = z.object({
  therapistId: bodyId,
  /** Blank: not known yet; the scrubber stops this therapist's claims until it is. */
  npi: line(10).default(''),
  taxonomy: line(10).default(''),
  supervisingTherapistId: bodyId.nullable().default(null),
});

const payerInput = z.object({
  practiceInsuranceId: bodyId,
  claimsEnrolled: z.boolean(),
  eraEnrolled: z.boolean(),
});

export const claimSetupInput = z.object({
  billingProvider: billingProviderInput,
  clearinghouse: clearinghouseInput,
  providers: z.array(providerInput).max(500).default([]),
  payers: z.array(payerInput).max(1000).default([]),
});

const addressAnswer = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const claimSetup = z.object({
  /** false until the practice first saves; the billing provider is then prefilled from the practice's information. */
  configured: z.boolean(),
  billingProvider: z.object({
    ...billingProviderFields,
    address: addressAnswer,
    payTo: addressAnswer.nullable(),
    organisationName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  clearinghouse: z.object({
    kind: z.enum(['local', 'https']),
    endpointUrl: z.string().nullable(),
    submitterId: z.string().nullable(),
    username: z.string().nullable(),
    /** A secret is kept; the secret itself is never sent back. */
    hasSecret: z.boolean(),
  }),
  /** Every active therapist, with what claims say of them. */
  providers: z.array(
    z.object({
      therapistId: z.number(),
      name: z.string(),
      credentials: z.string().nullable(),
      npi: z.string(),
      taxonomy: z.string(),
      supervisingTherapistId: z.number().nullable(),
    }),
  ),
  /** Every payer of the practice that has not ended, with its enrolment. */
  payers: z.array(
    z.object({
      practiceInsuranceId: z.number(),
      label: z.string(),
      payerId: z.string(),
      claimsEnrolled: z.boolean(),
      eraEnrolled: z.boolean(),
    }),
  ),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

export const getClaimSetup = defineCall('GET', '/claims/setup', {
  response: { 200: dataOf(claimSetup) },
});

/** Saves the whole set-up at once: every value checked first, then written in one transaction. */
export const saveClaimSetup = defineCall('PUT', '/claims/setup', {
  body: claimSetupInput,
  response: { 200: dataOf(claimSetup) },
});
