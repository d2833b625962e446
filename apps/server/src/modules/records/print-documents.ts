import {
  currentGoalProgress,
  planStateOf,
  type AssignmentState,
  type FormAnswers,
  type GoalProgress,
  type PlanContent,
  type PlanState,
  type PlanTemplateDefinition,
  type Questionnaire,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { PlanSignatureRole } from '../../db/schema/index.ts';
import { idArray, isoOf } from '../../platform/sql.ts';
import { diagnosisNames } from './print-data.ts';

/**
 * What the PDFs show of the pinned treatment plans and form responses, read when the job
 * runs. Signed plans and signed responses never change (the database refuses it), so what is
 * read is what was pinned. Progress, signatures and revocations count up to the moment the
 * print was asked for (`asOf`), so the PDF matches the disclosure recorded then.
 */

export type PrintedPlanSignature = {
  role: PlanSignatureRole;
  signerName: string;
  typedName: string | null;
  signedAt: string;
  contentHash: string;
};

export type PrintedPlan = {
  planId: number;
  version: number;
  therapistName: string;
  therapistCredentials: string | null;
  template: PlanTemplateDefinition;
  content: PlanContent;
  diagnoses: { code: string; description: string | null }[];
  reviewDate: string;
  state: PlanState;
  /** Each goal's progress as last recorded before the print. */
  progress: Record<string, GoalProgress>;
  signatures: PrintedPlanSignature[];
};

type PlanRow = Omit<PrintedPlan, 'diagnoses' | 'state' | 'progress' | 'signatures'>;

/** The pinned plan versions, in the order they were pinned. */
export async function printedPlans(
  db: Db,
  plans: readonly { planId: number }[] | undefined,
  asOf: Date,
): Promise<PrintedPlan[]> {
  if (!plans || plans.length === 0) return [];
  const ids = plans.map((p) => p.planId);
  const rows = await rowsOf<PlanRow>(
    db,
    sql`select p.id as "planId", p.version, p.content, p.review_date::text as "reviewDate",
          btrim(t.first_name || ' ' || t.last_name) as "therapistName",
          t.credentials as "therapistCredentials", tt.definition as template
        from treatment_plans p join therapists t on t.id = p.therapist_id
        join treatment_plan_templates tt on tt.id = p.template_id
        where p.id = any(${idArray(ids)})`,
  );
  const signatures = await rowsOf<
    PrintedPlanSignature & { planId: number; supervisorRequired: boolean }
  >(
    db,
    sql`select plan_id as "planId", role, signer_name as "signerName", typed_name as "typedName",
          ${isoOf(sql`signed_at`)} as "signedAt", content_hash as "contentHash",
          supervisor_required as "supervisorRequired"
        from treatment_plan_signatures
        where plan_id = any(${idArray(ids)}) and signed_at <= ${asOf.toISOString()}::timestamptz
        order by signed_at, id`,
  );
  const progress = await rowsOf<{
    planId: number;
    goalId: string;
    progress: GoalProgress;
    at: string;
  }>(
    db,
    sql`select plan_id as "planId", goal_id as "goalId", progress, ${isoOf(sql`recorded_at`)} as at
        from treatment_plan_progress
        where plan_id = any(${idArray(ids)}) and recorded_at <= ${asOf.toISOString()}::timestamptz`,
  );
  const names = await diagnosisNames(db, [...new Set(rows.flatMap((r) => r.content.diagnoses))]);
  const byId = new Map(rows.map((r) => [r.planId, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const signed = signatures.filter((s) => s.planId === id);
    const has = (role: PlanSignatureRole) => signed.some((s) => s.role === role);
    const goals = Object.fromEntries(
      row.content.goals.map((goal) => [
        goal.id,
        currentGoalProgress(progress.filter((p) => p.planId === id && p.goalId === goal.id)),
      ]),
    );
    return [
      {
        ...row,
        diagnoses: row.content.diagnoses.map((code) => ({
          code,
          description: names.get(code) ?? null,
        })),
        state: planStateOf({
          therapistSigned: has('therapist'),
          supervisorRequired: signed.some((s) => s.role === 'therapist' && s.supervisorRequired),
          supervisorSigned: has('supervisor'),
          clientSigned: has('client'),
        }),
        progress: goals,
        signatures: signed.map(({ planId: _p, supervisorRequired: _s, ...s }) => s),
      },
    ];
  });
}

export type PrintedForm = {
  responseId: number;
  formName: string;
  version: number;
  questionnaire: Questionnaire;
  answers: FormAnswers;
  state: AssignmentState;
  completedVia: 'portal' | 'staff' | null;
  submittedAt: string;
  score: { complete: boolean; total: number | null; severity: string | null } | null;
  signatures: {
    typedName: string;
    signedOn: string;
    signerRole: 'client' | 'staff';
    signedBy: string | null;
    signedAt: string;
  }[];
  revocations: {
    revokedAt: string;
    revokedByRole: 'client' | 'staff';
    revokedBy: string | null;
    reason: string;
  }[];
};

const userName = (alias: string) =>
  sql.raw(
    `nullif(btrim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`,
  );

/** The pinned responses with the version each was given with, in the order pinned. */
export async function printedForms(
  db: Db,
  forms: readonly { responseId: number }[] | undefined,
  asOf: Date,
): Promise<PrintedForm[]> {
  if (!forms || forms.length === 0) return [];
  const ids = forms.map((f) => f.responseId);
  const before = sql`${asOf.toISOString()}::timestamptz`;
  const rows = await rowsOf<Omit<PrintedForm, 'signatures' | 'revocations'>>(
    db,
    sql`select r.id as "responseId", d.name as "formName", v.version, v.questionnaire, r.answers,
          a.status as state, r.completed_via as "completedVia",
          ${isoOf(sql`r.submitted_at`)} as "submittedAt",
          (select json_build_object('complete', m.complete, 'total', m.total, 'severity', m.severity)
             from measure_scores m where m.response_id = r.id) as score
        from form_responses r
        join client_form_assignments a on a.id = r.assignment_id
        join form_definition_versions v on v.id = r.definition_version_id
        join form_definitions d on d.id = v.definition_id
        where r.id = any(${idArray(ids)})`,
  );
  const signatures = await rowsOf<PrintedForm['signatures'][number] & { responseId: number }>(
    db,
    sql`select s.response_id as "responseId", s.typed_name as "typedName",
          s.signed_on::text as "signedOn", s.signer_role as "signerRole", ${userName('u')} as "signedBy",
          ${isoOf(sql`s.signed_at`)} as "signedAt"
        from form_signatures s left join users u on u.id = s.signer_user_id
        where s.response_id = any(${idArray(ids)}) and s.signed_at <= ${before}
        order by s.signed_at, s.id`,
  );
  const revocations = await rowsOf<PrintedForm['revocations'][number] & { responseId: number }>(
    db,
    sql`select r.id as "responseId", ${isoOf(sql`x.revoked_at`)} as "revokedAt",
          x.revoked_by_role as "revokedByRole", ${userName('u')} as "revokedBy", x.reason
        from form_revocations x join form_responses r on r.assignment_id = x.assignment_id
        left join users u on u.id = x.revoked_by_user_id
        where r.id = any(${idArray(ids)}) and x.revoked_at <= ${before}
        order by x.revoked_at, x.id`,
  );
  const byId = new Map(rows.map((r) => [r.responseId, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // A revocation made after the print was asked for is not in it: the state said 'signed' then.
    const revoked = revocations.filter((r) => r.responseId === id);
    const state = row.state === 'revoked' && revoked.length === 0 ? 'signed' : row.state;
    return [
      {
        ...row,
        state,
        signatures: signatures
          .filter((s) => s.responseId === id)
          .map(({ responseId: _r, ...s }) => s),
        revocations: revoked.map(({ responseId: _r, ...r }) => r),
      },
    ];
  });
}
