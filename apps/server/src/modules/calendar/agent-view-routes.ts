import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The external agent's calendar view (spec-1 §2, /schedule/externalAgent). */
export const agentViewRoutes: FastifyPluginAsyncZod = async () => {};
