import { PLAN_LIMITS } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, idParamSchema, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { planContent, planSignature, planState } from './plans.ts';
import { planTemplate } from './templates.ts';

/**
 * The signed-in client's own treatment plans in the portal (issue 18 item 5): the plans
 * their therapists (and supervisors) have signed, to read and sign with their typed name.
 * Drafts are never shown to the client.
 */

export const portalPlan = z.object({
  planId: z.number(),
  therapistName: z.string(),
  version: z.number(),
  state: planState,
  reviewDate: z.string(),
  content: planContent,
  diagnoses: z.array(z.object({ code: z.string(), description: z.string() })),
  template: planTemplate,
  signatures: z.array(planSignature),
  createdAt: timestamp,
  canSign: z.boolean(),
});

export const listMyPlans = defineCall('GET', '/portal/treatmentPlans', {
  response: { 200: dataOf(z.object({ clientName: z.string(), plans: z.array(portalPlan) })) },
});

export const signMyPlan = defineCall('POST', '/portal/treatmentPlans/:planId/sign', {
  params: z.object({ planId: idParamSchema }),
  body: z.object({ typedName: textSchema(PLAN_LIMITS.templateName, { min: 1 }) }),
  response: { 200: dataOf(portalPlan) },
});
