import * as contract from '@openpractice/contracts/clients/portal-appointments';
import type { ResponseOf } from '@openpractice/contracts';
import { fullName } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../../platform/access.ts';
import { ownClientId } from '../../../platform/portal-client.ts';
import { practiceTimezone } from '../../../platform/practice-day.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import {
  clientAppointmentsBefore,
  clientAppointmentsFrom,
  type ClientAppointmentRow,
} from '../../calendar/index.ts';

type Appointment = ResponseOf<typeof contract.listMyAppointments>['past'][number];

/** A row as the client sees it: no attendance, charges, or the practice's reasons. */
function forClient(row: ClientAppointmentRow): Appointment {
  const group =
    row.groupClientId === null
      ? null
      : row.eventName.trim() ||
        fullName({
          firstName: row.groupFirstName,
          nickName: row.groupNickName,
          lastName: row.groupLastName,
        });
  return {
    eventId: row.eventId,
    start: row.startAt,
    end: row.endAt,
    allDay: row.allDay,
    therapistName: row.therapistName,
    service: row.serviceName,
    location: row.locationName,
    isTelehealth: row.isTelehealth,
    groupName: group,
    awaitingConfirmation: row.awaitingConfirmation,
    cancelled: row.cancelledAt !== null,
  };
}

/**
 * The portal home's appointments (issue 21 item 4): the signed-in client's own record, found by
 * their sign-in (platform/portal-client.ts), so no other client's can be asked for; with every
 * therapist of theirs. Audited as a read of their record by themself.
 */
export const ownAppointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listMyAppointments.path,
    {
      config: {
        access: 'patient',
        audit: { action: 'client.own_appointments_read', kind: 'list' },
      },
      schema: contract.listMyAppointments.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const clientId = await ownClientId(app.db, request);
      noteAudit(request, { patientIds: [clientId], detail: { via: 'portal' } });
      const scope = { practiceId, clientId, therapistId: null };
      const now = app.now();
      const upcoming = await clientAppointmentsFrom(app.db, scope, {
        now,
        limit: contract.PORTAL_UPCOMING_SHOWN,
      });
      const past = await clientAppointmentsBefore(app.db, scope, {
        now,
        limit: contract.PORTAL_PAST_SHOWN,
        after: null,
      });
      return {
        timezone: await practiceTimezone(app.db, practiceId),
        upcoming: upcoming.rows.map(forClient),
        upcomingTotal: upcoming.total,
        past: past.map(forClient),
      };
    },
  );
};
