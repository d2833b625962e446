import { formatMoney, formatUsDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';
import { statementSnapshot, type StatementSnapshot } from './statement-snapshot.ts';

export type StatementDeps = { db: Db; mailer: Mailer; publicUrl: string; now: Date };
export type StatementOwner = { practiceId: number; clientId: number; userId: number | null };
type Period = { from: string; to: string; email: boolean };

/** The largest batch one request makes (a practice's monthly run fits many times over). */
export const STATEMENT_BATCH_LIMIT = 2_000;

/**
 * The email of a statement: the amount due and where to sign in, nothing about care. The link
 * is the configured public address, never the request's Host.
 */
function statementEmail(s: StatementSnapshot, practiceName: string) {
  return {
    kind: 'billing_statement',
    subject: `Your statement from ${practiceName}`,
    text:
      `Hello ${s.client.name},\n\n` +
      `Your statement from ${practiceName} for ${formatUsDate(s.figures.from)} to ` +
      `${formatUsDate(s.figures.to)} is ready. Amount due: ${formatMoney(s.figures.amountDueCents)}.\n\n` +
      `To see it or pay online, sign in to the client portal: ${s.payLink}\n`,
  };
}

async function emailOf(db: Db, clientId: number): Promise<string | null> {
  const [row] = await rowsOf<{ email: string }>(
    db,
    sql`select email from client_emails where client_id = ${clientId}
        order by is_default desc, id limit 1`,
  );
  return row?.email ?? null;
}

/**
 * Makes one statement: the snapshot is stored as it is now and never changes; emailed when
 * asked and the client has an address (the delivery is then added to the row, once).
 */
export async function createStatement(
  deps: StatementDeps,
  owner: StatementOwner,
  period: Period,
): Promise<{ statementId: number; emailed: boolean }> {
  const snapshot = await statementSnapshot(deps.db, {
    ...owner,
    from: period.from,
    to: period.to,
    payLink: `${deps.publicUrl}/n/`,
  });
  const [row] = await rowsOf<{ id: number; practiceName: string }>(
    deps.db,
    sql`insert into billing_statements (practice_id, client_id, period_from, period_to, snapshot,
          closing_cents, amount_due_cents, created_by_user_id, created_at)
        values (${owner.practiceId}, ${owner.clientId}, ${period.from}, ${period.to},
          ${JSON.stringify(snapshot)}::jsonb, ${snapshot.figures.closingCents},
          ${snapshot.figures.amountDueCents}, ${owner.userId}, ${deps.now.toISOString()})
        returning id, (select name from practices where id = ${owner.practiceId}) as "practiceName"`,
  );
  if (!row) throw new Error('statement not written');
  const to = period.email ? await emailOf(deps.db, owner.clientId) : null;
  if (to === null) return { statementId: row.id, emailed: false };
  await deps.mailer.sendMail(deps.db, {
    practiceId: owner.practiceId,
    clientId: owner.clientId,
    to,
    ...statementEmail(snapshot, row.practiceName),
  });
  await deps.db.execute(
    sql`update billing_statements set emailed_to = ${to}, emailed_at = ${deps.now.toISOString()}
        where id = ${row.id}`,
  );
  return { statementId: row.id, emailed: true };
}

/**
 * A statement for every client with something to say for the period: activity in it, or a
 * balance other than zero at its end. Answers the clients it made statements for.
 */
export async function createStatementBatch(
  deps: StatementDeps,
  owner: { practiceId: number; userId: number | null },
  period: Period,
): Promise<{ clientIds: number[]; emailed: number; withoutEmail: number }> {
  const clients = await rowsOf<{ clientId: number }>(
    deps.db,
    sql`select e.client_id as "clientId" from ledger_entries e
        where e.practice_id = ${owner.practiceId}
          and coalesce(e.date_of_service, e.created_at::date) <= ${period.to}
        group by e.client_id
        having sum(case when e.kind in ('charge', 'refund') then e.amount_cents
                        when e.kind in ('payment', 'adjustment') then -e.amount_cents else 0 end) <> 0
            or bool_or(coalesce(e.date_of_service, e.created_at::date) >= ${period.from})
        order by e.client_id
        limit ${STATEMENT_BATCH_LIMIT}`,
  );
  let emailed = 0;
  for (const { clientId } of clients) {
    const made = await createStatement(deps, { ...owner, clientId }, period);
    if (made.emailed) emailed += 1;
  }
  return {
    clientIds: clients.map((c) => c.clientId),
    emailed,
    withoutEmail: period.email ? clients.length - emailed : 0,
  };
}
