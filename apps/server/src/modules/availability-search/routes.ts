import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedTherapists, assertMayUse } from '../calendar/access.ts';
import { findAvailabilityBody } from './schemas.ts';
import { findAvailability } from './service.ts';

/**
 * Find an appointment (spec-1 §4, §7 "find availability v2"): open slots of
 * the chosen therapists over at most 7 days (docs/availability-api.md).
 */
export const findAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/availability/findAvailabilityV2',
    { config: { access: 'scheduling', audit: 'none' }, schema: { body: findAvailabilityBody } },
    async (request) => {
      // Therapist-only users look in their own calendar, as on the calendar page.
      const scope = allowedTherapists(request);
      assertMayUse(scope, request.body.therapistIds);
      return {
        data: await findAvailability(app.db, {
          practiceId: scope.practiceId,
          body: request.body,
          now: app.now(),
        }),
      };
    },
  );
};
