import * as contract from '@openpractice/contracts/calendar/calendars';
import { THERAPIST_SELECTION_LIMIT, hasRole } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { allowedTherapists } from '../../platform/calendar-reach.ts';
import { calendarVersionOf, externalCalendarsOf, visibleTherapists } from './calendars-queries.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';

/**
 * Which calendars a user sees and the live-change version (spec-1 §7 Calendar;
 * docs/calendar-api.md). The availability behind them is therapist-availability-routes.ts.
 */
export const calendarsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Therapists, availability and a version counter: none of it is client data.
  app.get(
    contract.getVisibleCalendars.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.getVisibleCalendars.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const auth = authOf(request);
      // The 'calendar' access rule already refused staff without a calendar role.
      const reach = allowedTherapists(request);
      const [therapists, timezone] = await Promise.all([
        visibleTherapists(app.db, { practiceId, currentUserId: auth.user.id, only: reach.only }),
        practiceTimezone(app.db, practiceId),
      ]);
      return {
        data: {
          therapists,
          reach: reach.only === null ? ('practice' as const) : ('own' as const),
          currentTherapistId: auth.therapistId,
          maxSelectable: THERAPIST_SELECTION_LIMIT,
          maySchedule: hasRole(auth.user.authorities, 'scheduling'),
          timezone,
          /** Whose choices the browser remembers, and the user's screen-reader setting. */
          userId: auth.user.id,
          screenReader: auth.user.screenReader,
        },
      };
    },
  );

  app.get(
    contract.getMyCalendars.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.getMyCalendars.schema },
    async (request) => {
      const practiceId = practiceScope(request);
      const auth = authOf(request);
      // The caller's own calendars only: their therapist record in this practice, if any.
      const therapistId = auth.therapistId;
      if (therapistId === null) return { data: { calendars: [] } };
      const [own] = await visibleTherapists(app.db, {
        practiceId,
        currentUserId: auth.user.id,
        only: therapistId,
      });
      const external = await externalCalendarsOf(app.db, { practiceId, therapistId });
      return {
        data: {
          calendars: [
            ...(own
              ? [
                  {
                    kind: 'practice' as const,
                    therapistId,
                    name: `${own.practitionerFirstName} ${own.practitionerLastName}`.trim(),
                  },
                ]
              : []),
            ...external.map((c) => ({ kind: 'external' as const, ...c })),
          ],
        },
      };
    },
  );

  // A counter only: it says that something changed, never what or whose.
  app.get(
    contract.calendarChanges.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.calendarChanges.schema },
    async (request) => ({
      data: { version: await calendarVersionOf(app.db, practiceScope(request)) },
    }),
  );
};
