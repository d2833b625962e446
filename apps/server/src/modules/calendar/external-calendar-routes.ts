import {
  CALENDAR_WINDOW_MAX_DAYS,
  EXTERNAL_CALENDAR_MESSAGES,
  MAX_EXTERNAL_CALENDARS,
  checkIcsAddress,
  externalEventTitle,
  isSkippedExternalCalendar,
} from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalCalendars } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import { externalEventsInWindow, type ExternalEventRow } from './external-calendar-queries.ts';
import {
  addExternalCalendarBody,
  externalEventsQuery,
  myAndSharedCalendarsBody,
  removeExternalCalendarBody,
  syncExternalCalendarBody,
} from './external-calendar-schemas.ts';
import {
  calendarOfTherapist,
  calendarsOfTherapist,
  connectFailureMessage,
  readExternalCalendar,
  replaceEvents,
  syncExternalCalendar,
  truncatedMessage,
} from './external-calendar-service.ts';
import { eventsInWindow, instantSql, practiceTimezone } from './queries.ts';
import { toCalendarEvent } from './routes.ts';

export const ONLY_THERAPISTS =
  'Only therapists can connect external calendars to their own calendar.';
export const CALENDAR_NOT_FOUND = 'We could not find that external calendar.';

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

/** The caller's own therapist record: only therapists manage outside calendars. */
function ownTherapist(request: FastifyRequest): { practiceId: number; therapistId: number } {
  const practiceId = practiceScope(request);
  const therapistId = authOf(request).therapistId;
  if (therapistId === null) throw forbidden(ONLY_THERAPISTS);
  return { practiceId, therapistId };
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
 * External (ICS) calendars: connect, sync and read their busy time (spec-1 §4
 * Calendar loading; docs/calendar-api.md).
 */
export const externalCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/getTherapistExternalCalendars',
    { config: { access: 'calendar', audit: 'none' } },
    async (request) => {
      const practiceId = practiceScope(request);
      const therapistId = authOf(request).therapistId;
      // External calendars load only for therapists (spec-1 §4).
      if (therapistId === null) return { data: [] };
      return { data: await calendarsOfTherapist(app.db, practiceId, therapistId) };
    },
  );

  app.post(
    '/calendar/externalCalendar/add',
    {
      config: { access: 'calendar', audit: { action: 'calendar.external_calendar_added' } },
      schema: { body: addExternalCalendarBody },
    },
    async (request, reply) => {
      const { practiceId, therapistId } = ownTherapist(request);
      const address = checkIcsAddress(request.body.url);
      if (!address.ok) throw badRequest(address.message, 'url');
      if (isSkippedExternalCalendar(address.url)) {
        throw badRequest(EXTERNAL_CALENDAR_MESSAGES.skipped, 'url');
      }
      const existing = await calendarsOfTherapist(app.db, practiceId, therapistId);
      if (existing.length >= MAX_EXTERNAL_CALENDARS) {
        throw badRequest(`You can connect at most ${MAX_EXTERNAL_CALENDARS} external calendars.`);
      }
      if (existing.some((c) => c.url === address.url)) {
        throw conflict('This calendar is already connected.');
      }
      const timezone = await practiceTimezone(app.db, practiceId);
      const now = app.now();
      let parsed;
      try {
        parsed = await readExternalCalendar(address.url, { timezone, now }, app.outboundFetch);
      } catch (error) {
        throw badRequest(connectFailureMessage(error), 'url');
      }
      if (isSkippedExternalCalendar(parsed.calendarKey)) {
        throw badRequest(EXTERNAL_CALENDAR_MESSAGES.skipped, 'url');
      }
      // The calendar and its events are written together, or not at all.
      const calendarId = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(externalCalendars)
          .values({
            practiceId,
            therapistId,
            calendarKey: (parsed.calendarKey ?? address.url).slice(0, 500),
            name: request.body.name,
            url: address.url,
            color: request.body.color,
            lastSyncedAt: now,
            lastSyncStatus: 'success',
          })
          .returning({ id: externalCalendars.id });
        if (!created) throw new Error('external calendar insert failed');
        await replaceEvents(tx, { id: created.id, practiceId, therapistId }, parsed.events);
        return created.id;
      });
      // The address may carry a private token: it is not written to the audit log.
      noteAudit(request, {
        detail: { calendarId, therapistId, events: parsed.events.length },
      });
      const calendar = await calendarOfTherapist(app.db, { practiceId, therapistId, calendarId });
      const message = truncatedMessage(parsed);
      reply.status(201);
      return {
        status: 'success',
        message: message ?? 'External calendar connected.',
        data: calendar,
      };
    },
  );

  app.post(
    '/calendar/externalCalendar/remove',
    {
      config: { access: 'calendar', audit: { action: 'calendar.external_calendar_removed' } },
      schema: { body: removeExternalCalendarBody },
    },
    async (request) => {
      const { practiceId, therapistId } = ownTherapist(request);
      const removed = await app.db
        .delete(externalCalendars)
        .where(
          and(
            eq(externalCalendars.id, request.body.calendar_id),
            eq(externalCalendars.practiceId, practiceId),
            eq(externalCalendars.therapistId, therapistId),
          ),
        )
        .returning({ id: externalCalendars.id });
      if (removed.length === 0) throw notFound(CALENDAR_NOT_FOUND);
      noteAudit(request, {
        detail: { calendarId: request.body.calendar_id, therapistId },
      });
      return { status: 'success' as const };
    },
  );

  app.post(
    '/calendar/externalCalendar/sync',
    { config: { access: 'calendar', audit: 'none' }, schema: { body: syncExternalCalendarBody } },
    async (request) => {
      const { practiceId, therapistId } = ownTherapist(request);
      // The legacy call names the user whose calendar it syncs: only their own.
      if (request.body.user_id !== authOf(request).user.id) throw forbidden(ONLY_THERAPISTS);
      const calendar = await calendarOfTherapist(app.db, {
        practiceId,
        therapistId,
        calendarId: request.body.calendar_id,
      });
      if (!calendar) throw notFound(CALENDAR_NOT_FOUND);
      const timezone = await practiceTimezone(app.db, practiceId);
      const result = await syncExternalCalendar(
        app.db,
        { ...calendar, practiceId },
        { timezone, now: app.now() },
        app.outboundFetch,
      );
      return { status: result.status, data: result };
    },
  );

  app.get(
    '/calendar/externalCalendar/events',
    { config: { access: 'calendar', audit: 'none' }, schema: { querystring: externalEventsQuery } },
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
    '/calendar/getMyCalendarAndSharedCalendars',
    { config: { access: 'calendar', audit: 'none' }, schema: { body: myAndSharedCalendarsBody } },
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
          start,
          end,
          includeCancelled: q.includeCancelledEvents,
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
          events: events.map(toCalendarEvent),
          externalEvents: external
            .filter(notSkipped)
            .map((row) => toExternalEvent(row, auth.user.id)),
        },
      };
    },
  );
};
