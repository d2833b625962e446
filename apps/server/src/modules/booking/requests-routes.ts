import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideRequest, listRequests } from './requests-service.ts';
import { confirmBody, declineBody, requestsQuery } from './schemas.ts';

/**
 * Staff answer online booking requests (role 'scheduling'): managers and
 * schedulers see the whole practice's, a therapist who is only a therapist
 * their own (another's is 403, as on the calendar); another practice's id is 404.
 */
export const bookingRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const scheduling = { access: 'scheduling' as const };

  app.get(
    '/selfSchedule/requests',
    { config: scheduling, schema: { querystring: requestsQuery } },
    (request) => listRequests(app.db, request, request.query),
  );

  app.post(
    '/selfSchedule/confirmRequest',
    { config: scheduling, schema: { body: confirmBody } },
    async (request) => ({
      data: await decideRequest({ db: app.db, mailer: app.mailer, now: app.now() }, request, {
        requestId: request.body.requestId,
        decision: 'confirm',
      }),
    }),
  );

  app.post(
    '/selfSchedule/declineRequest',
    { config: scheduling, schema: { body: declineBody } },
    async (request) => ({
      data: await decideRequest({ db: app.db, mailer: app.mailer, now: app.now() }, request, {
        requestId: request.body.requestId,
        decision: 'decline',
        reason: request.body.reason,
      }),
    }),
  );
};
