import type { ACCESS_KINDS, ACCESS_SORTS } from '@openpractice/contracts/audit';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** What the access report calls each event (route-audit.ts writes it; older rows derive it). */
export type AccessKind = (typeof ACCESS_KINDS)[number];
export type AccessSort = (typeof ACCESS_SORTS)[number];

/**
 * The kind of a row: what the platform wrote in `detail.kind`, else read from
 * the action's name for rows written before routes declared their audit
 * (`client.profile_read` is a view, `client.searched` a list, ...).
 */
export const KIND_SQL = sql`coalesce(a.detail->>'kind', case
    when a.action like '%denied%' then 'denied'
    when a.action like '%export%' then 'export'
    when a.action like '%print%' then 'print'
    when a.action ~ '(_listed|searched|_report_read|_report_viewed)$' then 'list'
    when a.action ~ '(_read|_viewed|_checked|_lookup)$' then 'view'
    else 'change' end)`;

export type AccessFilter = {
  practiceId: number;
  timezone: string;
  from: string;
  to: string;
  patientId?: number | undefined;
  userId?: number | undefined;
  kind?: AccessKind | undefined;
  /** Set for reporting users who see only their own clients (not practice-wide). */
  ownClientIds: number[] | null;
};

export type AccessRow = {
  id: number;
  at: Date;
  action: string;
  kind: AccessKind;
  route: string | null;
  /** Why a denied attempt was refused. */
  reason: string | null;
  ip: string | null;
  clientIds: number[];
  actor: { id: number; name: string; username: string } | null;
  impersonator: { id: number; name: string; username: string } | null;
  impersonationReason: string | null;
};

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

function conditions(f: AccessFilter): SQL {
  const parts: SQL[] = [
    sql`a.practice_id = ${f.practiceId}`,
    // Client records only: rows that name a client, and client reads or refusals that named none.
    sql`(a.patient_id is not null or a.patient_ids is not null or a.action like 'client.%')`,
    sql`a.at >= (${f.from}::date::timestamp at time zone ${f.timezone})`,
    sql`a.at < ((${f.to}::date + 1)::timestamp at time zone ${f.timezone})`,
  ];
  // Both columns: one client read names patient_id, a list names them all in patient_ids (GIN).
  if (f.patientId !== undefined) {
    parts.push(sql`(a.patient_id = ${f.patientId} or a.patient_ids @> ${intArray([f.patientId])})`);
  }
  if (f.userId !== undefined) {
    parts.push(sql`(a.actor_user_id = ${f.userId} or a.impersonator_user_id = ${f.userId})`);
  }
  if (f.kind !== undefined) parts.push(sql`${KIND_SQL} = ${f.kind}`);
  if (f.ownClientIds !== null) {
    const own = intArray(f.ownClientIds);
    parts.push(sql`(a.patient_id = any(${own}) or a.patient_ids && ${own})`);
  }
  return sql.join(parts, sql` and `);
}

const ORDER: Record<AccessSort, SQL> = {
  time: sql`a.at`,
  user: sql`lower(au.last_name), lower(au.first_name)`,
  kind: sql`${KIND_SQL}`,
};

type Raw = {
  id: number | string;
  at: Date | string;
  action: string;
  kind: AccessKind;
  route: string | null;
  reason: string | null;
  ip: string | null;
  client_ids: number[] | null;
  actor_id: number | null;
  actor_first: string | null;
  actor_last: string | null;
  actor_username: string | null;
  imp_id: number | null;
  imp_first: string | null;
  imp_last: string | null;
  imp_username: string | null;
  imp_reason: string | null;
};

const person = (id: number | null, first: string | null, last: string | null, u: string | null) =>
  id === null || u === null
    ? null
    : { id, name: `${first ?? ''} ${last ?? ''}`.trim(), username: u };

/**
 * The practice's record-access events in a period, with who acted, through
 * which impersonation (and why, from `impersonations` by the two people and
 * the time) and which clients the row names.
 */
export async function accessEvents(
  db: Db,
  f: AccessFilter,
  page: { sort: AccessSort; direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: AccessRow[]; total: number }> {
  const where = conditions(f);
  const direction = sql.raw(page.direction === 'asc' ? 'asc' : 'desc');
  const [rows, counted] = await Promise.all([
    rowsOf<Raw>(
      db,
      sql`select a.id, a.at, a.action, ${KIND_SQL} as kind, a.detail->>'route' as route,
          a.detail->>'reason' as reason, a.ip,
          coalesce(a.patient_ids, case when a.patient_id is null then '{}'::int[] else array[a.patient_id] end) as client_ids,
          au.id as actor_id, au.first_name as actor_first, au.last_name as actor_last, au.username as actor_username,
          iu.id as imp_id, iu.first_name as imp_first, iu.last_name as imp_last, iu.username as imp_username,
          imp.reason as imp_reason
        from audit_log a
        left join users au on au.id = a.actor_user_id
        left join users iu on iu.id = a.impersonator_user_id
        left join lateral (
          select i.reason from impersonations i
          where a.impersonator_user_id is not null
            and i.support_user_id = a.impersonator_user_id and i.impersonated_user_id = a.actor_user_id
            and i.started_at <= a.at and a.at <= coalesce(i.ended_at, i.ends_at)
          order by i.started_at desc limit 1
        ) imp on true
        where ${where}
        order by ${ORDER[page.sort]} ${direction}, a.id ${direction}
        limit ${page.limit} offset ${page.offset}`,
    ),
    rowsOf<{ n: number | string }>(
      db,
      sql`select count(*) as n from audit_log a
          ${page.sort === 'user' ? sql`left join users au on au.id = a.actor_user_id` : sql``}
          where ${where}`,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at),
      action: r.action,
      kind: r.kind,
      route: r.route,
      reason: r.kind === 'denied' ? r.reason : null,
      ip: r.ip,
      clientIds: (r.client_ids ?? []).map(Number),
      actor: person(r.actor_id, r.actor_first, r.actor_last, r.actor_username),
      impersonator: person(r.imp_id, r.imp_first, r.imp_last, r.imp_username),
      impersonationReason: r.imp_reason,
    })),
    total: Number(counted[0]?.n ?? 0),
  };
}

/** The clients a user treats or supervises (the relation of client-gate.ts). */
export async function ownClientsOf(db: Db, practiceId: number, userId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct c.id from clients c join client_therapists ct on ct.client_id = c.id
        where c.practice_id = ${practiceId} and (
          ct.therapist_id in (select t.id from therapists t where t.user_id = ${userId})
          or ct.therapist_id in (select s.supervisee_therapist_id from therapist_supervisors s
            join therapists sup on sup.id = s.supervisor_therapist_id where sup.user_id = ${userId}))`,
  );
  return rows.map((r) => r.id);
}

export type ClientLabel = { id: number; name: string; accountNumber: number };

/** Names of the practice's clients among `ids`, one query for the page. */
export async function clientLabels(
  db: Db,
  practiceId: number,
  ids: number[],
): Promise<Map<number, ClientLabel>> {
  const labels = new Map<number, ClientLabel>();
  if (ids.length === 0) return labels;
  const rows = await rowsOf<{
    id: number;
    first_name: string;
    last_name: string;
    account_number: number;
  }>(
    db,
    sql`select id, first_name, last_name, account_number from clients
        where practice_id = ${practiceId} and id = any(${intArray(ids)})`,
  );
  for (const r of rows) {
    labels.set(r.id, {
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      accountNumber: r.account_number,
    });
  }
  return labels;
}
