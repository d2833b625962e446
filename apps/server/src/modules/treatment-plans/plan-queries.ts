import { PLAN_MESSAGES, planStateOf, type PlanContent, type PlanState } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { PlanSignatureRole } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';

/** A plan version with what its signatures say, as the services decide on it. */
export type PlanRow = {
  planId: number;
  practiceId: number;
  clientId: number;
  therapistId: number;
  templateId: number;
  version: number;
  content: PlanContent;
  reviewDate: string;
  createdAt: Date;
  updatedAt: Date;
  isCurrent: boolean;
  therapistSigned: boolean;
  supervisorRequired: boolean;
  supervisorSigned: boolean;
  clientSigned: boolean;
  state: PlanState;
};

export async function clientOfPlan(db: Db, planId: number): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from treatment_plans where id = ${planId}`,
  );
  return rows.map((r) => r.clientId);
}

const has = (role: PlanSignatureRole) =>
  sql`exists (select 1 from treatment_plan_signatures s where s.plan_id = p.id and s.role = ${role})`;

/**
 * One version in the practice, its signatures summed up; `lock` holds the row until the
 * transaction ends, so two signatures or a save and a signature never interleave.
 */
export async function planRow(
  db: Db,
  practiceId: number,
  planId: number,
  options: { lock?: boolean } = {},
): Promise<PlanRow> {
  const [row] = await rowsOf<Omit<PlanRow, 'state'>>(
    db,
    sql`select p.id as "planId", p.practice_id as "practiceId", p.client_id as "clientId",
               p.therapist_id as "therapistId", p.template_id as "templateId", p.version,
               p.content, p.review_date::text as "reviewDate", p.created_at as "createdAt",
               p.updated_at as "updatedAt",
               not exists (select 1 from treatment_plans n where n.client_id = p.client_id
                 and n.therapist_id = p.therapist_id and n.version > p.version) as "isCurrent",
               ${has('therapist')} as "therapistSigned",
               coalesce((select s.supervisor_required from treatment_plan_signatures s
                 where s.plan_id = p.id and s.role = 'therapist'), false) as "supervisorRequired",
               ${has('supervisor')} as "supervisorSigned",
               ${has('client')} as "clientSigned"
        from treatment_plans p where p.id = ${planId} and p.practice_id = ${practiceId}
        ${options.lock ? sql`for update of p` : sql``}`,
  );
  if (!row) throw notFound(PLAN_MESSAGES.notFound);
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    state: planStateOf(row),
  };
}

/** The therapist's active supervisors (practice staff settings); any of them may co-sign. */
export async function supervisorTherapistIds(db: Db, therapistId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select t.id from therapist_supervisors s join therapists t on t.id = s.supervisor_therapist_id
        where s.supervisee_therapist_id = ${therapistId} and t.active`,
  );
  return rows.map((r) => r.id);
}

/** The client's therapists in the practice, by name. */
export async function clientTherapists(
  db: Db,
  practiceId: number,
  clientId: number,
): Promise<{ therapistId: number; therapistName: string }[]> {
  return rowsOf(
    db,
    sql`select t.id as "therapistId", btrim(t.first_name || ' ' || t.last_name) as "therapistName"
        from client_therapists ct join therapists t on t.id = ct.therapist_id
        where ct.client_id = ${clientId} and t.practice_id = ${practiceId}
        order by t.last_name, t.first_name, t.id`,
  );
}

/** Every version of one client's plan with one therapist, newest first. */
export async function planVersions(db: Db, clientId: number, therapistId: number) {
  const rows = await rowsOf<{
    planId: number;
    version: number;
    reviewDate: string;
    createdAt: Date;
    therapistSigned: boolean;
    supervisorRequired: boolean;
    supervisorSigned: boolean;
    clientSigned: boolean;
  }>(
    db,
    sql`select p.id as "planId", p.version, p.review_date::text as "reviewDate", p.created_at as "createdAt",
               ${has('therapist')} as "therapistSigned",
               coalesce((select s.supervisor_required from treatment_plan_signatures s
                 where s.plan_id = p.id and s.role = 'therapist'), false) as "supervisorRequired",
               ${has('supervisor')} as "supervisorSigned", ${has('client')} as "clientSigned"
        from treatment_plans p where p.client_id = ${clientId} and p.therapist_id = ${therapistId}
        order by p.version desc`,
  );
  return rows.map((r, i) => ({
    planId: r.planId,
    version: r.version,
    reviewDate: r.reviewDate,
    createdAt: new Date(r.createdAt),
    state: planStateOf(r),
    isCurrent: i === 0,
  }));
}

/** Codes with their descriptions, in the plan's order; unknown codes keep an empty description. */
export async function diagnosisDescriptions(
  db: Db,
  codes: readonly string[],
): Promise<{ code: string; description: string }[]> {
  if (codes.length === 0) return [];
  const rows = await rowsOf<{ code: string; description: string }>(
    db,
    sql`select code, description from icd10_codes where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  const byCode = new Map(rows.map((r) => [r.code, r.description]));
  return codes.map((code) => ({ code, description: byCode.get(code) ?? '' }));
}

export async function signaturesOf(db: Db, planId: number) {
  return rowsOf<{
    role: PlanSignatureRole;
    signerName: string;
    signedAt: Date;
    typedName: string | null;
    contentHash: string;
  }>(
    db,
    sql`select role, signer_name as "signerName", signed_at as "signedAt", typed_name as "typedName",
               content_hash as "contentHash"
        from treatment_plan_signatures where plan_id = ${planId} order by signed_at, id`,
  );
}

export async function clientNameOf(db: Db, clientId: number): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select btrim(first_name || ' ' || last_name) as name from clients where id = ${clientId}`,
  );
  return row?.name ?? '';
}
