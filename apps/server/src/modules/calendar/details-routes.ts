import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Appointment and meeting details, attendance and check-in (spec-1 §7 Scheduling and details). */
export const detailsRoutes: FastifyPluginAsyncZod = async () => {};
