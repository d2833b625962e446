import type { EMAIL_STATUSES } from '@openpractice/contracts/email-monitoring';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, outboundEmails } from '../../db/schema/index.ts';
import { accessTo, ownClientIds, type EmailViewer } from './viewer.ts';

export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Bodies the app may repeat: kept only here ('logged') or never delivered ('suppressed'). A sent body can hold a live sign-in link. */
const BODY_KEPT: ReadonlySet<string> = new Set(['logged', 'suppressed']);

export type EmailSearch = {
  clientId?: number | undefined;
  /** Part of the recipient's address, any letter case. */
  email?: string | undefined;
  status?: EmailStatus | undefined;
  kind?: string | undefined;
  /** Practice-local calendar days, both included. */
  sentAfter?: string | undefined;
  sentBefore?: string | undefined;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

export type EmailRow = {
  id: number;
  clientId: number | null;
  /** Null when the caller may not see the client's name (never for the client searched). */
  clientName: string | null;
  recipient: string;
  subject: string;
  kind: string | null;
  status: EmailStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Null unless the message was not delivered and the caller may see the client's record details. */
  body: string | null;
};

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The practice's outbound email, newest first unless asked, one page and the total. */
export async function searchEmails(
  db: Db,
  viewer: EmailViewer,
  q: EmailSearch,
): Promise<{ rows: EmailRow[]; total: number }> {
  const where: SQL[] = [eq(outboundEmails.practiceId, viewer.practiceId)];
  if (q.clientId !== undefined) where.push(eq(outboundEmails.clientId, q.clientId));
  else if (!viewer.practiceWide) {
    where.push(sql`${outboundEmails.clientId} in ${ownClientIds(viewer.userId)}`);
  }
  if (q.email) {
    where.push(
      sql`lower(${outboundEmails.recipient}) like ${`%${likeEscaped(q.email.trim().toLowerCase())}%`}`,
    );
  }
  if (q.status) where.push(eq(outboundEmails.status, q.status));
  if (q.kind) where.push(eq(outboundEmails.kind, q.kind));
  const localDay = sql`(${outboundEmails.createdAt} at time zone (select p.timezone from practices p where p.id = ${viewer.practiceId}))::date`;
  if (q.sentAfter) where.push(sql`${localDay} >= ${q.sentAfter}::date`);
  if (q.sentBefore) where.push(sql`${localDay} <= ${q.sentBefore}::date`);
  const order = q.direction === 'asc' ? asc : desc;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        email: outboundEmails,
        firstName: clients.firstName,
        lastName: clients.lastName,
      })
      .from(outboundEmails)
      .leftJoin(clients, eq(clients.id, outboundEmails.clientId))
      .where(and(...where))
      .orderBy(order(outboundEmails.createdAt), order(outboundEmails.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(outboundEmails)
      .where(and(...where)),
  ]);

  const clientIds = [
    ...new Set(rows.flatMap((r) => (r.email.clientId === null ? [] : [r.email.clientId]))),
  ];
  const access = await accessTo(db, viewer, clientIds);
  return {
    rows: rows.map(({ email: r, firstName, lastName }) => {
      const seen = r.clientId === null ? undefined : access.get(r.clientId);
      const mayReadBody =
        r.clientId === null ? viewer.practiceWide : (seen?.hasDemographicAccess ?? false);
      return {
        id: r.id,
        clientId: r.clientId,
        clientName:
          seen?.canView && firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
        recipient: r.recipient,
        subject: r.subject,
        kind: r.kind,
        status: r.status,
        error: r.error,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        body: mayReadBody && BODY_KEPT.has(r.status) ? r.body : null,
      };
    }),
    total: total?.n ?? 0,
  };
}
