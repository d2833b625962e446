import type { calendarEvent } from '@openpractice/contracts/calendar/events';
import * as contract from '@openpractice/contracts/calendar/external';
import {
  CALENDAR_WINDOW_MAX_DAYS,
  externalEventTitle,
  isSkippedExternalCalendar,
} from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authOf } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { instantSql } from '../../platform/sql.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { externalEventsInWindow, type ExternalEventRow } from './external-calendar-queries.ts';
import { eventsInWindow } from './window-events.ts';

const DAY_MS = 86_400_000;
/** A window may be 43 calendar days; a clock change inside it adds up to an hour. */
const MAX_WINDOW_MS = CALENDAR_WINDOW_MAX_DAYS * DAY_MS + 2 * 3_600_000;
const msOf = (value: string) => Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);

function assertWindow(start: string, end: string): void {
  const span = msOf(end) - msOf(start);
  if (!(span > 0)) throw badRequest('The end must be after the start.', 'end');
  if (span > MAX_WINDOW_MS) {
    throw badRequest(`Load at most ${CALENDAR_WINDOW_MAX_DAYS} days at a time.`, 'end');
  }
}

/** An event as the calendar receives it: titles only for their owner (spec, issue 5 item 12). */
function toExternalEvent(row: ExternalEventRow, viewerUserId: number) {
  return {
    id: row.id,
    title: externalEventTitle(row.title, row.ownerUserId, viewerUserId),
    start: row.start,
    end: row.end,
    allDay: row.allDay,
    calendarId: row.calendarId,
    color: row.color,
    therapistId: row.therapistId,
  };
}

const notSkipped = (row: ExternalEventRow) =>
  !isSkippedExternalCalendar(row.calendarKey) && !isSkippedExternalCalendar(row.url);

/**
 * Reading external (ICS) calendars' busy time, alone or beside the practice's own events
 * (spec-1 §4 Calendar loading; docs/calendar-api.md).
 */
export const externalEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getExternalEvents.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.getExternalEvents.schema },
    async (request) => {
      const q = request.query;
      assertWindow(q.start, q.end);
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      const timezone = await practiceTimezone(app.db, scope.practiceId);
      const rows = await externalEventsInWindow(app.db, {
        practiceId: scope.practiceId,
        therapistIds: q.therapistIds,
        calendarIds: null,
        start: instantSql(q.start, timezone),
        end: instantSql(q.end, timezone),
      });
      const viewer = authOf(request).user.id;
      return { data: rows.filter(notSkipped).map((row) => toExternalEvent(row, viewer)) };
    },
  );

  app.post(
    contract.getMyCalendarAndSharedCalendars.path,
    {
      config: { access: 'calendar', audit: 'none' },
      schema: contract.getMyCalendarAndSharedCalendars.schema,
    },
    async (request) => {
      const q = request.body;
      assertWindow(q.start, q.end);
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      const auth = authOf(request);
      const timezone = await practiceTimezone(app.db, scope.practiceId);
      const start = instantSql(q.start, timezone);
      const end = instantSql(q.end, timezone);
      // External-service events show only when the current user is among the shown therapists (spec-1 §4).
      const showExternal = auth.therapistId !== null && q.therapistIds.includes(auth.therapistId);
      const [events, external] = await Promise.all([
        eventsInWindow(app.db, {
          practiceId: scope.practiceId,
          therapistIds: q.therapistIds,
          locationIds: q.locationIds ?? undefined,
          start: q.start,
          end: q.end,
          includeCancelled: q.includeCancelledEvents,
          timezone,
        }),
        showExternal
          ? externalEventsInWindow(app.db, {
              practiceId: scope.practiceId,
              therapistIds: q.therapistIds,
              calendarIds: q.externalCalendarIds ?? null,
              start,
              end,
            })
          : Promise.resolve([]),
      ]);
      return {
        data: {
          // The window comes as the JSON text of getTherapistAppointments's answer
          // (window-wire.ts); here its events are one part of a larger answer.
          events: (JSON.parse(events.json) as { data: z.output<typeof calendarEvent>[] }).data,
          externalEvents: external
            .filter(notSkipped)
            .map((row) => toExternalEvent(row, auth.user.id)),
        },
      };
    },
  );
};
