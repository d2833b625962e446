import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAvailabilityRoutes } from './routes.ts';

/** Open slots across therapists (find an appointment). */
export const availabilitySearchModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(findAvailabilityRoutes);
};
