import { getDueNow } from '@openpractice/contracts/billing/due-now';
import * as contract from '@openpractice/contracts/billing/ledger';
import { handPaymentProblem } from '@openpractice/domain';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { gateOf } from '../../platform/route-audit.ts';
import { readDueNow } from './due-now.ts';
import { applyPayment, recordPayment, refundPayment } from './ledger-service.ts';
import {
  ledgerAnswer,
  ledgerClient,
  ownerOf,
  paymentReceipt,
  paymentStandingAnswer,
} from './ledger-request.ts';
import { RECEIPT_MESSAGES } from './receipts.ts';

/** A payment by hand, audited with its method and how many charges it is applied to. */
const recordPaymentConfig = {
  access: 'payment',
  audit: {
    action: 'billing.payment_recorded',
    client: ledgerClient('hasPaymentAccess'),
    detail: (request) => ({
      method: (request.body as { method: string }).method,
      allocations: (request.body as { allocations: unknown[] }).allocations.length,
    }),
  },
  // Money, not sign-ins: no session, account or role changes, so cached sessions stay.
  keepsSessions: true,
} satisfies FastifyContextConfig;

/**
 * A client's ledger, and the money staff record on it (issue 19 items 1 and 4): what is due
 * now, payments (with a receipt by email when asked), applying them to charges, refunds. Every
 * write answers the ledger as it now stands.
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

  // What the take-payment form starts from; the payment role's, as taking the payment is.
  app.get(
    getDueNow.path,
    {
      config: {
        access: 'payment',
        audit: { action: 'billing.due_now_viewed', client: ledgerClient('hasPaymentAccess') },
      },
      schema: getDueNow.schema,
    },
    async (request) => ({
      data: await readDueNow(app.db, practiceScope(request), gateOf(request).clientId, app.now()),
    }),
  );

  app.post(
    contract.recordPayment.path,
    { config: recordPaymentConfig, schema: contract.recordPayment.schema },
    async (request) => {
      // Keyed by staff: the card processor and ERA posting record theirs through their own paths.
      const problem = handPaymentProblem(request.body);
      if (problem) throw badRequest(problem.message, problem.field);
      // An insurer's check gets no receipt: the receipt is the client's.
      if (request.body.emailReceipt && request.body.source !== 'client')
        throw badRequest(RECEIPT_MESSAGES.clientOnly, 'emailReceipt');
      const owner = ownerOf(request);
      const recorded = await recordPayment(app.db, owner, request.body);
      const receipt = await paymentReceipt(app, request, recorded, request.body.emailReceipt);
      return { data: paymentStandingAnswer(owner, recorded), receipt };
    },
  );

  app.post(
    contract.applyPayment.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'billing.payment_applied', client: ledgerClient('hasBillingAccess') },
        keepsSessions: true,
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
        keepsSessions: true,
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
