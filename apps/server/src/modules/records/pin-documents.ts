import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * Which treatment plans and form responses a print request covers (spec-1 §9 treatment_plan,
 * past_treatment_plans, form_response), read when it is asked for, like the notes beside
 * them. Only what was signed or completed is released: a draft plan or a form still being
 * filled in is work in progress, as a draft note is.
 */

export type DocumentScope = {
  practiceId: number;
  therapistId: number | null;
  /** `and <column> in range`, or nothing when every date is asked for (queries.ts). */
  within: (column: SQL) => SQL;
};

const therapistSigned = (plan: SQL) =>
  sql`exists (select 1 from treatment_plan_signatures s
              where s.plan_id = ${plan} and s.role = 'therapist')`;

/** A newer version of the same client's plan with the same therapist, signed by them. */
const newerSigned = sql`exists (select 1 from treatment_plans n
    where n.client_id = p.client_id and n.therapist_id = p.therapist_id and n.version > p.version
      and ${therapistSigned(sql`n.id`)})`;

const byTherapist = (scope: DocumentScope) =>
  scope.therapistId === null ? sql`` : sql`and p.therapist_id = ${scope.therapistId}`;

/**
 * The plan in force with each therapist: the newest version its therapist signed (a revision
 * still in draft does not replace it). It is in force today whatever dates were asked for,
 * so the dates do not limit it.
 */
export function currentPlans(
  db: Db,
  scope: DocumentScope,
  clientId: number,
): Promise<{ planId: number }[]> {
  return rowsOf(
    db,
    sql`select p.id as "planId"
        from treatment_plans p join therapists t on t.id = p.therapist_id
        where p.client_id = ${clientId} and p.practice_id = ${scope.practiceId}
          and ${therapistSigned(sql`p.id`)} and not ${newerSigned} ${byTherapist(scope)}
        order by t.last_name, t.first_name, p.therapist_id`,
  );
}

/** Older signed versions, newest first per therapist, signed by the therapist within the dates. */
export function pastPlans(
  db: Db,
  scope: DocumentScope,
  clientId: number,
): Promise<{ planId: number }[]> {
  return rowsOf(
    db,
    sql`select p.id as "planId"
        from treatment_plans p join therapists t on t.id = p.therapist_id
        join treatment_plan_signatures s on s.plan_id = p.id and s.role = 'therapist'
        where p.client_id = ${clientId} and p.practice_id = ${scope.practiceId}
          and ${newerSigned} ${byTherapist(scope)} ${scope.within(sql`s.signed_at`)}
        order by t.last_name, t.first_name, p.therapist_id, p.version desc`,
  );
}

/**
 * Completed, signed and revoked responses (a revoked consent keeps its history), finished
 * within the dates, oldest first. Forms belong to the client, not to a therapist, so the
 * therapist choice does not limit them. Measures (PHQ-9, GAD-7) are clinical: only for a
 * caller who may read the client's clinical records (`withMeasures`).
 */
export function formResponses(
  db: Db,
  scope: DocumentScope,
  clientId: number,
  withMeasures: boolean,
): Promise<{ responseId: number }[]> {
  const finished = sql`coalesce(r.signed_at, r.submitted_at)`;
  return rowsOf(
    db,
    sql`select r.id as "responseId"
        from form_responses r
        join client_form_assignments a on a.id = r.assignment_id
        join form_definition_versions v on v.id = r.definition_version_id
        where r.client_id = ${clientId} and r.practice_id = ${scope.practiceId}
          and a.status in ('completed', 'signed', 'revoked') and r.submitted_at is not null
          ${withMeasures ? sql`` : sql`and v.measure is null`}
          ${scope.within(finished)}
        order by ${finished}, r.id`,
  );
}
