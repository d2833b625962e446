import {
  CALENDAR_EVENT_TYPES,
  CALENDAR_WINDOW_MAX_DAYS,
  THERAPIST_SELECTION_LIMIT,
  hasRole,
} from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import {
  availabilitySpansOf,
  calendarVersionOf,
  externalCalendarsOf,
  visibleTherapists,
} from './calendars-queries.ts';
import { availabilityInWindow, practiceTimezone } from './queries.ts';
import { dayOrInstant } from './schemas.ts';

const DAY_MS = 86_400_000;
/** A window may be 43 calendar days; a clock change inside it adds up to an hour. */
const MAX_WINDOW_MS = CALENDAR_WINDOW_MAX_DAYS * DAY_MS + 2 * 3_600_000;

/** Ids in a query string: repeated keys or one comma-separated value. */
const idList = (max: number, what: string) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
        .map((s) => String(s).trim())
        .filter((s) => s !== '')
        .map(Number),
    z
      .array(z.number().int().positive().max(2_147_483_647))
      .max(max, `Choose at most ${max} ${what}.`),
  );

const therapistIds = idList(THERAPIST_SELECTION_LIMIT, 'therapists').refine(
  (ids) => ids.length > 0,
  { message: 'Choose at least one therapist.' },
);

const therapistAvailabilityQuery = z.object({
  therapistIds,
  locationIds: idList(100, 'locations').optional(),
  start: dayOrInstant,
  end: dayOrInstant,
});

const spansQuery = z.object({ therapistIds });

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
 * Which calendars a user sees, the availability behind them and the
 * live-change version (spec-1 §7 Calendar; docs/calendar-api.md).
 */
export const calendarsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Therapists, availability and a version counter: none of it is client data.
  app.get(
    '/calendar/getVisibleCalendars',
    { config: { access: 'calendar', audit: 'none' } },
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
    '/calendar/getMyCalendars',
    { config: { access: 'calendar', audit: 'none' } },
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

  app.get(
    '/calendar/getTherapistAvailability',
    {
      config: { access: 'calendar', audit: 'none' },
      schema: { querystring: therapistAvailabilityQuery },
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
    '/availability/getAvailabilitySpansForTherapists',
    { config: { access: 'calendar', audit: 'none' }, schema: { querystring: spansQuery } },
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

  // A counter only: it says that something changed, never what or whose.
  app.get(
    '/calendar/changes',
    { config: { access: 'calendar', audit: 'none' } },
    async (request) => ({
      data: { version: await calendarVersionOf(app.db, practiceScope(request)) },
    }),
  );
};
