import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimSetupRoutes } from './setup-routes.ts';

/** Insurance claims (issue 20): so far the claim set-up. */
export const claimsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(claimSetupRoutes);
};
