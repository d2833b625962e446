import * as contract from '@openpractice/contracts/email-monitoring';
import { hasRole } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/access.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { searchEmails, type EmailRow } from './search-queries.ts';
import { viewerOf } from './viewer.ts';

export const SEARCH_NEEDS_REPORTING =
  'Searching all of the practice email needs the reporting role; open a client to see theirs.';
export const PERIOD_ORDER = 'The start of the period must be on or before its end.';

const clientIdsOf = (result: { data: EmailRow[] }) =>
  result.data.flatMap((row) => (row.clientId === null ? [] : [row.clientId]));

function checkPeriod(q: { sentAfter?: string | undefined; sentBefore?: string | undefined }) {
  if (q.sentAfter && q.sentBefore && q.sentAfter > q.sentBefore) {
    throw badRequest(PERIOD_ORDER, 'sentAfter');
  }
}

/**
 * Email monitoring (spec-1 §7 `emailMonitoring/search`): the practice's
 * outgoing email, sent or not, for the audit page and for one client's
 * record. Every client whose email is on the answer is audited as read.
 */
export const emailSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.searchEmails.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.email_log_viewed',
          client: { query: 'userId', optional: true },
          returned: clientIdsOf,
        },
      },
      schema: contract.searchEmails.schema,
    },
    async (request) => {
      const q = request.query;
      checkPeriod(q);
      const viewer = viewerOf(request);
      // One client's email: the client gate already passed. All of it: reporting.
      if (q.userId === undefined) {
        if (!hasRole(authOf(request).user.authorities, 'reporting')) {
          throw forbidden(SEARCH_NEEDS_REPORTING);
        }
        noteAudit(request, { action: 'client.email_log_searched' });
      }
      const { rows, total } = await searchEmails(app.db, viewer, {
        clientId: q.userId,
        email: q.email,
        status: q.status,
        kind: q.kind,
        sentAfter: q.sentAfter,
        sentBefore: q.sentBefore,
        direction: q.direction,
        limit: q.pageSize,
        offset: q.page * q.pageSize,
      });
      const { timezone } = await practiceDay(app.db, viewer.practiceId, app.now());
      noteAudit(request, { detail: { emailIds: rows.map((r) => r.id) } });
      return {
        /** 'local': messages are kept here only and never leave the server. */
        mailer: app.mailer.kind,
        data: rows,
        total,
        page: q.page,
        pageSize: q.pageSize,
        timezone,
        scope:
          q.userId !== undefined || viewer.practiceWide
            ? ('practice' as const)
            : ('ownClients' as const),
      };
    },
  );

  /** The first email log call (managers; limit and offset), kept for the pages that use it. */
  app.get(
    contract.outboundEmails.path,
    {
      config: {
        access: 'manager',
        audit: {
          action: 'client.email_log_viewed',
          client: {
            resolve: async (_db, request: FastifyRequest) => {
              const q = request.query as { clientId?: number; userId?: number };
              const id = q.clientId ?? q.userId;
              return id === undefined ? [] : [id];
            },
          },
          returned: clientIdsOf,
        },
      },
      schema: contract.outboundEmails.schema,
    },
    async (request) => {
      const q = request.query;
      checkPeriod(q);
      const clientId = q.clientId ?? q.userId;
      if (clientId === undefined) noteAudit(request, { action: 'client.email_log_searched' });
      // Managers see the whole practice's log, as before reporting existed.
      const viewer = { ...viewerOf(request), practiceWide: true };
      const { rows, total } = await searchEmails(app.db, viewer, {
        clientId,
        sentAfter: q.sentAfter,
        sentBefore: q.sentBefore,
        direction: 'desc',
        limit: q.limit,
        offset: q.offset,
      });
      return { mailer: app.mailer.kind, data: rows, total, offset: q.offset, limit: q.limit };
    },
  );
};
