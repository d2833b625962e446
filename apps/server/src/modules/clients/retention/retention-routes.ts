import * as contract from '@openpractice/contracts/clients/retention';
import { snoozeUntil } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { badRequest } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { practiceDay } from '../../../platform/practice-day.ts';
import { isoDateField } from '../../../platform/validation.ts';
import { listRetention } from './retention-service.ts';
import { searchScope } from '../search/search-scope.ts';

/**
 * Retention (spec-2 §2 /client/retention): active clients with no upcoming
 * appointment, and snoozing one of them off the list until a date.
 */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.getRetention.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.retention_listed',
          // Reading a list is not a change, though the page asks with a POST.
          kind: 'list',
          returned: (result: { data: { patientId: number }[] }) =>
            result.data.map((r) => r.patientId),
        },
      },
      schema: contract.getRetention.schema,
    },
    async (request) => {
      const body = request.body;
      const scope = await searchScope(app.db, request, body.context);
      const { today, timezone } = await practiceDay(app.db, scope.practiceId, app.now());
      const page = await listRetention(app.db, scope, { ...body, today, timezone });
      return { ...page, limit: body.limit, offset: body.offset, today };
    },
  );

  app.post(
    contract.snoozeClientRetention.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.retention_snoozed',
          client: { body: 'patientId', need: 'hasSchedulingAccess' },
        },
      },
      schema: contract.snoozeClientRetention.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const { today } = await practiceDay(app.db, practiceScope(request), app.now());
      const requested = isoDateField(request.body.until, 'until');
      const decided = snoozeUntil(requested, today);
      if (!decided.ok) throw badRequest(decided.message, 'until');
      await app.db
        .update(clients)
        .set({ retentionSnoozedUntil: decided.until, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      noteAudit(request, { detail: { until: decided.until } });
      return { patientId: gate.clientId, until: decided.until };
    },
  );
};
