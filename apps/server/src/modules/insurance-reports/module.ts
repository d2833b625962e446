import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insuranceReportRoutes } from './routes.ts';

/** The insurance reports: expiring policies and precerts, unconfirmed and unverified policies, visit limits. */
export const insuranceReportsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(insuranceReportRoutes);
};
