import * as contract from '@openpractice/contracts/billing/statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { createStatement, createStatementBatch } from './statements-service.ts';
import { listStatements, statementAnswer, statementOf } from './statements-queries.ts';

export const STATEMENT_NOT_FOUND = 'We could not find that statement.';

type Listed = { data: { patientId: number }[] };

/** Statements (issue 19 item 3): made for a client or a batch, listed, printed. */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mailer: app.mailer, publicUrl: app.publicUrl, now: app.now() });

  app.post(
    contract.createStatement.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'billing.statement_created',
          client: { params: 'patientId', need: 'hasBillingAccess' },
        },
      },
      schema: contract.createStatement.schema,
    },
    async (request) => {
      const made = await createStatement(
        deps(),
        {
          practiceId: practiceScope(request),
          clientId: gateOf(request).clientId,
          userId: authOf(request).realUser.id,
        },
        request.body,
      );
      const found = await statementOf(app.db, practiceScope(request), made.statementId);
      if (!found) throw notFound(STATEMENT_NOT_FOUND);
      noteAudit(request, { detail: { statementId: made.statementId, emailed: made.emailed } });
      return { data: statementAnswer(found) };
    },
  );

  app.post(
    contract.createStatementBatch.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.statement_batch_created', kind: 'change' },
      },
      schema: contract.createStatementBatch.schema,
    },
    async (request) => {
      const batch = await createStatementBatch(
        deps(),
        { practiceId: practiceScope(request), userId: authOf(request).realUser.id },
        request.body,
      );
      noteAudit(request, {
        patientIds: batch.clientIds,
        detail: { created: batch.clientIds.length, emailed: batch.emailed },
      });
      return {
        data: {
          created: batch.clientIds.length,
          emailed: batch.emailed,
          withoutEmail: batch.withoutEmail,
        },
      };
    },
  );

  app.get(
    contract.listStatements.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'billing.statements_listed',
          kind: 'list',
          returned: (result: never) => (result as Listed).data.map((r) => r.patientId),
        },
      },
      schema: contract.listStatements.schema,
    },
    async (request) =>
      listStatements(app.db, { practiceId: practiceScope(request), ...request.query }),
  );
};
