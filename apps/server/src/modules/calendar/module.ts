import type { FastifyPluginAsync } from 'fastify';
import { agentViewRoutes } from './agent-view-routes.ts';
import { calendarsRoutes } from './calendars-routes.ts';
import { detailsRoutes } from './details-routes.ts';
import { externalCalendarRoutes } from './external-calendar-routes.ts';
import { calendarRoutes } from './routes.ts';
import { schedulingRoutes } from './scheduling-routes.ts';
import { seriesRoutes } from './series-routes.ts';

/** The calendar area: every route plugin of spec-1 §7 Calendar, Scheduling and details. */
export const calendarModule: FastifyPluginAsync = async (app) => {
  await app.register(calendarRoutes);
  await app.register(calendarsRoutes);
  await app.register(schedulingRoutes);
  await app.register(detailsRoutes);
  await app.register(seriesRoutes);
  await app.register(externalCalendarRoutes);
  await app.register(agentViewRoutes);
};
