import { hasRole, type GoalProgress } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { PlanActor } from './plan-actor.ts';
import {
  clientNameOf,
  diagnosisDescriptions,
  planRow,
  planVersions,
  signaturesOf,
  supervisorTherapistIds,
  type PlanRow,
} from './plan-queries.ts';
import { templateOf } from './template-queries.ts';

/** What the actor may do with this version (the page shows only these buttons; the services check again). */
export async function planActions(db: Db, actor: PlanActor, plan: PlanRow) {
  const mine = actor.therapistId !== null && actor.therapistId === plan.therapistId;
  const manager = hasRole(actor.authorities, 'manager');
  const supervises =
    actor.therapistId !== null &&
    (await supervisorTherapistIds(db, plan.therapistId)).includes(actor.therapistId);
  const draft = plan.state === 'draft';
  return {
    mine,
    manager,
    supervises,
    canEdit: draft && (mine || manager),
    canSign: draft && mine,
    canCosign: plan.state === 'awaiting_supervisor' && supervises,
    canRevise: plan.isCurrent && !draft && (mine || manager),
    canComment: true,
    canRecordProgress: plan.isCurrent && !draft && (mine || supervises || manager),
  };
}

async function therapistNameOf(db: Db, therapistId: number): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select btrim(first_name || ' ' || last_name) as name from therapists where id = ${therapistId}`,
  );
  return row?.name ?? '';
}

/** The parts every reader of a plan sees, staff page and portal alike. */
export async function planBody(db: Db, plan: PlanRow) {
  const [template, diagnoses, signatures, therapistName] = await Promise.all([
    templateOf(db, plan.practiceId, plan.templateId),
    diagnosisDescriptions(db, plan.content.diagnoses),
    signaturesOf(db, plan.planId),
    therapistNameOf(db, plan.therapistId),
  ]);
  return { template, diagnoses, signatures, therapistName };
}

/** The whole plan for the staff page: content, signatures, comments, progress, versions, actions. */
export async function planDetail(db: Db, actor: PlanActor, planId: number) {
  const plan = await planRow(db, actor.practiceId, planId);
  const [body, clientName, comments, progress, versions, actions] = await Promise.all([
    planBody(db, plan),
    clientNameOf(db, plan.clientId),
    rowsOf<{ commentId: number; authorName: string; text: string; createdAt: Date }>(
      db,
      sql`select id as "commentId", author_name as "authorName", text, created_at as "createdAt"
          from treatment_plan_comments where plan_id = ${planId} order by created_at, id`,
    ),
    rowsOf<{
      goalId: string;
      progress: GoalProgress;
      note: string;
      recordedBy: string;
      recordedAt: Date;
    }>(
      db,
      sql`select goal_id as "goalId", progress, note, recorded_by as "recordedBy", recorded_at as "recordedAt"
          from treatment_plan_progress where plan_id = ${planId} order by recorded_at, id`,
    ),
    planVersions(db, plan.clientId, plan.therapistId),
    planActions(db, actor, plan),
  ]);
  return {
    planId: plan.planId,
    patientId: plan.clientId,
    clientName,
    therapistId: plan.therapistId,
    therapistName: body.therapistName,
    version: plan.version,
    isCurrent: plan.isCurrent,
    state: plan.state,
    supervisorRequired: plan.supervisorRequired,
    reviewDate: plan.reviewDate,
    content: plan.content,
    diagnoses: body.diagnoses,
    template: body.template,
    signatures: body.signatures,
    comments,
    progress,
    versions,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    actions: {
      canEdit: actions.canEdit,
      canSign: actions.canSign,
      canCosign: actions.canCosign,
      canRevise: actions.canRevise,
      canComment: actions.canComment,
      canRecordProgress: actions.canRecordProgress,
    },
  };
}

export type PlanDetail = Awaited<ReturnType<typeof planDetail>>;
