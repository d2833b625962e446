import type { mergeCounts } from '@openpractice/contracts/clients/merge';
import { DELETED_RECORD_STATUS_ID, mergeProblem, normaliseNoteText } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { CLIENT_NOT_FOUND } from '../../../platform/client-gate.ts';

type MergeCounts = z.output<typeof mergeCounts>;

type Locked = {
  id: number;
  isGroup: boolean;
  mergedIntoId: number | null;
  recordStatusId: number;
  memo: string | null;
  alert: string | null;
  portalUserId: number | null;
  portalStatus: string;
};

/** How many rows a statement wrote: it ends in `returning 1`, so both drivers agree. */
async function affected(db: Db, query: SQL): Promise<number> {
  return (await rowsOf<unknown>(db, sql`${query} returning 1`)).length;
}

type Pair = { s: number; t: number };

/** Both rows locked, in id order, and the merge rule checked again under the lock. */
async function lockPair(db: Db, practiceId: number, { s, t }: Pair) {
  const locked = await rowsOf<Locked>(
    db,
    sql`select id, is_group as "isGroup", merged_into_id as "mergedIntoId",
        record_status_id as "recordStatusId", memo, alert, portal_user_id as "portalUserId",
        portal_status as "portalStatus"
      from clients where practice_id = ${practiceId} and id in (${s}, ${t})
      order by id for update`,
  );
  const source = locked.find((r) => r.id === s);
  const target = locked.find((r) => r.id === t);
  if (!source || !target) throw notFound(CLIENT_NOT_FOUND);
  const problem = mergeProblem(source, target);
  if (problem) throw new AppError(problem.status, problem.message, problem.field);
  return { source, target };
}

/** Rows that simply change owner. */
const move = (db: Db, table: string, { s, t }: Pair) =>
  affected(db, sql`update ${sql.raw(table)} set client_id = ${t} where client_id = ${s}`);

/** Contact details: the target keeps its defaults; a moved default stays one only where the target has none. */
async function moveContactDetails(db: Db, pair: Pair) {
  const { s, t } = pair;
  const phones = await affected(
    db,
    sql`update client_phones set client_id = ${t},
        is_default = is_default and not exists (select 1 from client_phones p where p.client_id = ${t} and p.is_default)
      where client_id = ${s}`,
  );
  const emails = await affected(
    db,
    sql`update client_emails set client_id = ${t},
        is_default = is_default and not exists (select 1 from client_emails e where e.client_id = ${t} and e.is_default)
      where client_id = ${s}`,
  );
  const addresses = await affected(
    db,
    sql`update client_addresses set client_id = ${t},
        is_default = is_default and not exists (select 1 from client_addresses a where a.client_id = ${t} and a.is_default),
        is_mailing = is_mailing and not exists (select 1 from client_addresses a where a.client_id = ${t} and a.is_mailing)
      where client_id = ${s}`,
  );
  const contacts = await move(db, 'client_contacts', pair);
  return { phones, emails, addresses, contacts };
}

/** Diagnoses and therapist links, merged into the target's without duplicates. */
async function mergeCareLinks(db: Db, { s, t }: Pair) {
  // Diagnoses: codes the target already has are skipped; the rest follow the target's list in order.
  const diagnoses = await affected(
    db,
    sql`insert into client_diagnoses (client_id, code, position)
      select ${t}, d.code,
        (select coalesce(max(position), 0) from client_diagnoses where client_id = ${t})
          + row_number() over (order by d.position, d.code)
      from client_diagnoses d
      where d.client_id = ${s}
        and not exists (select 1 from client_diagnoses x where x.client_id = ${t} and x.code = d.code)`,
  );
  await db.execute(sql`delete from client_diagnoses where client_id = ${s}`);

  // Therapists: links the target lacks are added; where both have one, the target's status stays.
  const therapists = await affected(
    db,
    sql`insert into client_therapists (client_id, therapist_id, status, is_primary, created_at)
      select ${t}, ct.therapist_id, ct.status,
        ct.is_primary and not exists (select 1 from client_therapists p where p.client_id = ${t} and p.is_primary),
        ct.created_at
      from client_therapists ct where ct.client_id = ${s}
      on conflict (client_id, therapist_id) do nothing`,
  );
  await db.execute(sql`delete from client_therapists where client_id = ${s}`);
  return { diagnoses, therapists };
}

/** Group memberships, custodian records and forms: moved unless the target already has the same one. */
async function moveMemberships(db: Db, { s, t }: Pair) {
  const groupMemberships = await affected(
    db,
    sql`update client_group_members m set client_id = ${t}
      where m.client_id = ${s}
        and not exists (select 1 from client_group_members x where x.client_id = ${t} and x.group_client_id = m.group_client_id)`,
  );
  await db.execute(sql`delete from client_group_members where client_id = ${s}`);
  const custodianRecords = await affected(
    db,
    sql`update custodian_records r set client_id = ${t}
      where r.client_id = ${s}
        and not exists (select 1 from custodian_records x where x.client_id = ${t} and x.custodian_user_id = r.custodian_user_id)`,
  );
  await db.execute(sql`delete from custodian_records where client_id = ${s}`);
  // Forms: answered ones are documents and all move (a signed one can never be deleted); an
  // open one moves unless the kept record has the same form already.
  const forms = await affected(
    db,
    sql`update client_form_assignments f set client_id = ${t}
      where f.client_id = ${s}
        and (f.status not in ('assigned', 'in_progress')
             or not exists (select 1 from client_form_assignments x where x.client_id = ${t} and x.form_definition_id = f.form_definition_id))`,
  );
  await db.execute(sql`delete from client_form_assignments where client_id = ${s}`);
  for (const table of ['form_responses', 'form_revocations', 'measure_scores', 'measure_alerts'])
    await db.execute(
      sql`update ${sql.identifier(table)} set client_id = ${t} where client_id = ${s}`,
    );
  await db.execute(
    sql`delete from measure_schedules m where m.client_id = ${s}
          and exists (select 1 from measure_schedules x where x.client_id = ${t} and x.measure = m.measure)`,
  );
  await db.execute(sql`update measure_schedules set client_id = ${t} where client_id = ${s}`);
  return { groupMemberships, custodianRecords, forms };
}

/**
 * Marks the source Deleted and merged into the target, and combines the two
 * records' own fields: the memo is appended; the alert and the portal account
 * are taken only when the target has none.
 */
async function retireSource(db: Db, source: Locked, target: Locked, now: Date) {
  const sourceMemo = normaliseNoteText(source.memo);
  const targetMemo = normaliseNoteText(target.memo);
  const memo =
    sourceMemo === null
      ? targetMemo
      : targetMemo === null
        ? sourceMemo
        : `${targetMemo}\n\n${sourceMemo}`;
  const sourceAlert = normaliseNoteText(source.alert);
  const alertCopied = sourceAlert !== null && normaliseNoteText(target.alert) === null;
  const portalMoves = source.portalUserId !== null && target.portalUserId === null;

  await db.execute(
    sql`update clients set merged_into_id = ${target.id}, record_status_id = ${DELETED_RECORD_STATUS_ID},
        portal_user_id = ${portalMoves ? null : source.portalUserId},
        retention_snoozed_until = null, updated_at = ${now.toISOString()}::timestamptz
      where id = ${source.id}`,
  );
  await db.execute(
    sql`update clients set memo = ${memo},
        alert = ${alertCopied ? sourceAlert : target.alert},
        portal_user_id = ${portalMoves ? source.portalUserId : target.portalUserId},
        portal_status = ${portalMoves ? source.portalStatus : target.portalStatus},
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${target.id}`,
  );
  return { portalAccount: portalMoves ? 1 : 0, memoAppended: sourceMemo !== null, alertCopied };
}

/**
 * Moves everything the duplicate (source) holds to the record to keep (target)
 * in one transaction, then marks the source Deleted and merged into the target.
 * Both rows are locked first and the merge rule is checked again under the
 * lock, so two merges of the same records cannot interleave.
 */
export async function mergeClients(
  db: Db,
  input: { practiceId: number; sourceId: number; targetId: number; now: Date },
): Promise<MergeCounts> {
  const pair = { s: input.sourceId, t: input.targetId };
  return db.transaction(async (tx) => {
    const { source, target } = await lockPair(tx, input.practiceId, pair);
    const { phones, emails, addresses, contacts } = await moveContactDetails(tx, pair);
    const insurances = await move(tx, 'client_insurances', pair);
    const loginHistory = await move(tx, 'client_login_history', pair);
    const outboundEmails = await move(tx, 'outbound_emails', pair);
    const { diagnoses, therapists } = await mergeCareLinks(tx, pair);
    const { groupMemberships, custodianRecords, forms } = await moveMemberships(tx, pair);
    const { portalAccount, memoAppended, alertCopied } = await retireSource(
      tx,
      source,
      target,
      input.now,
    );
    return {
      phones,
      emails,
      addresses,
      contacts,
      insurances,
      diagnoses,
      therapists,
      groupMemberships,
      loginHistory,
      custodianRecords,
      forms,
      outboundEmails,
      portalAccount,
      memoAppended,
      alertCopied,
    };
  });
}
