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
  const therapist =
    input.therapistId === undefined ? sql`` : sql`and therapist_id = ${input.therapistId}`;
  const type = input.type === undefined ? sql`` : sql`and type = ${input.type}`;
  const rows = await rowsOf<Omit<RecordRow, 'statusConstant' | 'statusLabel'> & { total: number }>(
    db,
    sql`with records as (
          select 'note' as type, n.id as "noteId", null::int as "addendumId", n.session_at as "sessionAt",
                 n.therapist_id, t.name as "templateName", n.status, n.updated_at as "updatedAt"
          from chart_notes n join note_templates t on t.id = n.template_id
          where n.client_id = ${input.clientId} and n.practice_id = ${input.practiceId} and n.kind = 'progress'
          union all
          select 'addendum', n.id, d.id, n.session_at, d.therapist_id, 'Addendum', d.status, d.updated_at
          from chart_addenda d join chart_notes n on n.id = d.note_id
          where n.client_id = ${input.clientId} and n.practice_id = ${input.practiceId}
        )
        select r.type, r."noteId", r."addendumId", r."sessionAt", r.therapist_id as "therapistId",
               btrim(th.first_name || ' ' || th.last_name) as "therapistName", r."templateName",
               r.status, r."updatedAt", count(*) over ()::int as total
        from records r join therapists th on th.id = r.therapist_id
        where true ${therapist} ${type}
        order by r."sessionAt" desc, r."noteId" desc, r."addendumId" nulls first
        limit ${input.limit} offset ${input.offset}`,
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
