import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/**
 * Appointment and meeting details, attendance and check-in (spec-1 §7
 * Scheduling and details; docs/calendar-api.md). Reading needs the calendar role,
 * changing needs scheduling; a therapist-only user reaches only their own events.
 */
export const detailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patientRecord/getAppointmentDetails/:eventId/:attendeeId',
    { config: { access: 'calendar' }, schema: { params: appointmentDetailsParams } },
    async (request) => ({
      data: await appointmentDetails(app.db, request, {
        eventId: request.params.eventId,
        attendeeId: request.params.attendeeId,
        now: app.now(),
        roomTemplate: app.telehealthRoomUrl,
      }),
    }),
  );

  app.post(
    '/calendarEvent/getAppointmentAttendeeDetails',
    { config: { access: 'calendar' }, schema: { body: attendeeDetailsBody } },
    async (request) => ({
      data: await attendeeDetails(app.db, request, request.body.calendarEventId),
    }),
  );

  app.post(
    '/calendarEvent/togglePatientCheckedIn',
    { config: { access: 'scheduling' }, schema: { body: toggleCheckedInBody } },
    async (request) => ({
      status: 'success',
      data: await togglePatientCheckedIn(app.db, request, request.body, app.now()),
    }),
  );

  app.post(
    '/product/getProductsForGroupAttendee',
    { config: { access: 'calendar' }, schema: { body: groupProductsBody } },
    async (request) => ({ data: await productsForGroupAttendee(app.db, request, request.body) }),
  );

  app.get(
    '/calendar/getMeetingDetails/:id',
    { config: { access: 'calendar' }, schema: { params: meetingIdParams } },
    async (request) => ({ data: await meetingDetails(app.db, request, request.params.id) }),
  );

  app.post(
    '/calendar/updateMeeting',
    { config: { access: 'scheduling' }, schema: { body: updateMeetingBody } },
    async (request) => ({
      status: 'success',
      message: 'Meeting updated.',
      data: await updateMeeting(app.db, request, request.body),
    }),
  );

  app.post(
    '/calendar/deleteMeeting',
    { config: { access: 'scheduling' }, schema: { body: deleteMeetingBody } },
    async (request) => {
      await deleteMeeting(app.db, request, request.body.calendar_event_id);
      return { status: 'success', message: 'Meeting deleted.' };
    },
  );

  app.post(
    '/calendar/editAttendance/save',
    { config: { access: 'scheduling' }, schema: { querystring: saveAttendanceQuery } },
    async (request) => {
      const saved = await saveAttendance(app.db, request, request.query);
      return { status: 'saved', account_invoice_id: saved.accountInvoiceId };
    },
  );

  app.post(
    '/calendar/editAttendance/resetAttendance',
    { config: { access: 'scheduling' }, schema: { querystring: resetAttendanceQuery } },
    async (request) => resetAttendance(app.db, request, request.query.calendar_event_attendee_id),
  );
};
