import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collisionRoutes } from './collision-routes.ts';
import { dayRoutes } from './day-routes.ts';
import { editorReadRoutes } from './editor-read-routes.ts';
import { exceptionRoutes } from './exception-routes.ts';
import { lookupRoutes } from './lookup-routes.ts';
import { spanFillRoutes } from './span-fill-routes.ts';
import { spanRoutes } from './span-routes.ts';

/** Availability editor calls (spec-2 §7 Availability): spans, days, exceptions; docs/availability-api.md. */
export const availabilityModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(editorReadRoutes);
  await app.register(spanRoutes);
  await app.register(dayRoutes);
  await app.register(spanFillRoutes);
  await app.register(exceptionRoutes);
  await app.register(lookupRoutes);
  await app.register(collisionRoutes);
};
