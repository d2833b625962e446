import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizationRoutes } from './authorization-routes.ts';
import { billingSettingsRoutes } from './billing-settings-routes.ts';
import { cardRoutes } from './card-routes.ts';
import { cardVersionRoutes } from './card-version-routes.ts';
import { cptCodeRoutes } from './cpt-code-routes.ts';
import { policyListRoutes } from './policy-list-routes.ts';
import { policyRoutes } from './policy-routes.ts';
import { practiceInsuranceRoutes } from './practice-insurance-routes.ts';

/** A client's insurance (spec-2 §7 Insurance) and the practice's payers. */
export const insuranceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(practiceInsuranceRoutes);
  await app.register(policyListRoutes);
  await app.register(policyRoutes);
  await app.register(authorizationRoutes);
  await app.register(cptCodeRoutes);
  await app.register(cardRoutes);
  await app.register(cardVersionRoutes);
  await app.register(billingSettingsRoutes);
};
