import { email as emailRule, REQUIRED_MESSAGE } from '@openpractice/domain';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { emailSuppressions, SUPPRESSION_REASONS, users } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { PAGE_SIZES } from './search-routes.ts';

export const NOT_SUPPRESSED = 'That address is not on the suppression list.';

/** An address as typed: trimmed, one that mail could go to. */
const address = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .max(254)
  .superRefine((value, context) => {
    const verdict = value === '' ? REQUIRED_MESSAGE : emailRule(value);
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict });
  });

const listQuery = z.object({
  /** Part of an address, any letter case; absent lists them all. */
  email: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'expected 10, 25, 50 or 100')
    .default(25),
});

const addBody = z.object({
  email: address,
  /** spec-1 §7: the reason defaults to COMPLAINT. */
  reason: z.enum(SUPPRESSION_REASONS).default('COMPLAINT'),
});

const sameAddress = (practiceId: number, email: string): SQL =>
  and(
    eq(emailSuppressions.practiceId, practiceId),
    sql`lower(${emailSuppressions.email}) = lower(${email})`,
  ) as SQL;

/** The practice's clients with this address (the audit row names them; the address itself is not kept there). */
async function clientsWithAddress(db: Db, practiceId: number, emails: string[]): Promise<number[]> {
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

const entryOf = (row: {
  email: string;
  reason: string;
  addedAt: Date;
  firstName: string | null;
  lastName: string | null;
}) => ({
  email: row.email,
  reason: row.reason,
  addedAt: row.addedAt.toISOString(),
  addedBy: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
});

/**
 * The suppression list (spec-1 §7 getSuppressed, addSuppressed,
 * removeSuppressed): addresses the mail adapter never sends to. The list is
 * practice-wide, so it is for practice-wide reporting users.
 */
export const suppressionRoutes: FastifyPluginAsyncZod = async (app) => {
  const selectEntries = () =>
    app.db
      .select({
        email: emailSuppressions.email,
        reason: emailSuppressions.reason,
        addedAt: emailSuppressions.addedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(emailSuppressions)
      .leftJoin(users, eq(users.id, emailSuppressions.addedByUserId));

  app.get(
    '/emailMonitoring/getSuppressed',
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'practice.email_suppressions_read', kind: 'list' },
      },
      schema: { querystring: listQuery },
    },
    async (request) => {
      const q = request.query;
      const practiceId = practiceScope(request);
      const where: SQL[] = [eq(emailSuppressions.practiceId, practiceId)];
      if (q.email) {
        const part = q.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
        where.push(sql`lower(${emailSuppressions.email}) like ${`%${part}%`}`);
      }
      const [rows, [total]] = await Promise.all([
        selectEntries()
          .where(and(...where))
          .orderBy(asc(sql`lower(${emailSuppressions.email})`))
          .limit(q.pageSize)
          .offset(q.page * q.pageSize),
        app.db
          .select({ n: count() })
          .from(emailSuppressions)
          .where(and(...where)),
      ]);
      noteAudit(request, {
        patientIds: await clientsWithAddress(
          app.db,
          practiceId,
          rows.map((r) => r.email),
        ),
      });
      return { data: rows.map(entryOf), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
    },
  );

  app.put(
    '/emailMonitoring/addSuppressed',
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'practice.email_suppression_added', kind: 'change' },
      },
      schema: { body: addBody },
    },
    async (request) => {
      const { email, reason } = request.body;
      const practiceId = practiceScope(request);
      const addedBy = authOf(request).user.id;
      const at = app.now().toISOString();
      // Already listed (in any letter case): the newer reason and adder replace the older.
      await app.db.execute(
        sql`insert into email_suppressions (practice_id, email, reason, added_by_user_id, added_at)
            values (${practiceId}, ${email}, ${reason}, ${addedBy}, ${at}::timestamptz)
            on conflict (practice_id, lower(email)) do update
              set reason = excluded.reason, added_by_user_id = excluded.added_by_user_id,
                  added_at = excluded.added_at`,
      );
      const [row] = await selectEntries().where(sameAddress(practiceId, email));
      if (!row) throw new Error('suppression was not written');
      noteAudit(request, {
        patientIds: await clientsWithAddress(app.db, practiceId, [email]),
        detail: { reason },
      });
      return entryOf(row);
    },
  );

  app.delete(
    '/emailMonitoring/removeSuppressed',
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'practice.email_suppression_removed', kind: 'change' },
      },
      schema: { querystring: z.object({ email: address }) },
    },
    async (request) => {
      const { email } = request.query;
      const practiceId = practiceScope(request);
      const removed = await app.db
        .delete(emailSuppressions)
        .where(sameAddress(practiceId, email))
        .returning({ reason: emailSuppressions.reason });
      if (removed.length === 0) throw notFound(NOT_SUPPRESSED);
      noteAudit(request, {
        patientIds: await clientsWithAddress(app.db, practiceId, [email]),
        detail: { reason: removed[0]?.reason },
      });
      return { email, status: 'removed' as const };
    },
  );
};
