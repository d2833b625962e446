import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The insurance reports: expiring policies and precerts, unconfirmed and unverified policies, visit limits. */
export const insuranceReportsModule: FastifyPluginAsyncZod = async () => {};
