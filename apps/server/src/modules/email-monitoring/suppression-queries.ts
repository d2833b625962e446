import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { emailSuppressions, users, type SuppressionReason } from '../../db/schema/index.ts';

export const sameAddress = (practiceId: number, email: string): SQL =>
  and(
    eq(emailSuppressions.practiceId, practiceId),
    sql`lower(${emailSuppressions.email}) = lower(${email})`,
  ) as SQL;

/** The practice's clients with this address (the audit row names them; the address itself is not kept there). */
export async function clientsWithAddress(
  db: Db,
  practiceId: number,
  emails: string[],
): Promise<number[]> {
  if (emails.length === 0) return [];
  const lowered = emails.map((e) => e.toLowerCase());
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct c.id from clients c join client_emails e on e.client_id = c.id
        where c.practice_id = ${practiceId} and lower(e.email) in (${sql.join(
          lowered.map((e) => sql`${e}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => r.id);
}

export const entryOf = (row: {
  email: string;
  reason: SuppressionReason;
  addedAt: Date;
  firstName: string | null;
  lastName: string | null;
}) => ({
  email: row.email,
  reason: row.reason,
  addedAt: row.addedAt.toISOString(),
  addedBy: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
});

const selectEntries = (db: Db) =>
  db
    .select({
      email: emailSuppressions.email,
      reason: emailSuppressions.reason,
      addedAt: emailSuppressions.addedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(emailSuppressions)
    .leftJoin(users, eq(users.id, emailSuppressions.addedByUserId));

/** One page of the practice's suppressed addresses (those containing `email`, if given) and their count. */
export async function searchSuppressions(
  db: Db,
  practiceId: number,
  q: { email?: string | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [eq(emailSuppressions.practiceId, practiceId)];
  if (q.email) {
    const part = q.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`lower(${emailSuppressions.email}) like ${`%${part}%`}`);
  }
  const [rows, [total]] = await Promise.all([
    selectEntries(db)
      .where(and(...where))
      .orderBy(asc(sql`lower(${emailSuppressions.email})`))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db
      .select({ n: count() })
      .from(emailSuppressions)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Puts the address on the list; already listed (in any letter case), the newer reason and adder replace the older. */
export async function listSuppression(
  db: Db,
  entry: {
    practiceId: number;
    email: string;
    reason: SuppressionReason;
    addedBy: number;
    at: Date;
  },
) {
  const { practiceId, email, reason, addedBy } = entry;
  const at = entry.at.toISOString();
  await db.execute(
    sql`insert into email_suppressions (practice_id, email, reason, added_by_user_id, added_at)
        values (${practiceId}, ${email}, ${reason}, ${addedBy}, ${at}::timestamptz)
        on conflict (practice_id, lower(email)) do update
          set reason = excluded.reason, added_by_user_id = excluded.added_by_user_id,
              added_at = excluded.added_at`,
  );
  const [row] = await selectEntries(db).where(sameAddress(practiceId, email));
  if (!row) throw new Error('suppression was not written');
  return row;
}
