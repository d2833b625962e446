import { MAX_DIAGNOSES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, patientQuery, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/** Clinical information (diagnoses, onset, accident) and the ICD-10 code search. */

export const diagnosis = z.object({ code: z.string(), description: z.string() });

export const accidentInformation = z.object({
  accidentCauseEmployment: z.boolean(),
  accidentCauseDriving: z.boolean(),
  accidentCauseOther: z.boolean(),
  accidentCauseState: z.string().nullable(),
});

export const clinicalInformation = z.object({
  diagnosisCode: z.array(z.string()),
  diagnoses: z.array(diagnosis),
  /** ISO date. */
  illnessOnsetDate: z.string().nullable(),
  accidentInformation: accidentInformation.nullable(),
});

export const accidentBody = z.object({
  accidentCauseEmployment: z.boolean(),
  accidentCauseDriving: z.boolean(),
  accidentCauseOther: z.boolean(),
  accidentCauseState: z.string().max(2).nullable().optional(),
});

export const getClinicalInformation = defineCall(
  'GET',
  '/patientChartDiagnosis/clinicalInformation',
  { querystring: patientQuery, response: { 200: clinicalInformation } },
);

export const updateClinicalInformation = defineCall(
  'POST',
  '/patientChartDiagnosis/updateClinicalInformation',
  {
    body: z.object({
      patientId: bodyId,
      diagnosisCode: z.array(z.string().min(1).max(10)).max(MAX_DIAGNOSES),
      illnessOnsetDate: z.string().max(10).nullable().optional(),
      accidentInformation: accidentBody.nullable().optional(),
    }),
    response: {
      200: z.union([unchangedAnswer, clinicalInformation.extend({ status: z.literal('saved') })]),
    },
  },
);

/** ICD-10 codes by code prefix or words of the description; nothing for blank text. */
export const searchIcd10 = defineCall('GET', '/icd10/search', {
  querystring: z.object({ q: z.string().max(100) }),
  response: { 200: z.object({ data: z.array(diagnosis) }) },
});
