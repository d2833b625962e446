import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Which calendars a user sees, their events and availability, locations, and the live-change version (spec-1 §7 Calendar). */
export const calendarsRoutes: FastifyPluginAsyncZod = async () => {};
