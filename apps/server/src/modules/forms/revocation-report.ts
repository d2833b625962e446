import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * `/n/reporting/audit/documentRevocations` (issue 18 item 4): the practice's revocations,
 * newest first, filtered by day (in the practice's time zone), client and who revoked, with
 * the total for paging; and the same rows as CSV.
 */
export type RevocationFilter = {
  practiceId: number;
  from?: string | undefined;
  to?: string | undefined;
  patientId?: number | undefined;
  revokedBy?: 'client' | 'staff' | undefined;
};

export type RevocationRow = {
  id: number;
  revokedAt: Date;
  patientId: number;
  clientName: string;
  formName: string;
  assignmentId: number;
  signedAt: Date | null;
  revokedByRole: 'client' | 'staff';
  revokedBy: string | null;
  reason: string;
  ip: string | null;
};

function whereOf(filter: RevocationFilter): SQL {
  const zone = sql`(select ps.timezone from practices ps where ps.id = ${filter.practiceId})`;
  const parts = [sql`r.practice_id = ${filter.practiceId}`];
  if (filter.from)
    parts.push(sql`(r.revoked_at at time zone ${zone})::date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`(r.revoked_at at time zone ${zone})::date <= ${filter.to}::date`);
  if (filter.patientId) parts.push(sql`r.client_id = ${filter.patientId}`);
  if (filter.revokedBy) parts.push(sql`r.revoked_by_role = ${filter.revokedBy}`);
  return sql.join(parts, sql` and `);
}

export async function revocationPage(
  db: Db,
  filter: RevocationFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(filter);
  const rows = await rowsOf<RevocationRow & { total: number }>(
    db,
    sql`select r.id, r.revoked_at as "revokedAt", r.client_id as "patientId",
          btrim(c.first_name || ' ' || c.last_name) as "clientName", r.form_name as "formName",
          r.assignment_id as "assignmentId", fr.signed_at as "signedAt", r.revoked_by_role as "revokedByRole",
          nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "revokedBy",
          r.reason, r.ip, count(*) over ()::int as total
        from form_revocations r
        join clients c on c.id = r.client_id
        left join users u on u.id = r.revoked_by_user_id
        left join form_responses fr on fr.assignment_id = r.assignment_id
        where ${where}
        order by r.revoked_at desc, r.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
  const total = rows[0]?.total ?? (page.offset > 0 ? await countOf(db, where) : 0);
  return { data: rows.map(({ total: _total, ...row }) => row), total };
}

async function countOf(db: Db, where: SQL) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from form_revocations r where ${where}`,
  );
  return row?.n ?? 0;
}

const CSV_HEADER = [
  'Revoked at (UTC)',
  'Client',
  'Form',
  'Signed at (UTC)',
  'Revoked by',
  'Who',
  'Reason',
  'Address',
];

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula gets a leading apostrophe.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function revocationsCsv(rows: RevocationRow[]): string {
  const lines = [
    CSV_HEADER,
    ...rows.map((r) => [
      r.revokedAt instanceof Date ? r.revokedAt.toISOString() : String(r.revokedAt),
      r.clientName,
      r.formName,
      r.signedAt ? new Date(r.signedAt).toISOString() : '',
      r.revokedByRole,
      r.revokedBy,
      r.reason,
      r.ip,
    ]),
  ];
  return lines.map((line) => `${line.map(cell).join(',')}\r\n`).join('');
}
