import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceInsuranceRoutes } from './practice-insurance-routes.ts';

/** A client's insurance (spec-2 §7 Insurance) and the practice's payers. */
export const insuranceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(practiceInsuranceRoutes);
};
