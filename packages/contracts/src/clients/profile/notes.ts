import { z } from 'zod';
import { bodyId, patientBody, patientQuery, queryId, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/*
 * Memo, alert and the reason for appointment. Memo and alert: blank or
 * whitespace-only text is saved as none (spec-2 §4). The alert keeps the
 * spec's `id` parameter; the memo uses `patientId` like the rest.
 */

export const MEMO_MAX_LENGTH = 20_000;
export const ALERT_MAX_LENGTH = 2_000;

export const getMemo = defineCall('GET', '/patient/getMemo', {
  querystring: patientQuery,
  response: { 200: z.object({ memo: z.string().nullable() }) },
});

export const saveMemo = defineCall('POST', '/patient/saveMemo', {
  body: z.object({ patientId: bodyId, text: z.string().max(MEMO_MAX_LENGTH).nullable() }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), memo: z.string().nullable() }),
    ]),
  },
});

export const getAlert = defineCall('GET', '/patient/getAlert', {
  querystring: z.object({ id: queryId }),
  response: { 200: z.object({ alert: z.string().nullable() }) },
});

export const saveAlert = defineCall('POST', '/patient/saveAlert', {
  body: z.object({ id: bodyId, text: z.string().max(ALERT_MAX_LENGTH).nullable() }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), alert: z.string().nullable() }),
    ]),
  },
});

/** Only the client's own therapist sees or handles the reason for appointment (spec-2 §4). */
export const getReasonForAppointment = defineCall('GET', '/patient/getReasonForAppointment', {
  querystring: patientQuery,
  response: { 200: z.object({ reasonForAppointment: z.string().nullable() }) },
});

export const deleteReasonForAppointment = defineCall(
  'DELETE',
  '/patient/deleteReasonForAppointment',
  {
    querystring: patientQuery,
    response: {
      200: z.union([
        unchangedAnswer,
        z.object({ status: z.literal('saved'), reasonForAppointment: z.null() }),
      ]),
    },
  },
);

/** Adds the reason under the memo and clears it. */
export const saveReasonForAppointmentToMemo = defineCall(
  'POST',
  '/patient/saveReasonForAppointmentToMemo',
  {
    body: patientBody,
    response: {
      200: z.union([
        unchangedAnswer,
        z.object({
          status: z.literal('saved'),
          memo: z.string(),
          reasonForAppointment: z.null(),
        }),
      ]),
    },
  },
);
