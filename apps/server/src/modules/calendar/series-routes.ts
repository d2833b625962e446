import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Weekly series: reading a series and changing one occurrence, this and the following ones, or all of it. */
export const seriesRoutes: FastifyPluginAsyncZod = async () => {};
