import * as contract from '@openpractice/contracts/calendar/details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteAudit } from '../../platform/route-audit.ts';
import {
  appointmentDetails,
  attendeeDetails,
  productsForGroupAttendee,
} from './details-service.ts';
import { bodyField, clientsOfEvent, paramsField } from './event-clients.ts';

/** An appointment's details name its clients: gated as the one it is booked for. */
const detailsRead = (locate: ReturnType<typeof clientsOfEvent>) =>
  ({
    action: 'client.appointment_details_read',
    kind: 'view',
    client: { resolve: locate },
  }) as const;

/**
 * Appointment details (spec-1 §7 Scheduling and details; docs/calendar-api.md): reading
 * needs the calendar role, and a therapist-only user reaches only their own events.
 * Appointments are client data (declared, gated and audited by the platform).
 * Attendance and check-in are attendance-routes.ts, meetings meeting-routes.ts.
 */
export const detailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getAppointmentDetails.path,
    {
      config: { access: 'calendar', audit: detailsRead(clientsOfEvent(paramsField('eventId'))) },
      schema: contract.getAppointmentDetails.schema,
    },
    async (request) => {
      const { details, clientIds } = await appointmentDetails(app.db, request, {
        eventId: request.params.eventId,
        attendeeId: request.params.attendeeId,
        now: app.now(),
        roomTemplate: app.telehealthRoomUrl,
      });
      noteAudit(request, { patientIds: clientIds, detail: { eventId: details.calendar_event_id } });
      return { data: details };
    },
  );

  app.post(
    contract.getAppointmentAttendeeDetails.path,
    {
      config: {
        access: 'calendar',
        audit: detailsRead(clientsOfEvent(bodyField('calendarEventId'))),
      },
      schema: contract.getAppointmentAttendeeDetails.schema,
    },
    async (request) => {
      const eventId = request.body.calendarEventId;
      const { attendees, clientIds } = await attendeeDetails(app.db, request, eventId);
      noteAudit(request, { patientIds: clientIds, detail: { eventId } });
      return { data: attendees };
    },
  );

  // The group's record decides its default service: a read of that client.
  app.post(
    contract.getProductsForGroupAttendee.path,
    {
      config: {
        access: 'calendar',
        audit: { action: 'client.group_products_read', client: { body: 'groupId' } },
      },
      schema: contract.getProductsForGroupAttendee.schema,
    },
    async (request) => ({ data: await productsForGroupAttendee(app.db, request, request.body) }),
  );
};
