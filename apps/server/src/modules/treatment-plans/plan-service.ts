import {
  EMPTY_PLAN_CONTENT,
  PLAN_MESSAGES,
  defaultReviewDate,
  planProblems,
  type GoalProgress,
  type PlanContent,
  hasRole,
} from '@openpractice/domain';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  treatmentPlanComments,
  treatmentPlanProgress,
  treatmentPlans,
  treatmentPlanSignatures,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import type { PlanActor } from './plan-actor.ts';
import { planActions } from './plan-detail.ts';
import { clientTherapists, planRow, supervisorTherapistIds, type PlanRow } from './plan-queries.ts';
import { defaultTemplateId, templateOf } from './template-queries.ts';

/**
 * Treatment plan rules (issue 18 item 5). Every step loads the version locked, decides
 * with the domain's rules and writes; the database refuses any change to a signed version
 * even if a step here were wrong.
 */

/** What a signature signs: the version's content and review date, hashed. */
export function contentHashOf(
  plan: Pick<PlanRow, 'planId' | 'version' | 'content' | 'reviewDate'>,
) {
  return createHash('sha256')
    .update(JSON.stringify([plan.planId, plan.version, plan.reviewDate, plan.content]))
    .digest('hex');
}

async function assertKnownCodes(db: Db, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  const rows = await rowsOf<{ code: string }>(
    db,
    sql`select code from icd10_codes where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  const known = new Set(rows.map((r) => r.code));
  const index = codes.findIndex((c) => !known.has(c));
  if (index >= 0) throw badRequest(PLAN_MESSAGES.unknownDiagnosis, `content.diagnoses.${index}`);
  if (new Set(codes).size !== codes.length) {
    throw badRequest('Each diagnosis is listed once.', 'content.diagnoses');
  }
}

/** A first plan for one of the client's therapists, as a draft reviewed in 90 days. */
export async function createPlan(
  db: Db,
  actor: PlanActor,
  input: { clientId: number; therapistId: number; templateId?: number | undefined },
  now: Date,
): Promise<number> {
  const therapists = await clientTherapists(db, actor.practiceId, input.clientId);
  if (!therapists.some((t) => t.therapistId === input.therapistId)) {
    throw badRequest(PLAN_MESSAGES.notClientsTherapist, 'therapistId');
  }
  const manager = hasRole(actor.authorities, 'manager');
  if (actor.therapistId !== input.therapistId && !manager) {
    throw forbidden(PLAN_MESSAGES.onlyTherapistEdits);
  }
  const templateId = input.templateId ?? (await defaultTemplateId(db));
  await templateOf(db, actor.practiceId, templateId).catch(() => {
    throw badRequest(PLAN_MESSAGES.templateNotFound, 'templateId');
  });
  const { today } = await practiceDay(db, actor.practiceId, now);
  const [row] = await db
    .insert(treatmentPlans)
    .values({
      practiceId: actor.practiceId,
      clientId: input.clientId,
      therapistId: input.therapistId,
      templateId,
      version: 1,
      content: EMPTY_PLAN_CONTENT,
      reviewDate: defaultReviewDate(today),
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: treatmentPlans.id });
  if (!row) throw conflict(PLAN_MESSAGES.planExists);
  return row.id;
}

/** Saves a draft; a signed version or a stale editor is refused (409). */
export async function saveDraft(
  db: Db,
  actor: PlanActor,
  planId: number,
  input: { content: PlanContent; reviewDate: string; updatedAt: string },
  now: Date,
): Promise<void> {
  const plan = await planRow(db, actor.practiceId, planId, { lock: true });
  if (plan.state !== 'draft') throw conflict(PLAN_MESSAGES.signedImmutable);
  const actions = await planActions(db, actor, plan);
  if (!actions.canEdit) throw forbidden(PLAN_MESSAGES.onlyTherapistEdits);
  if (new Date(input.updatedAt).getTime() !== plan.updatedAt.getTime()) {
    throw conflict(PLAN_MESSAGES.stale);
  }
  await assertKnownCodes(db, input.content.diagnoses);
  await db
    .update(treatmentPlans)
    // Always later than the loaded version, so an editor holding the old stamp is stale.
    .set({
      content: input.content,
      reviewDate: input.reviewDate,
      updatedAt: new Date(Math.max(now.getTime(), plan.updatedAt.getTime() + 1)),
    })
    .where(and(eq(treatmentPlans.id, planId), eq(treatmentPlans.practiceId, actor.practiceId)));
}

/**
 * The plan's therapist signs: the version locks. Whether a supervisor must co-sign is
 * fixed now (the therapist has active supervisors), so a later change of supervision
 * does not change what this plan waits for.
 */
export async function signPlan(db: Db, actor: PlanActor, planId: number, now: Date) {
  const plan = await planRow(db, actor.practiceId, planId, { lock: true });
  if (plan.state !== 'draft') throw conflict(PLAN_MESSAGES.alreadySigned);
  if (actor.therapistId !== plan.therapistId) throw forbidden(PLAN_MESSAGES.onlyTherapistSigns);
  const template = await templateOf(db, actor.practiceId, plan.templateId);
  const [problem] = planProblems(template.definition, plan.content);
  if (problem) throw badRequest(problem.message, problem.field);
  const supervisors = await supervisorTherapistIds(db, plan.therapistId);
  await db.insert(treatmentPlanSignatures).values({
    planId,
    role: 'therapist',
    userId: actor.userId,
    signerName: actor.name,
    supervisorRequired: supervisors.length > 0,
    contentHash: contentHashOf(plan),
    signedAt: now,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** A supervisor of the plan's therapist co-signs a plan that waits for them. */
export async function cosignPlan(db: Db, actor: PlanActor, planId: number, now: Date) {
  const plan = await planRow(db, actor.practiceId, planId, { lock: true });
  if (plan.state !== 'awaiting_supervisor') throw conflict(PLAN_MESSAGES.noSupervisorNeeded);
  const supervisors = await supervisorTherapistIds(db, plan.therapistId);
  if (actor.therapistId === null || !supervisors.includes(actor.therapistId)) {
    throw forbidden(PLAN_MESSAGES.notSupervisor);
  }
  await db.insert(treatmentPlanSignatures).values({
    planId,
    role: 'supervisor',
    userId: actor.userId,
    signerName: actor.name,
    contentHash: contentHashOf(plan),
    signedAt: now,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** Revising a signed plan starts its next version: a draft copy, reviewed 90 days from today. */
export async function revisePlan(db: Db, actor: PlanActor, planId: number, now: Date) {
  const plan = await planRow(db, actor.practiceId, planId, { lock: true });
  if (!plan.isCurrent) throw conflict(PLAN_MESSAGES.notCurrent);
  if (plan.state === 'draft') throw conflict(PLAN_MESSAGES.draftExists);
  const actions = await planActions(db, actor, plan);
  if (!actions.canRevise) throw forbidden(PLAN_MESSAGES.onlyTherapistEdits);
  const { today } = await practiceDay(db, actor.practiceId, now);
  const [row] = await db
    .insert(treatmentPlans)
    .values({
      practiceId: actor.practiceId,
      clientId: plan.clientId,
      therapistId: plan.therapistId,
      templateId: plan.templateId,
      version: plan.version + 1,
      previousPlanId: plan.planId,
      content: plan.content,
      reviewDate: defaultReviewDate(today),
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: treatmentPlans.id });
  if (!row) throw conflict(PLAN_MESSAGES.notCurrent);
  return row.id;
}

export async function commentOnPlan(
  db: Db,
  actor: PlanActor,
  planId: number,
  text: string,
  now: Date,
) {
  await planRow(db, actor.practiceId, planId);
  await db
    .insert(treatmentPlanComments)
    .values({ planId, userId: actor.userId, authorName: actor.name, text, createdAt: now });
}

/** Progress on a goal of the current, signed plan: appended, the newest counts. */
export async function recordProgress(
  db: Db,
  actor: PlanActor,
  planId: number,
  input: { goalId: string; progress: GoalProgress; note: string },
  now: Date,
) {
  const plan = await planRow(db, actor.practiceId, planId);
  if (plan.state === 'draft') throw conflict(PLAN_MESSAGES.progressOnDraft);
  if (!plan.content.goals.some((g) => g.id === input.goalId)) {
    throw badRequest(PLAN_MESSAGES.unknownGoal, 'goalId');
  }
  const actions = await planActions(db, actor, plan);
  if (!actions.canRecordProgress) {
    throw new AppError(
      403,
      "Only the plan's therapist, their supervisor or a manager can record progress.",
    );
  }
  await db.insert(treatmentPlanProgress).values({
    planId,
    goalId: input.goalId,
    progress: input.progress,
    note: input.note,
    userId: actor.userId,
    recordedBy: actor.name,
    recordedAt: now,
  });
}
