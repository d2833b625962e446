import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Availability editor calls (spec-2 §7 Availability): spans, days, exceptions. */
export const availabilityModule: FastifyPluginAsyncZod = async () => {};
