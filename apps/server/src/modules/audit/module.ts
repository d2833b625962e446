import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessReportRoutes } from './access-routes.ts';

/** The audit pages (spec-1 §2 Reporting): record access and the chain's state. */
export const auditModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(accessReportRoutes);
};
