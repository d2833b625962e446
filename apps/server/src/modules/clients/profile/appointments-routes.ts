import { listClientAppointments } from '@openpractice/contracts/clients/profile/appointments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/access.ts';
import { CLIENT_FORBIDDEN } from '../../../platform/client-gate.ts';
import { gateOf } from '../../../platform/route-audit.ts';
import { clientAppointmentsPage } from './appointments-service.ts';

/**
 * The client's appointments on their chart (issue 15 item 3): a read of the client's record,
 * gated and audited like the profile's other parts. It needs a reason to see appointments:
 * the record's details, scheduling or billing (a staff administrator alone has none).
 */
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    listClientAppointments.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: {
            query: 'patientId',
            need: {
              allows: ({ access }) =>
                access.hasDemographicAccess ||
                access.hasSchedulingAccess ||
                access.hasBillingAccess,
              message: CLIENT_FORBIDDEN,
            },
          },
          detail: (request) => ({
            view: 'appointments',
            page: (request.query as { cursor?: string }).cursor === undefined ? 'first' : 'later',
          }),
        },
      },
      schema: listClientAppointments.schema,
    },
    async (request) => {
      const auth = authOf(request);
      return clientAppointmentsPage(
        {
          db: app.db,
          now: app.now(),
          authorities: auth.user.authorities,
          ownTherapistId: auth.therapistId,
        },
        gateOf(request),
        request.query,
      );
    },
  );
};
