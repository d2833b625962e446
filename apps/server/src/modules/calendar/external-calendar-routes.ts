import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** External (ICS) calendars: connect, sync and read their busy time (spec-1 §4 Calendar loading). */
export const externalCalendarRoutes: FastifyPluginAsyncZod = async () => {};
