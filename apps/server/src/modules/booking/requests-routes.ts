import * as contract from '@openpractice/contracts/booking/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientsToConfirm,
  clientsToDecline,
  confirmRequest,
  declineRequest,
} from './requests-decide.ts';
import { clientsShown, listRequests } from './requests-list.ts';

/**
 * Staff answer online booking requests (role 'scheduling'): managers and
 * schedulers see the whole practice's, a therapist who is only a therapist
 * their own (another's is 403, as on the calendar); another practice's id is
 * 404. The platform gates and audits each call from its declaration, in one
 * transaction with the decision.
 */
export const bookingRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, mailer: app.mailer, now: app.now() });

  app.get(
    contract.listRequests.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.booking_requests_viewed',
          returned: (page: Awaited<ReturnType<typeof listRequests>>) => clientsShown(page),
          detail: (request) => ({ status: (request.query as { status: string }).status }),
        },
      },
      schema: contract.listRequests.schema,
    },
    (request) => listRequests(app.db, request, request.query),
  );

  app.post(
    contract.confirmRequest.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.booking_request_confirmed',
          client: { resolve: clientsToConfirm, need: 'hasSchedulingAccess' },
        },
      },
      schema: contract.confirmRequest.schema,
    },
    async (request) => ({
      data: await confirmRequest(deps(), request, request.body),
    }),
  );

  app.post(
    contract.declineRequest.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.booking_request_declined',
          client: { resolve: clientsToDecline, need: 'hasSchedulingAccess' },
        },
      },
      schema: contract.declineRequest.schema,
    },
    async (request) => ({
      data: await declineRequest(deps(), request, request.body),
    }),
  );
};
