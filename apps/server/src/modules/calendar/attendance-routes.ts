import * as contract from '@openpractice/contracts/calendar/details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteAudit } from '../../platform/route-audit.ts';
import { resetAttendance, saveAttendance, togglePatientCheckedIn } from './attendance-service.ts';
import { bodyField, clientsOfAttendee, clientsOfEvent, queryField } from './event-clients.ts';

/** A change of attendance or check-in: the gate of booking (scheduling access to the client). */
const attendeeChange = (action: `client.${string}`, locate: ReturnType<typeof clientsOfEvent>) => ({
  action,
  client: { resolve: locate, need: 'hasSchedulingAccess' as const },
});

/**
 * Attendance and check-in of an appointment's clients (spec-1 §7 Scheduling and details;
 * docs/calendar-api.md): scheduling access to the client, audited as client data.
 */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.togglePatientCheckedIn.path,
    {
      config: {
        access: 'scheduling',
        audit: attendeeChange('client.checked_in', clientsOfEvent(bodyField('calendarEventId'))),
      },
      schema: contract.togglePatientCheckedIn.schema,
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
      return { status: 'success' as const, data: { checkedInTime } };
    },
  );

  app.post(
    contract.saveAttendance.path,
    {
      config: {
        access: 'scheduling',
        audit: attendeeChange(
          'client.attendance_saved',
          clientsOfAttendee(queryField('calendar_event_attendee_id')),
        ),
      },
      schema: contract.saveAttendance.schema,
    },
    async (request) => {
      const saved = await saveAttendance(app.db, request, request.query, app.now());
      noteAudit(request, { patientIds: [saved.audit.clientId], detail: saved.audit.detail });
      return { status: 'saved' as const, account_invoice_id: saved.accountInvoiceId };
    },
  );

  app.post(
    contract.resetAttendance.path,
    {
      config: {
        access: 'scheduling',
        audit: attendeeChange(
          'client.attendance_reset',
          clientsOfAttendee(queryField('calendar_event_attendee_id')),
        ),
      },
      schema: contract.resetAttendance.schema,
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
