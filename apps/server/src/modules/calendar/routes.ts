import * as contract from '@openpractice/contracts/calendar/events';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { bookingFactsAlongside } from './create-appointment.ts';
import { bodyField, clientsOfEvent } from './event-clients.ts';
import { rescheduleEvent } from './reschedule-service.ts';
import { cancelEvent } from './series-service.ts';
import { createAppointment, createMeeting } from './service.ts';

/**
 * Booking gates the client with the booking's facts read alongside (one statement), and
 * changes no session, account or setting, so the cached sessions stay.
 */
const createAppointmentConfig = {
  access: 'scheduling',
  audit: {
    action: 'client.appointment_created',
    client: { body: 'patientId', need: 'hasSchedulingAccess', alongside: bookingFactsAlongside },
  },
  keepsSessions: true,
} satisfies FastifyContextConfig;

/**
 * The calendar (spec-1 §7 Calendar, Scheduling and details): booking,
 * meetings, moving and cancelling events. Reading a window of them is window-routes.ts.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.createAppointment.path,
    { config: createAppointmentConfig, schema: contract.createAppointment.schema },
    async (request, reply) => {
      const created = await createAppointment(app.db, request, gateOf(request), request.body);
      noteAudit(request, { patientIds: created.attendeeIds, detail: created.detail });
      // Returned, not sent: the answer leaves only once the booking and its audit row commit.
      reply.status(201);
      return {
        status: 'success' as const,
        message: 'Calendar item created.',
        data: { calendar_event_ids: created.eventIds, series_id: created.seriesId },
      };
    },
  );

  app.post(
    contract.createMeeting.path,
    // A meeting holds no client data; it has its own platform row (calendar.meeting_created).
    { config: { access: 'scheduling', audit: 'none' }, schema: contract.createMeeting.schema },
    async (request, reply) => {
      const created = await createMeeting(app.db, request, request.body);
      reply.status(201);
      return {
        status: 'success' as const,
        message: 'Meeting created.',
        data: { calendar_event_id: created.eventId },
      };
    },
  );

  app.post(
    contract.rescheduleEvent.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.appointment_rescheduled',
          client: {
            resolve: clientsOfEvent(bodyField('calendar_event_id')),
            need: 'hasSchedulingAccess',
          },
        },
      },
      schema: contract.rescheduleEvent.schema,
    },
    async (request) => {
      const result = await rescheduleEvent(app.db, request, request.body);
      noteAudit(request, {
        ...(result.action ? { action: result.action } : {}),
        patientIds: result.clientIds,
        detail: result.detail,
      });
      return {
        status: 'success' as const,
        message: 'Event successfully rescheduled.',
        data: { calendar_event_ids: result.eventIds },
      };
    },
  );

  app.post(
    contract.cancelEvent.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.appointment_cancelled',
          client: { resolve: clientsOfEvent(bodyField('id')), need: 'hasSchedulingAccess' },
        },
      },
      schema: contract.cancelEvent.schema,
    },
    async (request) => {
      const result = await cancelEvent(app.db, request, request.body, app.now());
      noteAudit(request, {
        ...(result.action ? { action: result.action } : {}),
        patientIds: result.clientIds,
        detail: result.detail,
      });
      return {
        status: 'success' as const,
        message: 'Calendar item cancelled.',
        data: { calendar_event_ids: result.eventIds },
      };
    },
  );
};
