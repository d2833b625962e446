import type { FastifyPluginAsync } from 'fastify';
import { handleBillableSessions } from '../../platform/billable-sessions.ts';
import { handleInsuranceRemittances } from '../../platform/insurance-remittance.ts';
import { balancesRoutes } from './balances-routes.ts';
import { cardPaymentRoutes, cardsRoutes, processorRoutes } from './cards-routes.ts';
import { chargeSession } from './charge-session.ts';
import { correctionRoutes } from './correction-routes.ts';
import { postClientRemittance, reverseClientRemittance } from './era-remittance.ts';
import { statementPrintRoutes } from './statement-print-routes.ts';
import { statementsRoutes } from './statements-routes.ts';
import { superbillRoutes } from './superbill-routes.ts';
import { ledgerRoutes } from './ledger-routes.ts';
import { reportsRoutes } from './reports-routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.ts';
import { processorSetupRoutes } from './processor-setup-routes.ts';
import { portalBillingRoutes } from './portal-routes.ts';
import { configureCardProcessing } from './processors/index.ts';

/** Billing (issue 19): the client ledger, charges made from sessions, balances and credits. */
export const billingModule: FastifyPluginAsync = async (app) => {
  handleBillableSessions(chargeSession);
  // Claims posts an ERA's payments through the platform, never importing billing.
  handleInsuranceRemittances({ post: postClientRemittance, reverse: reverseClientRemittance });
  configureCardProcessing({ key: app.auditKey, stripe: app.stripe });
  await app.register(ledgerRoutes);
  await app.register(correctionRoutes);
  await app.register(statementsRoutes);
  await app.register(statementPrintRoutes);
  await app.register(superbillRoutes);
  await app.register(balancesRoutes);
  await app.register(reportsRoutes);
  await app.register(cardsRoutes);
  await app.register(processorRoutes);
  await app.register(processorSetupRoutes);
  await app.register(cardPaymentRoutes);
  await app.register(portalBillingRoutes);
  // Its own plugin: its raw-body JSON parser must not reach any other route.
  await app.register(stripeWebhookRoutes);
};
