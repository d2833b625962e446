import * as contract from '@openpractice/contracts/billing/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAdjustment, reverseEntry } from './ledger-service.ts';
import { ledgerAnswer, ledgerClient, ownerOf } from './ledger-request.ts';

/** Corrections billing staff make on a client's ledger: adjustments and reversals. */
export const correctionRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = ledgerAnswer(app);

  app.post(
    contract.recordAdjustment.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'billing.adjustment_recorded',
          client: ledgerClient('hasBillingAccess'),
          detail: (request) => ({ kind: (request.body as { kind: string }).kind }),
        },
      },
      schema: contract.recordAdjustment.schema,
    },
    async (request) => {
      await recordAdjustment(app.db, ownerOf(request), request.body);
      return answer(request);
    },
  );

  app.post(
    contract.reverseEntry.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.entry_reversed', client: ledgerClient('hasBillingAccess') },
      },
      schema: contract.reverseEntry.schema,
    },
    async (request) => {
      await reverseEntry(app.db, ownerOf(request), {
        entryId: request.params.entryId,
        notation: request.body.notation,
      });
      return answer(request);
    },
  );
};
