import type * as contract from '@openpractice/contracts/charting/records';
import {
  addendumStatusConstant,
  chartStatusConstant,
  chartStatusLabel,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';

type RecordRow = z.output<typeof contract.recordRow>;

/**
 * A client's notes and addenda, newest session first (issue 17 item 8), one page and the
 * total. Psychotherapy notes are never here: they are kept apart.
 */
export async function clientRecords(
  db: Db,
  input: {
    practiceId: number;
    clientId: number;
    therapistId?: number | undefined;
    type?: 'note' | 'addendum' | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ data: RecordRow[]; total: number }> {
  // Each kind is read newest first along its client index and only as far as the page
  // reaches, so a client with hundreds of notes costs about what one with a few does.
  const reach = input.offset + input.limit;
  const noteTherapist =
    input.therapistId === undefined ? sql`` : sql`and n.therapist_id = ${input.therapistId}`;
  const addendumTherapist =
    input.therapistId === undefined ? sql`` : sql`and d.therapist_id = ${input.therapistId}`;
  const notes = input.type === 'addendum' ? sql`and false` : sql``;
  const addenda = input.type === 'note' ? sql`and false` : sql``;
  const ofClient = sql`n.client_id = ${input.clientId} and n.practice_id = ${input.practiceId}`;
  const rows = await rowsOf<Omit<RecordRow, 'statusConstant' | 'statusLabel'> & { total: number }>(
    db,
    sql`with note_rows as (
          select 'note' as type, n.id as "noteId", null::int as "addendumId", n.session_at as "sessionAt",
                 n.therapist_id, n.template_id, n.status, n.updated_at as "updatedAt"
          from chart_notes n
          where ${ofClient} and n.kind = 'progress' ${noteTherapist} ${notes}
          order by n.session_at desc, n.id desc
          limit ${reach}
        ), addendum_rows as (
          select 'addendum' as type, n.id as "noteId", d.id as "addendumId", n.session_at as "sessionAt",
                 d.therapist_id, null::int as template_id, d.status, d.updated_at as "updatedAt"
          from chart_addenda d join chart_notes n on n.id = d.note_id
          where ${ofClient} ${addendumTherapist} ${addenda}
          order by n.session_at desc, n.id desc, d.id
          limit ${reach}
        ), page as (
          select * from note_rows union all select * from addendum_rows
          order by "sessionAt" desc, "noteId" desc, "addendumId" nulls first
          limit ${input.limit} offset ${input.offset}
        )
        select r.type, r."noteId", r."addendumId", r."sessionAt", r.therapist_id as "therapistId",
               btrim(th.first_name || ' ' || th.last_name) as "therapistName",
               coalesce(t.name, 'Addendum') as "templateName", r.status, r."updatedAt",
               ((select count(*) from chart_notes n
                  where ${ofClient} and n.kind = 'progress' ${noteTherapist} ${notes})
                + (select count(*) from chart_addenda d join chart_notes n on n.id = d.note_id
                  where ${ofClient} ${addendumTherapist} ${addenda}))::int as total
        from page r join therapists th on th.id = r.therapist_id
          left join note_templates t on t.id = r.template_id
        order by r."sessionAt" desc, r."noteId" desc, r."addendumId" nulls first`,
  );
  const data = rows.map(({ total: _total, ...row }) => {
    const constant =
      row.type === 'note' ? chartStatusConstant(row.status) : addendumStatusConstant(row.status);
    const locked = row.status === 'locked';
    return {
      ...row,
      statusConstant: constant,
      statusLabel: locked ? 'Signed and locked' : chartStatusLabel(constant),
    };
  });
  return { data, total: rows[0]?.total ?? 0 };
}
