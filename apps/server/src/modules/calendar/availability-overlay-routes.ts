import * as contract from '@openpractice/contracts/calendar/events';
import { CALENDAR_EVENT_TYPES, isAvailabilityLookupRangeAllowed } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { availabilityInWindow } from './availability-window-queries.ts';
import { therapistOfPractice } from './queries.ts';

const DAY_MS = 86_400_000;

/** The therapists' availability the calendar draws under its events (spec-1 §5). */
export const calendarAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getAvailability.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.getAvailability.schema },
    async (request) => {
      const q = request.query;
      const from = q.spanFrom.slice(0, 10);
      const to = q.spanTo.slice(0, 10);
      // spec-1 §5: a lookup over more than 7 days returns nothing.
      if (!isAvailabilityLookupRangeAllowed(from, to)) return { data: [] };
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      // spanTo is exclusive (the calendar's end), unless it is the start's own day.
      const last = to > from ? new Date(Date.parse(to) - DAY_MS).toISOString().slice(0, 10) : from;
      const rows = await availabilityInWindow(app.db, {
        practiceId: scope.practiceId,
        therapistIds: q.therapistIds,
        locationIds: q.locationIds,
        from,
        to: last,
      });
      return {
        data: rows.map((r) => ({
          ...r,
          calendar_event_type_constant: CALENDAR_EVENT_TYPES.availability,
        })),
      };
    },
  );

  app.get(
    contract.usesAvailability.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.usesAvailability.schema },
    async (request) => {
      const scope = allowedTherapists(request);
      const therapistId = request.query.user_id_therapist;
      const therapist = await therapistOfPractice(app.db, scope.practiceId, therapistId);
      if (!therapist) throw notFound('We could not find that therapist.');
      const [row] = await rowsOf<{ uses: boolean }>(
        app.db,
        sql`select exists (select 1 from availability_spans s join availability_days d on d.span_id = s.id
              where s.practice_id = ${scope.practiceId} and s.therapist_id = ${therapistId}) as uses`,
      );
      return { data: { usesAvailability: row?.uses ?? false } };
    },
  );
};
