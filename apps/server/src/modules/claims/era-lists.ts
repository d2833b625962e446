import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** What the ERA pages read back (issue 20 item 7): files received, postings, problems. */

const FILE_COLUMNS = sql`f.id, f.file_name as "fileName",
  to_char(f.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "receivedAt",
  (select nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
    from users u where u.id = f.uploaded_by) as "uploadedBy",
  f.trace_number as "traceNumber", f.payer_id as "payerId", f.payer_name as payer,
  f.total_paid_cents as "totalPaidCents", to_char(f.payment_date, 'YYYY-MM-DD') as "paymentDate",
  f.status, f.claims_posted as "claimsPosted",
  (select count(*)::int from era_problems p where p.era_file_id = f.id) as problems`;

export type EraFileRow = {
  id: number;
  fileName: string | null;
  receivedAt: string;
  uploadedBy: string | null;
  traceNumber: string;
  payerId: string;
  payer: string;
  totalPaidCents: number;
  paymentDate: string | null;
  status: 'posted' | 'problem';
  claimsPosted: number;
  problems: number;
};

export async function eraFile(db: Db, practiceId: number, id: number): Promise<EraFileRow> {
  const [row] = await rowsOf<EraFileRow>(
    db,
    sql`select ${FILE_COLUMNS} from era_files f where f.id = ${id} and f.practice_id = ${practiceId}`,
  );
  if (!row) throw new Error('era file not found');
  return row;
}

export async function eraFiles(
  db: Db,
  practiceId: number,
  page: { limit: number; offset: number },
) {
  const rows = await rowsOf<EraFileRow>(
    db,
    sql`select ${FILE_COLUMNS} from era_files f where f.practice_id = ${practiceId}
        order by f.received_at desc, f.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from era_files where practice_id = ${practiceId}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export type PostingRow = {
  claimId: number;
  patientId: number;
  clientName: string;
  patientControlNumber: string;
  payerClaimNumber: string | null;
  kind: 'payment' | 'denial' | 'reversal';
  paidCents: number;
  contractualCents: number;
  patientResponsibilityCents: number;
  otherAdjustmentCents: number;
  deniedCents: number;
  clientBalanceCents: number | null;
};

/** The claims a file posted (not its PLB amounts, which are the practice's). */
export const filePostings = (db: Db, practiceId: number, fileId: number) =>
  rowsOf<PostingRow>(
    db,
    sql`select p.claim_id as "claimId", p.client_id as "patientId",
          btrim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) as "clientName",
          p.patient_control_number as "patientControlNumber",
          p.payer_claim_number as "payerClaimNumber", p.kind, p.paid_cents as "paidCents",
          p.contractual_cents as "contractualCents",
          p.patient_responsibility_cents as "patientResponsibilityCents",
          p.other_adjustment_cents as "otherAdjustmentCents", p.denied_cents as "deniedCents",
          p.client_balance_cents as "clientBalanceCents"
        from era_postings p join clients c on c.id = p.client_id
        where p.practice_id = ${practiceId} and p.era_file_id = ${fileId}
          and p.kind <> 'providerAdjustment'
        order by p.id`,
  );

export const filePracticeEntries = (db: Db, practiceId: number, fileId: number) =>
  rowsOf<{ reason: string; reference: string | null; effectCents: number }>(
    db,
    sql`select p.entries ->> 'reason' as reason, p.entries ->> 'reference' as reference,
          (p.entries ->> 'effectCents')::int as "effectCents"
        from era_postings p
        where p.practice_id = ${practiceId} and p.era_file_id = ${fileId}
          and p.kind = 'providerAdjustment'
        order by p.id`,
  );

export type ProblemRow = {
  id: number;
  eraId: number;
  claimId: number | null;
  patientControlNumber: string | null;
  reason: string;
  traceNumber: string;
  payer: string;
  paymentCents: number;
  paymentDate: string | null;
  receivedAt: string;
};

const PROBLEM_QUERY = (where: SQL) => sql`select p.id, p.era_file_id as "eraId",
    p.claim_id as "claimId", p.patient_control_number as "patientControlNumber", p.reason,
    f.trace_number as "traceNumber", f.payer_name as payer, f.total_paid_cents as "paymentCents",
    to_char(f.payment_date, 'YYYY-MM-DD') as "paymentDate",
    to_char(f.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "receivedAt"
  from era_problems p join era_files f on f.id = p.era_file_id
  where ${where}`;

export const fileProblems = (db: Db, practiceId: number, fileId: number) =>
  rowsOf<ProblemRow>(
    db,
    sql`${PROBLEM_QUERY(sql`p.practice_id = ${practiceId} and p.era_file_id = ${fileId}`)} order by p.id`,
  );

/** problemERA: open problems, newest first (the index era_problems_open_idx). */
export async function openProblems(
  db: Db,
  practiceId: number,
  page: { limit: number; offset: number },
) {
  const open = sql`p.practice_id = ${practiceId} and p.resolved_at is null`;
  const rows = await rowsOf<ProblemRow>(
    db,
    sql`${PROBLEM_QUERY(open)} order by p.created_at desc, p.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from era_problems p where ${open}`,
  );
  return { rows, total: count?.total ?? 0 };
}
