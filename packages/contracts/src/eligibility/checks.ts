import { z } from 'zod';
import { bodyId, patientBody, patientQuery } from '../common.ts';
import { defineCall } from '../define.ts';
import { checkStatus, coverageStatus, eligibility271, eligibilityWarning } from './result.ts';

/**
 * Eligibility checks of a client (spec-2 §7 Insurance: checkEligibility,
 * listEligibilityRequestHistory, findEligibilityHistoryItem, listX12ServiceCodes,
 * listEligibilityPayers) and the Create Report step's starting values.
 * See docs/eligibility-api.md.
 */

export const listX12ServiceCodes = defineCall('GET', '/patientInsurance/listX12ServiceCodes', {
  response: {
    200: z.object({
      data: z.array(z.object({ code: z.string(), description: z.string() })),
      defaultCode: z.string(),
    }),
  },
});

/** The practice's active payers, one per payer id, and whether checks are in test mode. */
export const listEligibilityPayers = defineCall('GET', '/patientInsurance/listEligibilityPayers', {
  response: {
    200: z.object({
      data: z.array(
        z.object({
          practice_insurance_id: z.number(),
          label: z.string(),
          payerId: z.string(),
          /** 'Label (payerId)'. */
          displayLabel: z.string(),
        }),
      ),
      mode: z.enum(['clearinghouse', 'local']),
      testMode: z.boolean(),
    }),
  },
});

const dependentRelationship = z.enum(['spouse', 'child', 'other']);

/** What the Create Report step starts from: the client, their therapists and the default policy. */
export const eligibilityDefaults = defineCall('GET', '/patientInsurance/eligibilityDefaults', {
  querystring: patientQuery,
  response: {
    200: z.object({
      data: z.object({
        patientId: z.number(),
        clientName: z.string(),
        therapists: z.array(
          z.object({
            therapistId: z.number(),
            name: z.string(),
            isPrimary: z.boolean(),
            hasNpi: z.boolean(),
          }),
        ),
        /** From the client's default current policy; null without one. */
        policy: z
          .object({
            insuranceId: z.number(),
            payerId: z.string().nullable(),
            payerName: z.string().nullable(),
            insuranceNumber: z.string().nullable(),
            isDependent: z.boolean(),
            insuredFirstName: z.string().nullable(),
            insuredLastName: z.string().nullable(),
            insuredRelationship: dependentRelationship.nullable(),
          })
          .nullable(),
      }),
    }),
  },
});

/** One line of the client's history. */
export const eligibilityHistoryItem = z.object({
  eligibilityRequestId: z.number(),
  patientId: z.number(),
  createdAt: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  therapistId: z.number().nullable(),
  therapistName: z.string().nullable(),
  isDependent: z.boolean(),
  status: checkStatus,
  /** From the 271; null when there was no readable answer. */
  coverage: coverageStatus.nullable(),
  failureMessage: z.string().nullable(),
  errorMessage: z.string().nullable(),
});

/** The request summary (checkEligibility, findEligibilityHistoryItem): the request, its result and the X12. */
export const eligibilityRequestSummary = eligibilityHistoryItem.extend({
  insuranceId: z.number().nullable(),
  insuranceNumber: z.string(),
  insuredFirstName: z.string(),
  insuredLastName: z.string(),
  requestedBy: z.string().nullable(),
  adapter: z.string(),
  /** Sent in test mode: answered from sample files, not by the payer. */
  testMode: z.boolean(),
  controlNumber: z.number(),
  traceNumber: z.string(),
  result: eligibility271.nullable(),
  /** Empty unless the check is COMPLETE and something in its answer needs checking. */
  warnings: z.array(eligibilityWarning),
  x12: z.object({ request: z.string(), response: z.string().nullable() }),
});

const history = z.object({
  data: z.array(eligibilityHistoryItem),
  /** The practice's zone: times are shown on its clock. */
  timezone: z.string(),
});

/** The client's checks, newest first (by query). */
export const listEligibilityRequestHistory = defineCall(
  'GET',
  '/patientInsurance/listEligibilityRequestHistory',
  { querystring: patientQuery, response: { 200: history } },
);

/** The same list, the client named in the body (spec-2 §7). */
export const postEligibilityRequestHistory = defineCall(
  'POST',
  '/patientInsurance/listEligibilityRequestHistory',
  { body: patientBody, response: { 200: history } },
);

export const findEligibilityHistoryItem = defineCall(
  'POST',
  '/patientInsurance/findEligibilityHistoryItem',
  {
    body: z.object({ patientId: bodyId, eligibilityRequestId: bodyId }),
    response: { 200: z.object({ data: eligibilityRequestSummary }) },
  },
);

/** spec-2 §3 Eligibility request, plus the policy it is about and the dependent's relationship. */
export const checkEligibility = defineCall('POST', '/patientInsurance/checkEligibility', {
  body: z.object({
    patientId: bodyId,
    /** The client's policy being checked; omitted: the client's default policy with this payer. */
    insuranceId: bodyId.nullable().optional(),
    payerId: z.string().trim().min(1, "Choose one of the practice's payers.").max(80),
    /** Ignored: the payer's name is the practice's label for payerId. */
    payerName: z.string().max(200).nullable().optional(),
    serviceCode: z.string().trim().min(1, 'Choose a service type from the list.').max(2),
    therapistId: bodyId,
    isDependent: z.boolean(),
    insuredFirstName: z.string().max(35).nullable().optional(),
    insuredLastName: z.string().max(60).nullable().optional(),
    /** The client's relationship to the insured when a dependent; default from the policy, else child. */
    insuredRelationship: dependentRelationship.nullable().optional(),
    insuranceNumber: z.string().max(80),
  }),
  response: { 200: z.object({ data: eligibilityRequestSummary }) },
});
