import { z } from 'zod';
import { dataOf } from './common.ts';
import { defineCall } from './define.ts';

/** System code tables; not practice data, so public (they load before routing). */

export const health = defineCall('GET', '/health', {
  response: { 200: z.object({ status: z.literal('ok') }) },
});

const referenceItem = z.object({
  code: z.string(),
  name: z.string(),
  /** Payment types only. */
  isPatientType: z.boolean().optional(),
  isInsuranceType: z.boolean().optional(),
});

const referenceList = z.array(referenceItem);

/** Every code table by type. */
export const listReferenceDataTypes = defineCall('GET', '/system/listReferenceDataTypes', {
  response: {
    200: z.object({
      claimStatuses: referenceList,
      claimStatusCategories: referenceList,
      claimTypes: referenceList,
      claimSubmissionTypes: referenceList,
      accountStatementTypes: referenceList,
      accountPaymentTypes: referenceList,
    }),
  },
});

export const listRecordStatuses = defineCall('GET', '/system/recordStatus', {
  response: { 200: dataOf(z.array(z.object({ recordStatusId: z.number(), name: z.string() }))) },
});

/** The US zones a practice or client can choose, and the old names they may be stored under. */
export const listUsTimezones = defineCall('GET', '/system/listUSTimezones', {
  response: {
    200: z.object({
      data: z.array(z.object({ name: z.string(), label: z.string() })),
      aliases: z.record(z.string(), z.string()),
    }),
  },
});
