import { DELETED_RECORD_STATUS_ID, mergeProblem, normaliseNoteText } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { CLIENT_NOT_FOUND } from '../../platform/client-gate.ts';

export type MergeCounts = {
  phones: number;
  emails: number;
  addresses: number;
  contacts: number;
  insurances: number;
  diagnoses: number;
  therapists: number;
  groupMemberships: number;
  loginHistory: number;
  custodianRecords: number;
  /** Form assignments the kept record did not have. */
  forms: number;
  outboundEmails: number;
  portalAccount: number;
  memoAppended: boolean;
  alertCopied: boolean;
};

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
  const { sourceId: s, targetId: t } = input;
  return db.transaction(async (tx) => {
    const locked = await rowsOf<Locked>(
      tx,
      sql`select id, is_group as "isGroup", merged_into_id as "mergedIntoId",
          record_status_id as "recordStatusId", memo, alert, portal_user_id as "portalUserId",
          portal_status as "portalStatus"
        from clients where practice_id = ${input.practiceId} and id in (${s}, ${t})
        order by id for update`,
    );
    const source = locked.find((r) => r.id === s);
    const target = locked.find((r) => r.id === t);
    if (!source || !target) throw notFound(CLIENT_NOT_FOUND);
    const problem = mergeProblem(source, target);
    if (problem) throw new AppError(problem.status, problem.message, problem.field);

    const move = (table: string) =>
      affected(tx, sql`update ${sql.raw(table)} set client_id = ${t} where client_id = ${s}`);

    // Contact details: the target keeps its defaults; a moved default stays one only where the target has none.
    const phones = await affected(
      tx,
      sql`update client_phones set client_id = ${t},
          is_default = is_default and not exists (select 1 from client_phones p where p.client_id = ${t} and p.is_default)
        where client_id = ${s}`,
    );
    const emails = await affected(
      tx,
      sql`update client_emails set client_id = ${t},
          is_default = is_default and not exists (select 1 from client_emails e where e.client_id = ${t} and e.is_default)
        where client_id = ${s}`,
    );
    const addresses = await affected(
      tx,
      sql`update client_addresses set client_id = ${t},
          is_default = is_default and not exists (select 1 from client_addresses a where a.client_id = ${t} and a.is_default),
          is_mailing = is_mailing and not exists (select 1 from client_addresses a where a.client_id = ${t} and a.is_mailing)
        where client_id = ${s}`,
    );
    const contacts = await move('client_contacts');
    const insurances = await move('client_insurances');
    const loginHistory = await move('client_login_history');
    const outboundEmails = await move('outbound_emails');

    // Diagnoses: codes the target already has are skipped; the rest follow the target's list in order.
    const diagnoses = await affected(
      tx,
      sql`insert into client_diagnoses (client_id, code, position)
        select ${t}, d.code,
          (select coalesce(max(position), 0) from client_diagnoses where client_id = ${t})
            + row_number() over (order by d.position, d.code)
        from client_diagnoses d
        where d.client_id = ${s}
          and not exists (select 1 from client_diagnoses x where x.client_id = ${t} and x.code = d.code)`,
    );
    await tx.execute(sql`delete from client_diagnoses where client_id = ${s}`);

    // Therapists: links the target lacks are added; where both have one, the target's status stays.
    const therapists = await affected(
      tx,
      sql`insert into client_therapists (client_id, therapist_id, status, is_primary, created_at)
        select ${t}, ct.therapist_id, ct.status,
          ct.is_primary and not exists (select 1 from client_therapists p where p.client_id = ${t} and p.is_primary),
          ct.created_at
        from client_therapists ct where ct.client_id = ${s}
        on conflict (client_id, therapist_id) do nothing`,
    );
    await tx.execute(sql`delete from client_therapists where client_id = ${s}`);

    // Group memberships and custodian records: moved unless the target already has the same one.
    const groupMemberships = await affected(
      tx,
      sql`update client_group_members m set client_id = ${t}
        where m.client_id = ${s}
          and not exists (select 1 from client_group_members x where x.client_id = ${t} and x.group_client_id = m.group_client_id)`,
    );
    await tx.execute(sql`delete from client_group_members where client_id = ${s}`);
    const custodianRecords = await affected(
      tx,
      sql`update custodian_records r set client_id = ${t}
        where r.client_id = ${s}
          and not exists (select 1 from custodian_records x where x.client_id = ${t} and x.custodian_user_id = r.custodian_user_id)`,
    );
    await tx.execute(sql`delete from custodian_records where client_id = ${s}`);
    // Forms: moved unless the kept record has the same form (pending or completed) already.
    const forms = await affected(
      tx,
      sql`update client_form_assignments f set client_id = ${t}
        where f.client_id = ${s}
          and not exists (select 1 from client_form_assignments x where x.client_id = ${t} and x.form_definition_id = f.form_definition_id)`,
    );
    await tx.execute(sql`delete from client_form_assignments where client_id = ${s}`);

    // Memo is appended; the alert and the portal account are taken only when the target has none.
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

    await tx.execute(
      sql`update clients set merged_into_id = ${t}, record_status_id = ${DELETED_RECORD_STATUS_ID},
          portal_user_id = ${portalMoves ? null : source.portalUserId},
          retention_snoozed_until = null, updated_at = ${input.now.toISOString()}::timestamptz
        where id = ${s}`,
    );
    await tx.execute(
      sql`update clients set memo = ${memo},
          alert = ${alertCopied ? sourceAlert : target.alert},
          portal_user_id = ${portalMoves ? source.portalUserId : target.portalUserId},
          portal_status = ${portalMoves ? source.portalStatus : target.portalStatus},
          updated_at = ${input.now.toISOString()}::timestamptz
        where id = ${t}`,
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
      portalAccount: portalMoves ? 1 : 0,
      memoAppended: sourceMemo !== null,
      alertCopied,
    };
  });
}
