import * as contract from '@openpractice/contracts/calendar/find-appointment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedTherapists, assertMayUse } from '../../../platform/calendar-reach.ts';
import { findAvailability } from './service.ts';

/**
 * Find an appointment (spec-1 §4, §7 "find availability v2"): open slots of
 * the chosen therapists over at most 7 days (docs/availability-api.md).
 */
export const findAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.findAvailabilityV2.path,
    { config: { access: 'scheduling', audit: 'none' }, schema: contract.findAvailabilityV2.schema },
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
