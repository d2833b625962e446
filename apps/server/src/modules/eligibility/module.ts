import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Eligibility checks (X12 270/271 through a clearinghouse adapter) and their history. */
export const eligibilityModule: FastifyPluginAsyncZod = async () => {};
