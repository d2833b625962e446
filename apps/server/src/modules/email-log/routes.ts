import { REQUIRED_MESSAGE } from '@openpractice/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboundEmails } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { auditClientRecord, auditContext, recordAudit } from '../../platform/audit.ts';
import { gateClient } from '../../platform/client-gate.ts';

const MAX_ID = 2_147_483_647;
const id = z.coerce.number({ error: REQUIRED_MESSAGE }).int().positive().max(MAX_ID);

const outboundQuery = z.object({
  clientId: id.optional(),
  /** The spec's email monitoring names the client `userId`; either works. */
  userId: id.optional(),
  /** Practice-local calendar days, inclusive. */
  sentAfter: z.iso.date().optional(),
  sentBefore: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/**
 * The outbound email log of the practice (the mail adapter writes every
 * message here, sent or not), newest first, optionally for one client. The
 * body is shown only for messages the local adapter kept ('logged'): there it
 * is the practice's only copy; a sent or failed message's body can hold a live
 * sign-in link and is not repeated.
 */
export const emailLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/emailMonitoring/outbound',
    { config: { access: 'manager' }, schema: { querystring: outboundQuery } },
    async (request) => {
      const q = request.query;
      const practiceId = practiceScope(request);
      const clientId = q.clientId ?? q.userId;
      const where: SQL[] = [eq(outboundEmails.practiceId, practiceId)];
      if (clientId !== undefined) {
        const gate = await gateClient(app.db, request, clientId);
        where.push(eq(outboundEmails.clientId, gate.clientId));
      }
      const localDay = sql`(${outboundEmails.createdAt} at time zone (select p.timezone from practices p where p.id = ${practiceId}))::date`;
      if (q.sentAfter) where.push(sql`${localDay} >= ${q.sentAfter}::date`);
      if (q.sentBefore) where.push(sql`${localDay} <= ${q.sentBefore}::date`);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(outboundEmails)
          .where(and(...where))
          .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
          .limit(q.limit)
          .offset(q.offset),
        app.db
          .select({ n: count() })
          .from(outboundEmails)
          .where(and(...where)),
      ]);
      if (clientId !== undefined) {
        await auditClientRecord(app.db, request, {
          action: 'client.email_log_viewed',
          patientId: clientId,
        });
      } else {
        await recordAudit(app.db, {
          ...auditContext(request),
          action: 'practice.email_log_viewed',
        });
      }
      return {
        /** 'local': messages are kept here only and never leave the server. */
        mailer: app.mailer.kind,
        data: rows.map((r) => ({
          id: r.id,
          clientId: r.clientId,
          recipient: r.recipient,
          subject: r.subject,
          status: r.status,
          error: r.error,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          body: r.status === 'logged' ? r.body : null,
        })),
        total: total?.n ?? 0,
        offset: q.offset,
        limit: q.limit,
      };
    },
  );
};
