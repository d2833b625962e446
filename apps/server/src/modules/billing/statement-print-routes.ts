import * as contract from '@openpractice/contracts/billing/statements';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { letterheadOf } from '../../platform/pdf/letterhead.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { statementPdf } from './statement-pdf.ts';
import { clientOfStatement, statementOf } from './statements-queries.ts';
import { STATEMENT_NOT_FOUND } from './statements-routes.ts';

const statementClient = (db: Db, request: FastifyRequest) =>
  clientOfStatement(
    db,
    practiceScope(request),
    (request.params as { statementId: number }).statementId,
  );

/** A statement's PDF, drawn from its snapshot with the practice's letterhead (a print, audited). */
export const statementPrintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.statementPdf.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'billing.statement_printed',
          kind: 'print',
          client: { resolve: statementClient, need: 'hasBillingAccess' },
        },
      },
      schema: contract.statementPdf.schema,
    },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      const found = await statementOf(app.db, practiceId, request.params.statementId);
      if (!found) throw notFound(STATEMENT_NOT_FOUND);
      const practice = await letterheadOf(app.db, app.storage.adapter, practiceId);
      const bytes = await statementPdf(found.snapshot, practice, new Date(found.row.createdAt));
      noteAudit(request, { detail: { statementId: found.row.statementId } });
      void reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="statement-${found.row.statementId}.pdf"`,
        )
        .header('X-Content-Type-Options', 'nosniff');
      return bytes;
    },
  );
};
