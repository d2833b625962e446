import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Open slots across therapists (find an appointment). */
export const availabilitySearchModule: FastifyPluginAsyncZod = async () => {};
