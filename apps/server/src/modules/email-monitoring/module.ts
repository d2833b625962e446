import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSearchRoutes } from './search-routes.ts';
import { suppressionRoutes } from './suppression-routes.ts';

/** Email monitoring (spec-1 §3, §7): the outgoing email log and the suppression list. */
export const emailMonitoringModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(emailSearchRoutes);
  await app.register(suppressionRoutes);
};
