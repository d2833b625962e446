import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimsRoutes } from './claims-routes.ts';
import { claimSetupRoutes } from './setup-routes.ts';

/** Insurance claims (issue 20): the claim set-up, claims from sessions and their lists. */
export const claimsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(claimSetupRoutes);
  await app.register(claimsRoutes);
};
