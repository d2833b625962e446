import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seriesParams, updateAppointmentBody } from './schemas.ts';
import { seriesOfEvent, updateAppointment } from './series-service.ts';

/**
 * Weekly series: reading a series and changing one occurrence, this and the
 * following ones, or all of it (moving and cancelling are in routes.ts, with
 * a `scope`). See docs/calendar-api.md.
 */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calendar/updateAppointment',
    { config: { access: 'scheduling' }, schema: { body: updateAppointmentBody } },
    async (request) => {
      const result = await updateAppointment(app.db, request, request.body);
      return {
        status: 'success',
        message: 'Appointment updated.',
        data: { calendar_event_ids: result.eventIds },
      };
    },
  );

  app.get(
    '/calendar/series/:eventId',
    { config: { access: 'calendar' }, schema: { params: seriesParams } },
    async (request) => ({ data: await seriesOfEvent(app.db, request, request.params.eventId) }),
  );
};
