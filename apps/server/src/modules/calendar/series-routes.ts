import * as contract from '@openpractice/contracts/calendar/series';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteAudit } from '../../platform/route-audit.ts';
import { bodyField, clientsOfEvent, paramsField } from './event-clients.ts';
import { seriesOfEvent } from './series-service.ts';
import { updateAppointment } from './update-appointment.ts';

/**
 * Weekly series: reading a series and changing one occurrence, this and the
 * following ones, or all of it (moving and cancelling are in routes.ts, with
 * a `scope`). See docs/calendar-api.md.
 */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.updateAppointment.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.appointment_updated',
          client: {
            resolve: clientsOfEvent(bodyField('calendar_event_id')),
            need: 'hasSchedulingAccess',
          },
        },
      },
      schema: contract.updateAppointment.schema,
    },
    async (request) => {
      const result = await updateAppointment(app.db, request, request.body);
      noteAudit(request, {
        ...(result.action ? { action: result.action } : {}),
        patientIds: result.clientIds,
        detail: result.detail,
      });
      return {
        status: 'success' as const,
        message: 'Appointment updated.',
        data: { calendar_event_ids: result.eventIds },
      };
    },
  );

  // The dates and states of a client's appointments: a read of that client's schedule.
  app.get(
    contract.getSeries.path,
    {
      config: {
        access: 'calendar',
        audit: {
          action: 'client.appointment_series_read',
          client: { resolve: clientsOfEvent(paramsField('eventId')) },
          detail: (request) => ({ eventId: (request.params as { eventId: number }).eventId }),
        },
      },
      schema: contract.getSeries.schema,
    },
    async (request) => ({ data: await seriesOfEvent(app.db, request, request.params.eventId) }),
  );
};
