import { CLIENT_STATUSES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, patientBody, patientQuery, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/**
 * A client's status with each of their therapists (CLIENT_STATUSES in the domain).
 * Archive sets every status to INACTIVE; unarchive sets every status to ACTIVE.
 */

export const clientStatuses = z.object({
  data: z.array(
    z.object({ therapistId: z.number(), therapistName: z.string(), status: z.string() }),
  ),
  isInactiveForAll: z.boolean(),
});

const statusesChanged = z.union([
  unchangedAnswer,
  clientStatuses.extend({ status: z.literal('saved') }),
]);

export const getStatus = defineCall('GET', '/patient/status', {
  querystring: patientQuery,
  response: { 200: clientStatuses },
});

export const updateStatus = defineCall('POST', '/patient/updateStatus', {
  body: z.object({ patientId: bodyId, therapistId: bodyId, status: z.enum(CLIENT_STATUSES) }),
  response: { 200: statusesChanged },
});

export const archive = defineCall('POST', '/patient/archive', {
  body: patientBody,
  response: { 200: statusesChanged },
});

export const unarchive = defineCall('POST', '/patient/unarchive', {
  body: patientBody,
  response: { 200: statusesChanged },
});
