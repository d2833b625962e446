import { GOAL_PROGRESS, PLAN_LIMITS, PLAN_STATES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, dateSchema, idParamSchema, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { planTemplate } from './templates.ts';

/**
 * A client's treatment plans (issue 18 item 5): one per therapist, kept as versions. A
 * draft is saved as typed; the therapist signs (password verified), a supervisor co-signs
 * where the therapist is supervised, and the client signs in the portal. A signed version
 * never changes: revising it starts the next version. Every call names the plan's client
 * for the platform's client gate and audit row.
 */

const itemId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'expected a short id (letters, digits, - or _)');

export const planContent = z.object({
  diagnoses: z
    .array(z.string().regex(/^[A-Z][0-9A-Z.]{1,9}$/, 'expected an ICD-10 code such as F41.1'))
    .max(PLAN_LIMITS.diagnoses),
  presentingProblem: textSchema(PLAN_LIMITS.text, { multiline: true }),
  strengths: textSchema(PLAN_LIMITS.text, { multiline: true }),
  goals: z
    .array(
      z.object({
        id: itemId,
        text: textSchema(PLAN_LIMITS.goalText, { multiline: true }),
        objectives: z
          .array(
            z.object({
              id: itemId,
              text: textSchema(PLAN_LIMITS.goalText, { multiline: true }),
              targetDate: dateSchema().nullable(),
            }),
          )
          .max(PLAN_LIMITS.objectivesPerGoal),
      }),
    )
    .max(PLAN_LIMITS.goals),
  interventions: textSchema(PLAN_LIMITS.text, { multiline: true }),
  frequency: textSchema(PLAN_LIMITS.text, { multiline: true }),
  dischargeCriteria: textSchema(PLAN_LIMITS.text, { multiline: true }),
});

export const planState = z.enum(PLAN_STATES);
export const goalProgress = z.enum(GOAL_PROGRESS);

export const planSignature = z.object({
  role: z.enum(['therapist', 'supervisor', 'client']),
  signerName: z.string(),
  signedAt: timestamp,
  /** The client's typed name; null for staff, who sign after their password. */
  typedName: z.string().nullable(),
  contentHash: z.string(),
});

export const planComment = z.object({
  commentId: z.number(),
  authorName: z.string(),
  text: z.string(),
  createdAt: timestamp,
});

export const progressEntry = z.object({
  goalId: z.string(),
  progress: goalProgress,
  note: z.string(),
  recordedBy: z.string(),
  recordedAt: timestamp,
});

/** One version of the plan in the list of a therapist's plan (past treatment plans). */
export const planVersionRow = z.object({
  planId: z.number(),
  version: z.number(),
  state: planState,
  reviewDate: z.string(),
  createdAt: timestamp,
  isCurrent: z.boolean(),
});

export const planDetail = z.object({
  planId: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  therapistId: z.number(),
  therapistName: z.string(),
  version: z.number(),
  isCurrent: z.boolean(),
  state: planState,
  supervisorRequired: z.boolean(),
  reviewDate: z.string(),
  content: planContent,
  diagnoses: z.array(z.object({ code: z.string(), description: z.string() })),
  template: planTemplate,
  signatures: z.array(planSignature),
  comments: z.array(planComment),
  progress: z.array(progressEntry),
  versions: z.array(planVersionRow),
  createdAt: timestamp,
  updatedAt: timestamp,
  actions: z.object({
    canEdit: z.boolean(),
    canSign: z.boolean(),
    canCosign: z.boolean(),
    canRevise: z.boolean(),
    canComment: z.boolean(),
    canRecordProgress: z.boolean(),
  }),
});

const planParams = z.object({ planId: idParamSchema });

/** The client's therapists, each with their current plan (if any), for the page's chooser. */
export const listClientPlans = defineCall('GET', '/treatmentPlans/clients/:patientId', {
  params: z.object({ patientId: idParamSchema }),
  response: {
    200: dataOf(
      z.array(
        z.object({
          therapistId: z.number(),
          therapistName: z.string(),
          current: planVersionRow.nullable(),
          versions: z.number(),
          canCreate: z.boolean(),
        }),
      ),
    ),
  },
});

export const getPlan = defineCall('GET', '/treatmentPlans/:planId', {
  params: planParams,
  response: { 200: dataOf(planDetail) },
});

export const createPlan = defineCall('POST', '/treatmentPlans', {
  body: z.object({ patientId: bodyId, therapistId: bodyId, templateId: bodyId.optional() }),
  response: { 200: dataOf(planDetail) },
});

export const savePlan = defineCall('PUT', '/treatmentPlans/:planId', {
  params: planParams,
  body: z.object({
    content: planContent,
    reviewDate: dateSchema(),
    /** The version the editor loaded: a stale save is refused (409). */
    updatedAt: z.iso.datetime({ offset: true }),
  }),
  response: { 200: dataOf(planDetail) },
});

export const signPlan = defineCall('POST', '/treatmentPlans/:planId/sign', {
  params: planParams,
  response: { 200: dataOf(planDetail) },
});

export const cosignPlan = defineCall('POST', '/treatmentPlans/:planId/cosign', {
  params: planParams,
  response: { 200: dataOf(planDetail) },
});

/** Starts the next version (a draft copy) of the current, signed plan. */
export const revisePlan = defineCall('POST', '/treatmentPlans/:planId/revise', {
  params: planParams,
  response: { 200: dataOf(planDetail) },
});

export const commentOnPlan = defineCall('POST', '/treatmentPlans/:planId/comments', {
  params: planParams,
  body: z.object({ text: textSchema(PLAN_LIMITS.comment, { multiline: true, min: 1 }) }),
  response: { 200: dataOf(planDetail) },
});

export const recordGoalProgress = defineCall('POST', '/treatmentPlans/:planId/progress', {
  params: planParams,
  body: z.object({
    goalId: itemId,
    progress: goalProgress,
    note: textSchema(PLAN_LIMITS.goalText, { multiline: true }).default(''),
  }),
  response: { 200: dataOf(planDetail) },
});
