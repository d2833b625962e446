import type { ClaimOnFile, EraProblem } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { preparedRowsOf } from '../../db/prepared.ts';

/**
 * The reads and writes of ERA posting (issue 20 item 7), all in the upload's transaction:
 * migration 0057 (era_files, era_postings, era_problems).
 */

/** Serialises a practice's ERA postings: two uploads of one file at once post it once. */
const ERA_LOCK = 20_7835;
export const lockPracticeEras = (db: Db, practiceId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(${ERA_LOCK}, ${practiceId})`);

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** The file already received with this exact text, if any. */
export async function fileByDigest(
  db: Db,
  practiceId: number,
  digest: string,
): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from era_files where practice_id = ${practiceId} and text_sha256 = ${digest}
        order by id limit 1`,
  );
  return row?.id ?? null;
}

/** Patient control numbers of the ERA that are another practice's claims. */
export async function othersControlNumbers(
  db: Db,
  practiceId: number,
  numbers: readonly string[],
): Promise<string[]> {
  if (numbers.length === 0) return [];
  const rows = await rowsOf<{ pcn: string }>(
    db,
    sql`select patient_control_number as pcn from claim_versions
        where patient_control_number = any(${textArray(numbers)}) and practice_id <> ${practiceId}`,
  );
  return rows.map((row) => row.pcn);
}

export type ClaimFacts = ClaimOnFile & {
  clientId: number;
  clientName: string;
  versionId: number;
  /** The attendee each line bills, by our line id. */
  attendeeOf: Record<string, number | null>;
  status: string | null;
};

/** The practice's claim versions the ERA names, with their lines and earlier ERA postings. */
export async function claimsOnFile(
  db: Db,
  practiceId: number,
  numbers: readonly string[],
): Promise<ClaimFacts[]> {
  if (numbers.length === 0) return [];
  type Row = Omit<ClaimFacts, 'lines' | 'postings' | 'attendeeOf' | 'claimId'> & {
    claimId: number;
    lines: {
      lineId: number;
      lineControlNumber: string;
      procedureCode: string;
      dateOfService: string;
      chargeCents: number | null;
      attendeeId: number | null;
    }[];
    postings: {
      key: string;
      payerClaimNumber: string | null;
      paidCents: number;
      reversed: boolean;
    }[];
  };
  const rows = await rowsOf<Row>(
    db,
    sql`select c.id as "claimId", v.id as "versionId", v.patient_control_number as "patientControlNumber",
          c.client_id as "clientId",
          btrim(coalesce(cl.first_name, '') || ' ' || coalesce(cl.last_name, '')) as "clientName",
          (select ev.status from claim_events ev where ev.claim_version_id = v.id
            order by ev.id desc limit 1) as status,
          coalesce((select json_agg(json_build_object('lineId', l.id,
              'lineControlNumber', l.line_control_number, 'procedureCode', l.procedure_code,
              'dateOfService', to_char(l.date_of_service, 'YYYY-MM-DD'),
              'chargeCents', l.charge_cents, 'attendeeId', l.attendee_id) order by l.position)
            from claim_lines l where l.claim_version_id = v.id), '[]') as lines,
          coalesce((select json_agg(json_build_object('key', p.posting_key,
              'payerClaimNumber', p.payer_claim_number, 'paidCents', p.paid_cents,
              'reversed', exists (select 1 from era_postings r
                where r.practice_id = p.practice_id and r.reverses_key = p.posting_key)) order by p.id)
            from era_postings p where p.claim_id = c.id and p.kind <> 'reversal'), '[]') as postings
        from claim_versions v
        join claims c on c.id = v.claim_id
        join clients cl on cl.id = c.client_id
        where v.practice_id = ${practiceId} and v.patient_control_number = any(${textArray(numbers)})`,
  );
  return rows.map((row) => ({
    ...row,
    claimId: String(row.claimId),
    lines: row.lines.map((line) => ({
      lineId: String(line.lineId),
      lineControlNumber: line.lineControlNumber,
      procedureCode: line.procedureCode,
      dateOfService: line.dateOfService,
      chargeCents: line.chargeCents ?? 0,
    })),
    attendeeOf: Object.fromEntries(row.lines.map((line) => [String(line.lineId), line.attendeeId])),
  }));
}

/** The posting keys of the given ones the practice has posted before. */
export async function postedKeys(
  db: Db,
  practiceId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select posting_key as key from era_postings
        where practice_id = ${practiceId} and posting_key = any(${textArray(keys)})`,
  );
  return new Set(rows.map((row) => row.key));
}

export type NewEraFile = {
  practiceId: number;
  receivedAt: Date;
  uploadedBy: number | null;
  fileName: string | null;
  rawText: string;
  digest: string;
  traceNumber: string;
  payerId: string;
  payerName: string;
  totalPaidCents: number;
  paymentDate: string | null;
};

export async function insertEraFile(db: Db, file: NewEraFile): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into era_files (practice_id, received_at, uploaded_by, file_name, raw_text,
          text_sha256, trace_number, payer_id, payer_name, total_paid_cents, payment_date, status)
        values (${file.practiceId}, ${file.receivedAt}, ${file.uploadedBy}, ${file.fileName},
          ${file.rawText}, ${file.digest}, ${file.traceNumber}, ${file.payerId}, ${file.payerName},
          ${file.totalPaidCents}, ${file.paymentDate}, 'posted')
        returning id`,
  );
  if (!row) throw new Error('era file not written');
  return row.id;
}

export const finishEraFile = (db: Db, id: number, posted: number, problems: number) =>
  db.execute(sql`update era_files set claims_posted = ${posted},
      status = ${problems > 0 ? 'problem' : 'posted'} where id = ${id}`);

export type NewPosting = {
  practiceId: number;
  eraFileId: number;
  key: string;
  claimId: number | null;
  clientId: number | null;
  patientControlNumber: string | null;
  payerClaimNumber: string | null;
  kind: 'payment' | 'denial' | 'reversal' | 'providerAdjustment';
  reversesKey: string | null;
  totals: {
    paidCents: number;
    contractualCents: number;
    patientResponsibilityCents: number;
    otherAdjustmentCents: number;
    deniedCents: number;
  };
  entries: unknown;
  ledgerEntryIds: readonly number[];
  clientBalanceCents: number | null;
  at: Date;
};

/** Prepared on the embedded database: an ERA of 500 claims writes 500 of these. */
export const insertPosting = (db: Db, p: NewPosting) =>
  preparedRowsOf(
    db,
    sql`insert into era_postings (practice_id, era_file_id, posting_key, claim_id,
      client_id, patient_control_number, payer_claim_number, kind, reverses_key, paid_cents,
      contractual_cents, patient_responsibility_cents, other_adjustment_cents, denied_cents,
      entries, ledger_entry_ids, client_balance_cents, posted_at)
    values (${p.practiceId}, ${p.eraFileId}, ${p.key}, ${p.claimId}, ${p.clientId},
      ${p.patientControlNumber}, ${p.payerClaimNumber}, ${p.kind}, ${p.reversesKey},
      ${p.totals.paidCents}, ${p.totals.contractualCents}, ${p.totals.patientResponsibilityCents},
      ${p.totals.otherAdjustmentCents}, ${p.totals.deniedCents}, ${JSON.stringify(p.entries)}::jsonb,
      ${`{${p.ledgerEntryIds.join(',')}}`}::int[], ${p.clientBalanceCents}, ${p.at})`,
  );

/** The ledger rows an earlier posting wrote, which its reversal undoes. */
export async function ledgerRowsOf(db: Db, practiceId: number, key: string): Promise<number[]> {
  const [row] = await rowsOf<{ ids: number[] }>(
    db,
    sql`select ledger_entry_ids as ids from era_postings
        where practice_id = ${practiceId} and posting_key = ${key}`,
  );
  return row?.ids ?? [];
}

export const insertProblem = (
  db: Db,
  practiceId: number,
  eraFileId: number,
  problem: EraProblem,
  at: Date,
) =>
  db.execute(sql`insert into era_problems (practice_id, era_file_id, claim_id,
      patient_control_number, reason, created_at)
    values (${practiceId}, ${eraFileId}, ${problem.claimId === null ? null : Number(problem.claimId)},
      ${problem.patientControlNumber}, ${problem.reason}, ${at})`);

/** The file a posting key was first posted from (the same ERA fetched in another envelope). */
export async function fileOfKey(db: Db, practiceId: number, key: string): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select era_file_id as id from era_postings
        where practice_id = ${practiceId} and posting_key = ${key}`,
  );
  return row?.id ?? null;
}
