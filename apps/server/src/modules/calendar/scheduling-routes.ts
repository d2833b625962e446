import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The scheduling dialog's lookups: products for a request, conflicts, telehealth eligibility (spec-1 §7 Scheduling and details). */
export const schedulingRoutes: FastifyPluginAsyncZod = async () => {};
