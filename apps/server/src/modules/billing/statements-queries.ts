import type { statementDetail, statementRow } from '@openpractice/contracts/billing/statements';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import type { StatementSnapshot } from './statement-snapshot.ts';

type Row = z.output<typeof statementRow>;
type Stored = Omit<Row, 'delivery'> & { snapshot: StatementSnapshot; total: number };

const COLUMNS = sql`s.id as "statementId", s.client_id as "patientId",
  btrim(coalesce(c.last_name, '') || ', ' || coalesce(c.first_name, ''), ', ') as "clientName",
  to_char(s.period_from, 'YYYY-MM-DD') as "from", to_char(s.period_to, 'YYYY-MM-DD') as "to",
  s.closing_cents as "closingCents", s.amount_due_cents as "amountDueCents",
  s.created_at as "createdAt", s.emailed_at as "emailedAt",
  nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "createdBy"`;

const asRow = ({ snapshot: _snapshot, total: _total, ...row }: Stored): Row => ({
  ...row,
  delivery: row.emailedAt === null ? 'download' : 'email',
});

/** The statements report: what was made, for whom, when and how it went out; newest first. */
export async function listStatements(
  db: Db,
  input: { practiceId: number; patientId?: number | undefined; limit: number; offset: number },
): Promise<{ data: Row[]; total: number }> {
  const rows = await rowsOf<Stored>(
    db,
    sql`select ${COLUMNS}, null as snapshot, count(*) over ()::int as total
        from billing_statements s join clients c on c.id = s.client_id
        left join users u on u.id = s.created_by_user_id
        where s.practice_id = ${input.practiceId}
          ${input.patientId === undefined ? sql`` : sql`and s.client_id = ${input.patientId}`}
        order by s.created_at desc, s.id desc limit ${input.limit} offset ${input.offset}`,
  );
  return { data: rows.map(asRow), total: rows[0]?.total ?? 0 };
}

/** One statement of the practice with its snapshot, or undefined. */
export async function statementOf(
  db: Db,
  practiceId: number,
  statementId: number,
): Promise<{ row: Row; snapshot: StatementSnapshot } | undefined> {
  const [stored] = await rowsOf<Stored>(
    db,
    sql`select ${COLUMNS}, s.snapshot, 1 as total
        from billing_statements s join clients c on c.id = s.client_id
        left join users u on u.id = s.created_by_user_id
        where s.practice_id = ${practiceId} and s.id = ${statementId}`,
  );
  return stored ? { row: asRow(stored), snapshot: stored.snapshot } : undefined;
}

/** A statement as the page shows it after making it: the row and its figures. */
export function statementAnswer(found: {
  row: Row;
  snapshot: StatementSnapshot;
}): z.output<typeof statementDetail> {
  const { figures } = found.snapshot;
  return {
    ...found.row,
    openingCents: figures.openingCents,
    lines: figures.lines,
    aging: figures.aging,
  };
}

/** The client a statement is about (for the gate), or nothing outside the practice. */
export async function clientOfStatement(
  db: Db,
  practiceId: number,
  statementId: number,
): Promise<number[]> {
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from billing_statements
        where id = ${statementId} and practice_id = ${practiceId}`,
  );
  return rows.map((r) => r.clientId);
}
