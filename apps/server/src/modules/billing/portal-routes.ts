import * as contract from '@openpractice/contracts/billing/portal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { ownClientId } from '../../platform/portal-client.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import type { CardOwner } from './cards-service.ts';
import { tokeniseOnLocalProcessor } from './cards-service.ts';
import { paymentReceipt } from './ledger-request.ts';
import { payOwnBalance, readPortalAccount } from './portal-account.ts';
import { localTokenAnswer } from './processor-answer.ts';

/**
 * The client portal's billing (issue 19 item 4): a signed-in client sees their own balance and
 * cards and pays by card. The access rule is the client's (`patient`); the staff client gate
 * does not apply to a client, so no call names a client: each finds the caller's own record
 * from the sign-in (`platform/portal-client.ts`) and is audited under it, in the request's
 * transaction as every declared route. A responsible party has no sign-in of their own in our
 * data (a name and a contact), so only the client pays here (docs/decisions.md).
 */
export const portalBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller's own record, noted on the audit row before anything else can fail. */
  const own = async (request: FastifyRequest): Promise<CardOwner> => {
    const clientId = await ownClientId(app.db, request);
    noteAudit(request, { patientIds: [clientId], detail: { via: 'portal' } });
    return { practiceId: practiceScope(request), clientId, userId: authOf(request).realUser.id };
  };

  app.get(
    contract.getPortalAccount.path,
    {
      config: {
        access: 'patient',
        audit: { action: 'client.billing_account_viewed', kind: 'view' },
      },
      schema: contract.getPortalAccount.schema,
    },
    async (request) => {
      const owner = await own(request);
      return { data: await readPortalAccount(app.db, owner.practiceId, owner.clientId, app.now()) };
    },
  );

  // The number goes to the local processor's vault and is forgotten, as on the staff pages.
  app.post(
    contract.portalCardToken.path,
    { config: { access: 'patient', audit: 'none' }, schema: contract.portalCardToken.schema },
    async (request) => {
      const facts = await tokeniseOnLocalProcessor(
        app.db,
        practiceScope(request),
        request.body,
        app.now(),
      );
      return { data: localTokenAnswer(facts) };
    },
  );

  app.post(
    contract.payPortalBalance.path,
    {
      config: {
        access: 'patient',
        audit: {
          action: 'client.billing_payment_recorded',
          kind: 'change',
          detail: (request) => ({
            saved: (request.body as { cardId?: number }).cardId !== undefined,
          }),
        },
      },
      schema: contract.payPortalBalance.schema,
    },
    async (request) => {
      const owner = await own(request);
      const recorded = await payOwnBalance(app.db, owner, request.body, app.now);
      // Every portal payment gets its receipt, once (a repeated submission sends none again).
      const receipt = await paymentReceipt(app, request, recorded, true, owner);
      return {
        data: await readPortalAccount(app.db, owner.practiceId, owner.clientId, app.now()),
        paymentId: recorded.paymentId,
        receipt,
      };
    },
  );
};
