import { z } from 'zod';
import { dataOf, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { planState } from './plans.ts';

/**
 * The dashboard's treatment plan lists (spec-1 §3: expiring plans, unsigned plans), with
 * the spec's item data: days_old, display_name, has_comments, is_treatment_plan_therapist,
 * therapistName. A therapist sees their own and their supervisees' plans; managers all.
 */

export const TREATMENT_PLAN_LISTS = ['expiring', 'unsigned'] as const;

export const treatmentPlanListItem = z.object({
  planId: z.number(),
  patientId: z.number(),
  therapistId: z.number(),
  state: planState,
  reviewDate: z.string(),
  createdAt: timestamp,
  /** Whole days since this version was started (expiring: since the review date, 0 before it). */
  days_old: z.number(),
  display_name: z.string(),
  has_comments: z.boolean(),
  is_treatment_plan_therapist: z.boolean(),
  therapistName: z.string(),
});

export const getTreatmentPlanList = defineCall('GET', '/treatmentPlans/lists/:list', {
  params: z.object({ list: z.enum(TREATMENT_PLAN_LISTS) }),
  response: {
    200: dataOf(
      z.object({
        items: z.array(treatmentPlanListItem),
        count: z.number(),
        oldestDays: z.number().nullable(),
      }),
    ),
  },
});
