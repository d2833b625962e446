import * as contract from '@openpractice/contracts/calendar/calendars';
import { CALENDAR_EVENT_TYPES, CALENDAR_WINDOW_MAX_DAYS } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { availabilitySpansOf } from './calendars-queries.ts';
import { availabilityInWindow } from './availability-window-queries.ts';

const DAY_MS = 86_400_000;
/** A window may be 43 calendar days; a clock change inside it adds up to an hour. */
const MAX_WINDOW_MS = CALENDAR_WINDOW_MAX_DAYS * DAY_MS + 2 * 3_600_000;

/** The calendar day of a bare date or an instant, in the practice's time zone. */
function localDay(value: string, timezone: string): string {
  if (value.length === 10) return value;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(value));
}

/** Milliseconds of a bare date (as UTC midnight) or an instant; only differences matter. */
const msOf = (value: string) => Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);

/**
 * The availability behind the calendars a user sees, and the spans it comes from
 * (spec-1 §7 Calendar; docs/calendar-api.md). None of it is client data.
 */
export const therapistAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getTherapistAvailability.path,
    {
      config: { access: 'calendar', audit: 'none' },
      schema: contract.getTherapistAvailability.schema,
    },
    async (request) => {
      const q = request.query;
      const span = msOf(q.end) - msOf(q.start);
      if (!(span > 0)) throw badRequest('The end must be after the start.', 'end');
      if (span > MAX_WINDOW_MS) {
        throw badRequest(`Load at most ${CALENDAR_WINDOW_MAX_DAYS} days at a time.`, 'end');
      }
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      const timezone = await practiceTimezone(app.db, scope.practiceId);
      const from = localDay(q.start, timezone);
      // The end is exclusive: the last day is the one before it (unless it is the start's own day).
      const endDay = localDay(q.end, timezone);
      const lastDay =
        endDay > from ? new Date(msOf(endDay) - DAY_MS).toISOString().slice(0, 10) : from;
      const rows = await availabilityInWindow(app.db, {
        practiceId: scope.practiceId,
        therapistIds: q.therapistIds,
        locationIds: q.locationIds,
        from,
        to: lastDay,
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
    contract.getAvailabilitySpansForTherapists.path,
    {
      config: { access: 'calendar', audit: 'none' },
      schema: contract.getAvailabilitySpansForTherapists.schema,
    },
    async (request) => {
      const scope = allowedTherapists(request);
      const ids = [...new Set(request.query.therapistIds)];
      assertMayUse(scope, ids);
      const rows = await availabilitySpansOf(app.db, {
        practiceId: scope.practiceId,
        therapistIds: ids,
      });
      const byTherapist: Record<
        string,
        { id: number; span_from: string | null; span_to: string | null }[]
      > = Object.fromEntries(ids.map((id) => [String(id), []]));
      for (const row of rows) {
        byTherapist[String(row.therapistId)]?.push({
          id: row.id,
          span_from: row.span_from,
          span_to: row.span_to,
        });
      }
      return { data: byTherapist };
    },
  );
};
