import * as contract from '@openpractice/contracts/billing/superbills';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { letterheadOf } from '../../platform/pdf/letterhead.ts';
import { superbillFacts } from './superbill-facts.ts';
import { superbillPdf } from './superbill-pdf.ts';

/**
 * A client's superbill for a period (issue 19 item 3): billing role and billing access to the
 * client, as for statements; a print of the client's record, so audited as one.
 */
export const superbillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.superbillPdf.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'billing.superbill_printed',
          kind: 'print',
          client: { params: 'patientId', need: 'hasBillingAccess' },
        },
      },
      schema: contract.superbillPdf.schema,
    },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      const { from, to } = request.query;
      const facts = await superbillFacts(app.db, {
        practiceId,
        clientId: request.params.patientId,
        from,
        to,
      });
      if (!facts) throw notFound('Client not found.');
      const practice = await letterheadOf(app.db, app.storage.adapter, practiceId);
      const bytes = await superbillPdf(facts, practice, { from, to }, new Date());
      void reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="superbill-${request.params.patientId}-${from}-${to}.pdf"`,
        )
        .header('X-Content-Type-Options', 'nosniff');
      return bytes;
    },
  );
};
