import * as contract from '@openpractice/contracts/email-monitoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSuppressions } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import {
  clientsWithAddress,
  entryOf,
  listSuppression,
  sameAddress,
  searchSuppressions,
} from './suppression-queries.ts';

export const NOT_SUPPRESSED = 'That address is not on the suppression list.';

/**
 * The suppression list (spec-1 §7 getSuppressed, addSuppressed,
 * removeSuppressed): addresses the mail adapter never sends to. The list is
 * practice-wide, so it is for practice-wide reporting users.
 */
export const suppressionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getSuppressed.path,
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'practice.email_suppressions_read', kind: 'list' },
      },
      schema: contract.getSuppressed.schema,
    },
    async (request) => {
      const q = request.query;
      const practiceId = practiceScope(request);
      const { rows, total } = await searchSuppressions(app.db, practiceId, q);
      noteAudit(request, {
        patientIds: await clientsWithAddress(
          app.db,
          practiceId,
          rows.map((r) => r.email),
        ),
      });
      return { data: rows.map(entryOf), total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.put(
    contract.addSuppressed.path,
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'practice.email_suppression_added', kind: 'change' },
      },
      schema: contract.addSuppressed.schema,
    },
    async (request) => {
      const { email, reason } = request.body;
      const practiceId = practiceScope(request);
      const row = await listSuppression(app.db, {
        practiceId,
        email,
        reason,
        addedBy: authOf(request).user.id,
        at: app.now(),
      });
      noteAudit(request, {
        patientIds: await clientsWithAddress(app.db, practiceId, [email]),
        detail: { reason },
      });
      return entryOf(row);
    },
  );

  app.delete(
    contract.removeSuppressed.path,
    {
      config: {
        access: 'practiceWideReporting',
        audit: { action: 'practice.email_suppression_removed', kind: 'change' },
      },
      schema: contract.removeSuppressed.schema,
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
