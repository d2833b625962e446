import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientsToConfirm,
  clientsToDecline,
  confirmRequest,
  declineRequest,
} from './requests-decide.ts';
import { clientsShown, listRequests } from './requests-list.ts';
import { confirmBody, declineBody, requestsQuery } from './schemas.ts';

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
    '/selfSchedule/requests',
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.booking_requests_viewed',
          returned: (page: Awaited<ReturnType<typeof listRequests>>) => clientsShown(page),
          detail: (request) => ({ status: (request.query as { status: string }).status }),
        },
      },
      schema: { querystring: requestsQuery },
    },
    (request) => listRequests(app.db, request, request.query),
  );

  app.post(
    '/selfSchedule/confirmRequest',
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.booking_request_confirmed',
          client: { resolve: clientsToConfirm, need: 'hasSchedulingAccess' },
        },
      },
      schema: { body: confirmBody },
    },
    async (request) => ({
      data: await confirmRequest(deps(), request, request.body),
    }),
  );

  app.post(
    '/selfSchedule/declineRequest',
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.booking_request_declined',
          client: { resolve: clientsToDecline, need: 'hasSchedulingAccess' },
        },
      },
      schema: { body: declineBody },
    },
    async (request) => ({
      data: await declineRequest(deps(), request, request.body),
    }),
  );
};
