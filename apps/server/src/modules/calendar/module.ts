import type { FastifyPluginAsync } from 'fastify';
import { agentViewRoutes } from './agent-view-routes.ts';
import { attendanceListRoutes } from './attendance-list-routes.ts';
import { attendanceRoutes } from './attendance-routes.ts';
import { calendarAvailabilityRoutes } from './availability-overlay-routes.ts';
import { calendarsRoutes } from './calendars-routes.ts';
import { detailsRoutes } from './details-routes.ts';
import { externalCalendarRoutes } from './external-calendar-routes.ts';
import { externalEventsRoutes } from './external-events-routes.ts';
import { meetingRoutes } from './meeting-routes.ts';
import { calendarRoutes } from './routes.ts';
import { schedulingRoutes } from './scheduling-routes.ts';
import { seriesRoutes } from './series-routes.ts';
import { therapistAvailabilityRoutes } from './therapist-availability-routes.ts';
import { calendarWindowRoutes } from './window-routes.ts';

/** The calendar area: every route plugin of spec-1 §7 Calendar, Scheduling and details. */
export const calendarModule: FastifyPluginAsync = async (app) => {
  await app.register(calendarRoutes);
  await app.register(calendarWindowRoutes);
  await app.register(calendarAvailabilityRoutes);
  await app.register(calendarsRoutes);
  await app.register(therapistAvailabilityRoutes);
  await app.register(schedulingRoutes);
  await app.register(detailsRoutes);
  await app.register(attendanceRoutes);
  await app.register(attendanceListRoutes);
  await app.register(meetingRoutes);
  await app.register(seriesRoutes);
  await app.register(externalCalendarRoutes);
  await app.register(externalEventsRoutes);
  await app.register(agentViewRoutes);
};
