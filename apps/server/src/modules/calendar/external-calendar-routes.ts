import * as contract from '@openpractice/contracts/calendar/external';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalCalendars } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { connectExternalCalendar } from './external-calendar-connect.ts';
import {
  calendarOfTherapist,
  calendarsOfTherapist,
  syncExternalCalendar,
} from './external-calendar-service.ts';

export const ONLY_THERAPISTS =
  'Only therapists can connect external calendars to their own calendar.';
export const CALENDAR_NOT_FOUND = 'We could not find that external calendar.';

/** The caller's own therapist record: only therapists manage outside calendars. */
function ownTherapist(request: FastifyRequest): { practiceId: number; therapistId: number } {
  const practiceId = practiceScope(request);
  const therapistId = authOf(request).therapistId;
  if (therapistId === null) throw forbidden(ONLY_THERAPISTS);
  return { practiceId, therapistId };
}

/**
 * External (ICS) calendars: connect, list, remove and sync them (spec-1 §4
 * Calendar loading; docs/calendar-api.md). Reading their busy time is external-events-routes.ts.
 */
export const externalCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getTherapistExternalCalendars.path,
    {
      config: { access: 'calendar', audit: 'none' },
      schema: contract.getTherapistExternalCalendars.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const therapistId = authOf(request).therapistId;
      // External calendars load only for therapists (spec-1 §4).
      if (therapistId === null) return { data: [] };
      return { data: await calendarsOfTherapist(app.db, practiceId, therapistId) };
    },
  );

  app.post(
    contract.addExternalCalendar.path,
    {
      config: { access: 'calendar', audit: { action: 'calendar.external_calendar_added' } },
      schema: contract.addExternalCalendar.schema,
    },
    async (request, reply) => {
      const owner = ownTherapist(request);
      const connected = await connectExternalCalendar(app, owner, request.body);
      // The address may carry a private token: it is not written to the audit log.
      noteAudit(request, {
        detail: {
          calendarId: connected.calendar.id,
          therapistId: owner.therapistId,
          events: connected.events,
        },
      });
      reply.status(201);
      return {
        status: 'success' as const,
        message: connected.message ?? 'External calendar connected.',
        data: connected.calendar,
      };
    },
  );

  app.post(
    contract.removeExternalCalendar.path,
    {
      config: { access: 'calendar', audit: { action: 'calendar.external_calendar_removed' } },
      schema: contract.removeExternalCalendar.schema,
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
    contract.syncExternalCalendar.path,
    {
      config: { access: 'calendar', audit: 'none' },
      schema: contract.syncExternalCalendar.schema,
    },
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
};
