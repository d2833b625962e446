import * as contract from '@openpractice/contracts/billing/ledger';
import { handPaymentProblem } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/errors.ts';
import { applyPayment, recordPayment, refundPayment } from './ledger-service.ts';
import { ledgerAnswer, ledgerClient, ownerOf } from './ledger-request.ts';

/**
 * A client's ledger, and the money staff record on it (issue 19 items 1 and 4): payments,
 * applying them to charges, refunds. Every write answers the ledger as it now stands.
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = ledgerAnswer(app);

  app.get(
    contract.getClientLedger.path,
    {
      config: {
        access: 'financial',
        audit: { action: 'billing.ledger_viewed', client: ledgerClient('hasBillingAccess') },
      },
      schema: contract.getClientLedger.schema,
    },
    answer,
  );

  app.post(
    contract.recordPayment.path,
    {
      config: {
        access: 'payment',
        audit: {
          action: 'billing.payment_recorded',
          client: ledgerClient('hasPaymentAccess'),
          detail: (request) => ({
            method: (request.body as { method: string }).method,
            allocations: (request.body as { allocations: unknown[] }).allocations.length,
          }),
        },
      },
      schema: contract.recordPayment.schema,
    },
    async (request) => {
      // Keyed by staff: the card processor and ERA posting record theirs through their own paths.
      const problem = handPaymentProblem(request.body);
      if (problem) throw badRequest(problem.message, problem.field);
      await recordPayment(app.db, ownerOf(request), request.body);
      return answer(request);
    },
  );

  app.post(
    contract.applyPayment.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.payment_applied', client: ledgerClient('hasBillingAccess') },
      },
      schema: contract.applyPayment.schema,
    },
    async (request) => {
      await applyPayment(
        app.db,
        ownerOf(request),
        request.params.paymentId,
        request.body.allocations,
      );
      return answer(request);
    },
  );

  app.post(
    contract.refundPayment.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.payment_refunded', client: ledgerClient('hasBillingAccess') },
      },
      schema: contract.refundPayment.schema,
    },
    async (request) => {
      await refundPayment(app.db, ownerOf(request), {
        paymentId: request.params.paymentId,
        ...request.body,
      });
      return answer(request);
    },
  );
};
