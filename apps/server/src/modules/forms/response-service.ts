import {
  checkResponse,
  nextAssignmentState,
  type AssignmentMove,
  type FormAnswers,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { StorageAdapter } from '../../platform/storage.ts';
import { loadAssignment, responseDetail, type LoadedAssignment } from './assignment-queries.ts';
import { scoreSubmitted } from './measure-scoring.ts';
import { keepFilledPdf } from './pdf-form-service.ts';

/**
 * Answering, signing and revoking one assignment (issue 18 items 2 and 4), the same for the
 * client in the portal and for staff with the client in session. The server is the judge:
 * each answer is checked against the version the form was given with, required items on
 * submit, and the state's legal moves (domain assignment-states.ts); a refusal stores nothing.
 */

export type FormActor = {
  practiceId: number;
  userId: number;
  role: 'client' | 'staff';
  now: Date;
  ip: string | null;
  userAgent: string | null;
  /** The portal client's own record: the assignment must be theirs. */
  ownClientId?: number;
  mailer: Mailer;
  publicUrl: string;
  /** Where a PDF form's filled copy is kept (the demo seed fills no PDF forms, so has none). */
  storage?: StorageAdapter;
};

async function locked(db: Db, actor: FormActor, id: number, move: AssignmentMove) {
  const loaded = await loadAssignment(db, actor.practiceId, id, {
    lock: true,
    ...(actor.ownClientId !== undefined ? { clientId: actor.ownClientId } : {}),
  });
  const next = nextAssignmentState(loaded.state, move, loaded.signatureRequired);
  if ('refused' in next) throw conflict(next.refused);
  return { loaded, next: next.state };
}

const firstProblem = (problems: { field: string; message: string }[]) => {
  const [first] = problems;
  return first ? new AppError(400, first.message, first.field) : null;
};

export async function answer(
  db: Db,
  actor: FormActor,
  id: number,
  answers: FormAnswers,
  mode: 'save' | 'submit',
) {
  const { loaded, next } = await locked(db, actor, id, mode);
  const check = checkResponse(loaded.questionnaire, answers, mode);
  const problem = firstProblem(check.problems);
  if (problem) throw problem;
  // While saving, answers of hidden items are kept (the client may switch the condition back);
  // what is submitted keeps only what was shown.
  const stored = mode === 'submit' ? check.kept : answers;
  const now = actor.now.toISOString();
  const [response] = await rowsOf<{ id: number }>(
    db,
    sql`insert into form_responses (practice_id, assignment_id, client_id, definition_version_id, answers,
          completed_via, started_at, updated_at, updated_by_user_id, submitted_at)
        values (${actor.practiceId}, ${loaded.id}, ${loaded.patientId}, ${loaded.definitionVersionId},
          ${JSON.stringify(stored)}::jsonb, ${actor.role === 'client' ? 'portal' : 'staff'},
          ${now}::timestamptz, ${now}::timestamptz, ${actor.userId},
          ${mode === 'submit' ? now : null}::timestamptz)
        on conflict (assignment_id) do update set answers = excluded.answers,
          completed_via = excluded.completed_via, updated_at = excluded.updated_at,
          updated_by_user_id = excluded.updated_by_user_id, submitted_at = excluded.submitted_at
        returning id`,
  );
  if (!response) throw new Error('response not written');
  await db.execute(
    sql`update client_form_assignments set status = ${next}, updated_at = ${now}::timestamptz where id = ${loaded.id}`,
  );
  if (mode === 'submit' && loaded.measure)
    await scoreSubmitted(db, actor, {
      responseId: response.id,
      clientId: loaded.patientId,
      measure: loaded.measure,
      answers: stored,
    });
  // A PDF form without a signature is complete once submitted: its filled copy is made now.
  if (mode === 'submit' && !loaded.signatureRequired)
    await keepFilledPdf(db, actor, loaded, stored, null);
  return reload(db, actor, loaded);
}

export async function sign(
  db: Db,
  actor: FormActor,
  id: number,
  signature: { typedName: string; signedOn: string },
) {
  const { loaded, next } = await locked(db, actor, id, 'sign');
  if (loaded.responseId === null) throw conflict('Submit the form before signing it.');
  const now = actor.now.toISOString();
  await db.execute(
    sql`insert into form_signatures (practice_id, response_id, typed_name, signed_on, signer_user_id, signer_role, signed_at, ip, user_agent)
        values (${actor.practiceId}, ${loaded.responseId}, ${signature.typedName.trim()}, ${signature.signedOn}::date,
          ${actor.userId}, ${actor.role}, ${now}::timestamptz, ${actor.ip}, ${actor.userAgent?.slice(0, 500) ?? null})`,
  );
  await db.execute(
    sql`update form_responses set signed_at = ${now}::timestamptz where id = ${loaded.responseId}`,
  );
  await db.execute(
    sql`update client_form_assignments set status = ${next}, updated_at = ${now}::timestamptz where id = ${loaded.id}`,
  );
  await keepFilledPdf(db, actor, loaded, loaded.answers, signature);
  return reload(db, actor, loaded);
}

export async function revoke(db: Db, actor: FormActor, id: number, reason: string) {
  const { loaded, next } = await locked(db, actor, id, 'revoke');
  const now = actor.now.toISOString();
  await db.execute(
    sql`insert into form_revocations (practice_id, assignment_id, client_id, form_name, reason, revoked_by_user_id, revoked_by_role, revoked_at, ip)
        values (${actor.practiceId}, ${loaded.id}, ${loaded.patientId}, ${loaded.name}, ${reason.trim()},
          ${actor.userId}, ${actor.role}, ${now}::timestamptz, ${actor.ip})`,
  );
  await db.execute(
    sql`update client_form_assignments set status = ${next}, updated_at = ${now}::timestamptz where id = ${loaded.id}`,
  );
  return reload(db, actor, loaded);
}

async function reload(db: Db, actor: FormActor, loaded: LoadedAssignment) {
  return responseDetail(db, await loadAssignment(db, actor.practiceId, loaded.id));
}
