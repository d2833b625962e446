import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eligibilityChoiceRoutes } from './choice-routes.ts';
import { eligibilityReportRoutes } from './report-routes.ts';
import { eligibilityRoutes } from './routes.ts';

/** Eligibility checks (X12 270/271 through a clearinghouse adapter), their history and report. */
export const eligibilityModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(eligibilityChoiceRoutes);
  await app.register(eligibilityRoutes);
  await app.register(eligibilityReportRoutes);
};
