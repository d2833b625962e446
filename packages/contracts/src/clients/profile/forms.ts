import { z } from 'zod';
import { patientBody, patientQuery } from '../../common.ts';
import { defineCall } from '../../define.ts';

/** Forms given to a client (spec-2 §7 Patient autoAssignForms, Registration listPendingForms). */

export const clientForm = z.object({
  /** The assignment's id. */
  id: z.number(),
  formDefinitionId: z.number(),
  name: z.string(),
  status: z.enum(['pending', 'completed']),
  /** ISO instant. */
  assignedAt: z.string(),
});

/** Gives the client the practice's automatic forms they do not have yet; answers those given now. */
export const autoAssignForms = defineCall('POST', '/patient/autoAssignForms', {
  body: patientBody,
  response: { 200: z.object({ assigned: z.number(), forms: z.array(clientForm) }) },
});

export const listPendingForms = defineCall('GET', '/patientRegistration/listPendingForms', {
  querystring: patientQuery,
  response: { 200: z.object({ forms: z.array(clientForm) }) },
});
