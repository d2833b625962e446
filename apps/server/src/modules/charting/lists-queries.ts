import type * as contract from '@openpractice/contracts/charting/records';
import { addendumStatusConstant, chartStatusConstant, type NoteStatus } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';

type Item = z.output<typeof contract.chartingListItem>;
type ListName = (typeof contract.CHARTING_LISTS)[number];

/** At most this many rows per list; the count and the oldest age cover them all. */
const LIST_LIMIT = 100;

type Raw = Omit<
  Item,
  'status' | 'daysOld' | 'is_reviewer' | 'is_provider' | 'therapist_is_current_user'
> & {
  rawStatus: NoteStatus | null;
  therapistId: number;
  total: number;
  oldest: Date | null;
};

const clientName = sql`btrim(coalesce(nullif(btrim(c.nick_name), ''), c.first_name) || ' ' || c.last_name)`;
const therapistName = sql`btrim(t.first_name || ' ' || t.last_name)`;

/** The SQL of each list, for the caller's therapist record `me`. */
function listSql(list: ListName, me: number, since: Date): SQL {
  const notes = (where: SQL) => sql`
    select 'chart' as type, n.id as "noteId", null::int as "addendumId", n.attendee_id as "attendeeId",
           n.client_id as "patientId", ${clientName} as "clientName", n.session_at as date,
           n.status as "rawStatus", ${therapistName} as therapist_name, n.therapist_id as "therapistId"
    from chart_notes n join clients c on c.id = n.client_id join therapists t on t.id = n.therapist_id
    where n.kind = 'progress' and ${where}`;
  const addenda = (where: SQL) => sql`
    select 'addendum', n.id, d.id, n.attendee_id, n.client_id, ${clientName}, n.session_at,
           d.status, ${therapistName}, d.therapist_id
    from chart_addenda d join chart_notes n on n.id = d.note_id
    join clients c on c.id = n.client_id join therapists t on t.id = d.therapist_id
    where ${where}`;
  switch (list) {
    case 'uncharted':
      return sql`
        select 'appointment' as type, null::int as "noteId", null::int as "addendumId",
               a.id as "attendeeId", a.client_id as "patientId", ${clientName} as "clientName",
               e.start_at as date, null::text as "rawStatus", ${therapistName} as therapist_name,
               e.therapist_id as "therapistId"
        from calendar_events e
        join calendar_event_attendees a on a.event_id = e.id
        join clients c on c.id = a.client_id join therapists t on t.id = e.therapist_id
        where e.therapist_id = ${me} and t.uses_charting and e.type = 'appointment'
          and e.cancelled_at is null and a.attended and e.start_at < ${since.toISOString()}
          and not exists (select 1 from chart_notes n where n.event_id = e.id and n.client_id = a.client_id)`;
    case 'incomplete':
      return notes(sql`n.therapist_id = ${me} and n.status = 'draft'`);
    case 'returned':
      return sql`${notes(sql`n.therapist_id = ${me} and n.status = 'feedback'`)}
        union all ${addenda(sql`d.therapist_id = ${me} and d.status = 'feedback'`)}`;
    case 'awaitingReview':
      return sql`${notes(sql`n.reviewer_therapist_id = ${me} and n.status = 'pendingreview'`)}
        union all ${addenda(sql`d.reviewer_therapist_id = ${me} and d.status = 'pendingreview'`)}`;
    case 'addendaPending':
      return addenda(sql`d.therapist_id = ${me} and d.status in ('draft', 'feedback')`);
  }
}

const DAY_MS = 86_400_000;

/** A dashboard charting list (issue 17 item 9): rows, how many, and the oldest's age in days. */
export async function chartingList(
  db: Db,
  list: ListName,
  me: { therapistId: number | null; practiceId: number },
  now: Date,
): Promise<{ items: Item[]; count: number; oldestDays: number | null }> {
  if (me.therapistId === null) return { items: [], count: 0, oldestDays: null };
  const rows = await rowsOf<Raw>(
    db,
    sql`select l.*, count(*) over ()::int as total, min(l.date) over () as oldest
        from (${listSql(list, me.therapistId, now)}) l
        order by l.date, l."noteId" nulls last
        limit ${LIST_LIMIT}`,
  );
  const daysSince = (at: Date | string) =>
    Math.floor((now.getTime() - new Date(at).getTime()) / DAY_MS);
  const items = rows.map((r): Item => ({
    type: r.type,
    noteId: r.noteId,
    addendumId: r.addendumId,
    attendeeId: r.attendeeId,
    patientId: r.patientId,
    clientName: r.clientName,
    date: r.date,
    status:
      r.rawStatus === null
        ? null
        : r.type === 'addendum'
          ? addendumStatusConstant(r.rawStatus)
          : chartStatusConstant(r.rawStatus),
    therapist_name: r.therapist_name,
    is_reviewer: list === 'awaitingReview',
    is_provider: r.therapistId === me.therapistId,
    therapist_is_current_user: r.therapistId === me.therapistId,
    daysOld: daysSince(r.date),
  }));
  const first = rows[0];
  return {
    items,
    count: first?.total ?? 0,
    oldestDays: first?.oldest ? daysSince(first.oldest) : null,
  };
}
