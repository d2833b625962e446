import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteAudit } from '../../platform/route-audit.ts';
import {
  appointmentDetailsParams,
  attendeeDetailsBody,
  deleteMeetingBody,
  groupProductsBody,
  meetingIdParams,
  resetAttendanceQuery,
  saveAttendanceQuery,
  toggleCheckedInBody,
  updateMeetingBody,
} from './details-schemas.ts';
import {
  appointmentDetails,
  attendeeDetails,
  deleteMeeting,
  meetingDetails,
  productsForGroupAttendee,
  resetAttendance,
  saveAttendance,
  togglePatientCheckedIn,
  updateMeeting,
} from './details-service.ts';
import {
  bodyField,
  clientsOfAttendee,
  clientsOfEvent,
  paramsField,
  queryField,
} from './event-clients.ts';

/** An appointment's details name its clients: gated as the one it is booked for. */
const detailsRead = (locate: ReturnType<typeof clientsOfEvent>) =>
  ({
    action: 'client.appointment_details_read',
    kind: 'view',
    client: { resolve: locate },
  }) as const;

/** A change of attendance or check-in: the gate of booking (scheduling access to the client). */
const attendeeChange = (action: `client.${string}`, locate: ReturnType<typeof clientsOfEvent>) => ({
  action,
  client: { resolve: locate, need: 'hasSchedulingAccess' as const },
});

/**
 * Appointment and meeting details, attendance and check-in (spec-1 §7
 * Scheduling and details; docs/calendar-api.md). Reading needs the calendar role,
 * changing needs scheduling; a therapist-only user reaches only their own events.
 * Appointments are client data (declared, gated and audited by the platform);
 * meetings are not (their changes keep a platform row each).
 */
export const detailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patientRecord/getAppointmentDetails/:eventId/:attendeeId',
    {
      config: { access: 'calendar', audit: detailsRead(clientsOfEvent(paramsField('eventId'))) },
      schema: { params: appointmentDetailsParams },
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
    '/calendarEvent/getAppointmentAttendeeDetails',
    {
      config: {
        access: 'calendar',
        audit: detailsRead(clientsOfEvent(bodyField('calendarEventId'))),
      },
      schema: { body: attendeeDetailsBody },
    },
    async (request) => {
      const eventId = request.body.calendarEventId;
      const { attendees, clientIds } = await attendeeDetails(app.db, request, eventId);
      noteAudit(request, { patientIds: clientIds, detail: { eventId } });
      return { data: attendees };
    },
  );

  app.post(
    '/calendarEvent/togglePatientCheckedIn',
    {
      config: {
        access: 'scheduling',
        audit: attendeeChange('client.checked_in', clientsOfEvent(bodyField('calendarEventId'))),
      },
      schema: { body: toggleCheckedInBody },
    },
    async (request) => {
      const { checkedInTime, audit } = await togglePatientCheckedIn(
        app.db,
        request,
        request.body,
        app.now(),
      );
      noteAudit(request, {
        ...(checkedInTime === null ? { action: 'client.check_in_cleared' } : {}),
        patientIds: [audit.clientId],
        detail: audit.detail,
      });
      return { status: 'success', data: { checkedInTime } };
    },
  );

  // The group's record decides its default service: a read of that client.
  app.post(
    '/product/getProductsForGroupAttendee',
    {
      config: {
        access: 'calendar',
        audit: { action: 'client.group_products_read', client: { body: 'groupId' } },
      },
      schema: { body: groupProductsBody },
    },
    async (request) => ({ data: await productsForGroupAttendee(app.db, request, request.body) }),
  );

  app.get(
    '/calendar/getMeetingDetails/:id',
    { config: { access: 'calendar', audit: 'none' }, schema: { params: meetingIdParams } },
    async (request) => ({ data: await meetingDetails(app.db, request, request.params.id) }),
  );

  app.post(
    '/calendar/updateMeeting',
    { config: { access: 'scheduling', audit: 'none' }, schema: { body: updateMeetingBody } },
    async (request) => ({
      status: 'success',
      message: 'Meeting updated.',
      data: await updateMeeting(app.db, request, request.body),
    }),
  );

  app.post(
    '/calendar/deleteMeeting',
    { config: { access: 'scheduling', audit: 'none' }, schema: { body: deleteMeetingBody } },
    async (request) => {
      await deleteMeeting(app.db, request, request.body.calendar_event_id);
      return { status: 'success', message: 'Meeting deleted.' };
    },
  );

  app.post(
    '/calendar/editAttendance/save',
    {
      config: {
        access: 'scheduling',
        audit: attendeeChange(
          'client.attendance_saved',
          clientsOfAttendee(queryField('calendar_event_attendee_id')),
        ),
      },
      schema: { querystring: saveAttendanceQuery },
    },
    async (request) => {
      const saved = await saveAttendance(app.db, request, request.query);
      noteAudit(request, { patientIds: [saved.audit.clientId], detail: saved.audit.detail });
      return { status: 'saved', account_invoice_id: saved.accountInvoiceId };
    },
  );

  app.post(
    '/calendar/editAttendance/resetAttendance',
    {
      config: {
        access: 'scheduling',
        audit: attendeeChange(
          'client.attendance_reset',
          clientsOfAttendee(queryField('calendar_event_attendee_id')),
        ),
      },
      schema: { querystring: resetAttendanceQuery },
    },
    async (request) => {
      const { outcome, audit } = await resetAttendance(
        app.db,
        request,
        request.query.calendar_event_attendee_id,
      );
      noteAudit(request, { patientIds: [audit.clientId], detail: audit.detail });
      return outcome;
    },
  );
};
