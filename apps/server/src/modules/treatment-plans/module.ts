import type { FastifyPluginAsync } from 'fastify';
import { listRoutes } from './list-routes.ts';
import { planRoutes } from './plan-routes.ts';
import { planStepRoutes } from './plan-step-routes.ts';
import { portalPlanRoutes } from './portal-routes.ts';
import { templateRoutes } from './template-routes.ts';

/** Treatment plans (issue 18 item 5): templates, a client's plans, dashboard lists, the portal's signing. */
export const treatmentPlansModule: FastifyPluginAsync = async (app) => {
  await app.register(templateRoutes);
  await app.register(planRoutes);
  await app.register(planStepRoutes);
  await app.register(listRoutes);
  await app.register(portalPlanRoutes);
};
