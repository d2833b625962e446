import * as contract from '@openpractice/contracts/calendar/events';
import { CALENDAR_WINDOW_MAX_DAYS } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { calendarVersionOf } from './calendars-queries.ts';
import { eventsInWindow } from './window-events.ts';
import { WindowCache } from './window-cache.ts';

const DAY_MS = 86_400_000;
/** About a dozen busy month views, per server process. */
const WINDOW_CACHE_BYTES = 32 * 1024 * 1024;

type WindowAnswer = z.output<(typeof contract.getTherapistAppointments.schema.response)[200]>;

/** The calendar's window of events (spec-1 §7 Calendar), cached per practice and calendar version. */
export const calendarWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  const windows = new WindowCache(WINDOW_CACHE_BYTES);

  app.get(
    contract.getTherapistAppointments.path,
    {
      config: {
        access: 'calendar',
        // One row per read naming every client whose appointment it showed (issue 13 finding 3).
        audit: {
          action: 'client.calendar_read',
          kind: 'list',
          detail: (request) => {
            const q = request.query as { therapistIds: number[]; start: string; end: string };
            return { therapistIds: q.therapistIds, start: q.start, end: q.end };
          },
        },
      },
      schema: contract.getTherapistAppointments.schema,
    },
    async (request, reply) => {
      const q = request.query;
      const span = Date.parse(q.end) - Date.parse(q.start);
      if (!(span > 0)) throw badRequest('The end must be after the start.', 'end');
      if (span > CALENDAR_WINDOW_MAX_DAYS * DAY_MS + 2 * 3_600_000) {
        throw badRequest(`Load at most ${CALENDAR_WINDOW_MAX_DAYS} days at a time.`, 'end');
      }
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      const [version, timezone] = await Promise.all([
        calendarVersionOf(app.db, scope.practiceId),
        practiceTimezone(app.db, scope.practiceId),
      ]);
      // The answer depends only on these (access was checked above), so users share entries.
      const key = [
        scope.practiceId,
        version,
        q.therapistIds.join(','),
        q.locationIds?.join(',') ?? '',
        q.start,
        q.end,
        q.includeCancelledEvents,
      ].join('|');
      let window = windows.get(key);
      if (window === undefined) {
        window = await eventsInWindow(app.db, {
          practiceId: scope.practiceId,
          therapistIds: q.therapistIds,
          locationIds: q.locationIds,
          start: q.start,
          end: q.end,
          includeCancelled: q.includeCancelledEvents,
          timezone,
        });
        // The answer comes as its JSON text (window-wire.ts): nothing to stringify.
        windows.set(key, window);
      }
      // A cached answer is still a read: its clients go on this caller's audit row.
      noteAudit(request, { patientIds: window.clientIds, detail: { events: window.events } });
      // Returned rather than sent, so it leaves after the audit row commits.
      // Fastify sends a string as it is: the cached text of a WindowAnswer.
      reply.type('application/json; charset=utf-8');
      return window.json as unknown as WindowAnswer;
    },
  );
};
