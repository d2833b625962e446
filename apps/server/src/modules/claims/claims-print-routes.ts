import * as contract from '@openpractice/contracts/claims/print';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { clientsOfClaims, printClaims, printListOf } from './claims-print.ts';

type Listed = { data: { rows: { patientId: number }[] } };
// The audit names each client the page showed, as the claim lists do.
const listedClients = (result: never) => [
  ...new Set((result as Listed).data.rows.map((row) => row.patientId)),
];

// A print names claims: each one's client is gated and audited (another practice's claim gates
// nothing, and the handler answers 404).
const printedClients = (db: Db, request: FastifyRequest) =>
  clientsOfClaims(db, practiceScope(request), (request.body as { claimIds: number[] }).claimIds);

/**
 * Paper claims (issue 20 item 5), for the billing role as the other claim pages: the three
 * print lists, and printing chosen claims as one PDF (claims-print.ts says which claims and
 * what printing does to them). The PDF is the answer itself, made in the print's transaction.
 */
export const claimsPrintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listPrintClaims.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'claims.print_list_read', kind: 'list', returned: listedClients },
      },
      schema: contract.listPrintClaims.schema,
    },
    async (request) => {
      const { rescrubbed, ...list } = await printListOf(
        app.db,
        { practiceId: practiceScope(request), list: request.params.list, ...request.query },
        { userId: authOf(request).user.id, now: app.now() },
      );
      noteAudit(request, { detail: { list: request.params.list, rescrubbed } });
      return { data: { ...list, ...request.query } };
    },
  );

  app.post(
    contract.printClaims.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'claims.claims_printed',
          kind: 'print',
          client: { resolve: printedClients, need: 'hasBillingAccess' },
        },
      },
      schema: contract.printClaims.schema,
    },
    async (request, reply) => {
      const { list, mode, offsetX, offsetY, claimIds } = request.body;
      const printed = await printClaims(
        app.db,
        practiceScope(request),
        { list, mode, offsetX, offsetY, claimIds },
        { userId: authOf(request).user.id, now: app.now() },
      );
      noteAudit(request, {
        detail: {
          list,
          mode: list === 'simple' ? 'simple' : mode,
          claims: claimIds.length,
          forms: printed.forms,
          submitted: printed.submitted,
        },
      });
      void reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="claims-${list}.pdf"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff');
      return printed.pdf;
    },
  );
};
