import {
  checkResponse,
  type AssignmentState,
  type FormAnswers,
  type PdfField,
  type Questionnaire,
} from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';

/** Reads of assignments and their responses; every query is scoped by practice. */

export const ASSIGNMENT_NOT_FOUND = 'We could not find that form.';

export type AssignmentRow = {
  id: number;
  patientId: number;
  formDefinitionId: number;
  name: string;
  version: number;
  state: AssignmentState;
  source: 'auto' | 'manual' | 'appointment' | 'schedule';
  signatureRequired: boolean;
  measure: 'phq9' | 'gad7' | null;
  assignedAt: Date;
  dueBefore: Date | null;
  updatedAt: Date;
  submittedAt: Date | null;
  signedAt: Date | null;
};

const SELECT = sql`select a.id, a.client_id as "patientId", a.form_definition_id as "formDefinitionId",
    coalesce(v.questionnaire->>'title', fd.name) as name, v.version, a.status as state, a.source, v.signature_required as "signatureRequired",
    v.measure, a.assigned_at as "assignedAt", e.start_at as "dueBefore",
    greatest(a.updated_at, r.updated_at) as "updatedAt", r.submitted_at as "submittedAt", r.signed_at as "signedAt"
  from client_form_assignments a
  join form_definitions fd on fd.id = a.form_definition_id
  join form_definition_versions v on v.id = a.definition_version_id
  left join form_responses r on r.assignment_id = a.id
  left join calendar_events e on e.id = a.due_event_id`;

export function assignmentRows(db: Db, practiceId: number, where: SQL) {
  return rowsOf<AssignmentRow>(
    db,
    sql`${SELECT} where a.practice_id = ${practiceId} and ${where} order by a.assigned_at desc, a.id desc`,
  );
}

export type LoadedAssignment = AssignmentRow & {
  practiceId: number;
  definitionVersionId: number;
  questionnaire: Questionnaire;
  responseId: number | null;
  answers: FormAnswers;
  completedVia: 'portal' | 'staff' | null;
  /** A PDF form's stored file and fields (null for other forms), and its filled copy once made. */
  pdfFileKey: string | null;
  pdfFields: PdfField[] | null;
  filledPdfKey: string | null;
};

/** One assignment with its version's content and its answers; `lock` holds it for a change. */
export async function loadAssignment(
  db: Db,
  practiceId: number,
  id: number,
  options: { lock?: boolean; clientId?: number } = {},
): Promise<LoadedAssignment> {
  if (options.lock)
    await db.execute(
      sql`select 1 from client_form_assignments where id = ${id} and practice_id = ${practiceId} for update`,
    );
  const [row] = await rowsOf<LoadedAssignment>(
    db,
    sql`select q.*, a.practice_id as "practiceId", a.definition_version_id as "definitionVersionId",
          v.questionnaire, r.id as "responseId", coalesce(r.answers, '{}'::jsonb) as answers,
          r.completed_via as "completedVia", v.pdf_file_key as "pdfFileKey", v.pdf_fields as "pdfFields",
          (select p.storage_key from form_response_pdfs p where p.response_id = r.id) as "filledPdfKey"
        from (${SELECT} where a.practice_id = ${practiceId} and a.id = ${id}) q
        join client_form_assignments a on a.id = q.id
        join form_definition_versions v on v.id = a.definition_version_id
        left join form_responses r on r.assignment_id = a.id`,
  );
  // Another client's assignment is as unknown as a missing one (a portal client learns nothing).
  if (!row || (options.clientId !== undefined && row.patientId !== options.clientId))
    throw notFound(ASSIGNMENT_NOT_FOUND);
  return row;
}

/** The client an assignment in the path belongs to, for the platform's client gate. */
export async function clientOfAssignment(db: Db, request: FastifyRequest): Promise<number[]> {
  const id = Number((request.params as { id?: unknown }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(ASSIGNMENT_NOT_FOUND);
  const [row] = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from client_form_assignments where id = ${id} and practice_id = ${practiceScope(request)}`,
  );
  if (!row) throw notFound(ASSIGNMENT_NOT_FOUND);
  return [row.clientId];
}

/** Everything a response page shows: answers, what is missing, signatures, history, score. */
export async function responseDetail(db: Db, loaded: LoadedAssignment) {
  const { questionnaire, answers, responseId, completedVia } = loaded;
  const [signatures, revocations, scores] = await Promise.all([
    rowsOf<{
      typedName: string;
      signedOn: string;
      signerRole: 'client' | 'staff';
      signedBy: string | null;
      signedAt: Date;
      ip: string | null;
    }>(
      db,
      sql`select s.typed_name as "typedName", s.signed_on::text as "signedOn", s.signer_role as "signerRole",
            nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "signedBy",
            s.signed_at as "signedAt", s.ip
          from form_signatures s left join users u on u.id = s.signer_user_id
          where s.response_id = ${responseId ?? 0} order by s.signed_at, s.id`,
    ),
    rowsOf<{
      id: number;
      reason: string;
      revokedByRole: 'client' | 'staff';
      revokedBy: string | null;
      revokedAt: Date;
    }>(
      db,
      sql`select r.id, r.reason, r.revoked_by_role as "revokedByRole",
            nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "revokedBy",
            r.revoked_at as "revokedAt"
          from form_revocations r left join users u on u.id = r.revoked_by_user_id
          where r.assignment_id = ${loaded.id} order by r.revoked_at, r.id`,
    ),
    rowsOf<{
      measure: 'phq9' | 'gad7';
      complete: boolean;
      total: number | null;
      severity: string | null;
      answered: number;
      selfHarmAlert: boolean;
      scoredAt: Date;
    }>(
      db,
      sql`select measure, complete, total, severity, answered, self_harm_alert as "selfHarmAlert", scored_at as "scoredAt"
          from measure_scores where response_id = ${responseId ?? 0}`,
    ),
  ]);
  return {
    assignment: assignmentOf(loaded),
    questionnaire,
    answers,
    missing: checkResponse(questionnaire, answers, 'save').missing,
    completedVia,
    signatures,
    revocations,
    score: scores[0] ?? null,
    pdf: loaded.pdfFileKey === null ? null : { filled: loaded.filledPdfKey !== null },
  };
}

/** The row part of a loaded assignment (what lists show). */
function assignmentOf(loaded: LoadedAssignment): AssignmentRow {
  return {
    id: loaded.id,
    patientId: loaded.patientId,
    formDefinitionId: loaded.formDefinitionId,
    name: loaded.name,
    version: loaded.version,
    state: loaded.state,
    source: loaded.source,
    signatureRequired: loaded.signatureRequired,
    measure: loaded.measure,
    assignedAt: loaded.assignedAt,
    dueBefore: loaded.dueBefore,
    updatedAt: loaded.updatedAt,
    submittedAt: loaded.submittedAt,
    signedAt: loaded.signedAt,
  };
}
