import type * as events from '@openpractice/contracts/calendar/events';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { instantSql, isoOf } from '../../platform/sql.ts';
import {
  ATTENDED_CANNOT_MOVE,
  booking,
  CANCELLED_CANNOT_MOVE,
  seriesMoveTaken,
  SLOT_TAKEN,
} from './booking-rules.ts';
import { placeEvents, type Window } from './place-events.ts';
import {
  changeableEvent,
  idsOf,
  lockedPlan,
  outcomeOf,
  SERIES_MOVE_ALL_DAY,
  type ChangeOutcome,
} from './series-service.ts';

type RescheduleInput = z.output<typeof events.rescheduleEvent.schema.body>;

/** The event's new start and end; an all-day event covers whole days of the practice's zone. */
async function newWindow(db: Db, input: RescheduleInput, timezone: string): Promise<Window> {
  const start = instantSql(input.calendar_event_starttime, timezone);
  const end = instantSql(input.calendar_event_endtime, timezone);
  const [window] = await rowsOf<Window>(
    db,
    input.calendar_event_allday
      ? sql`select ${isoOf(sql`sd::timestamp at time zone ${timezone}`)} as "startAt",
              ${isoOf(sql`greatest(ed, sd + 1)::timestamp at time zone ${timezone}`)} as "endAt"
            from (select (${start} at time zone ${timezone})::date as sd,
                         (${end} at time zone ${timezone})::date as ed) x`
      : sql`select ${isoOf(start)} as "startAt", ${isoOf(end)} as "endAt"`,
  );
  if (!window || window.endAt <= window.startAt) {
    throw badRequest('The event must end after it starts.', 'calendar_event_endtime');
  }
  return window;
}

/**
 * Moves an event (drag and drop). 'this' moves the occurrence alone (it stays
 * in its series); 'following' and 'series' shift every live occurrence from
 * this one on, or of the whole series, by the same wall-clock change in the
 * practice's zone, skipping cancelled ones and those with attendance. Refused
 * with a reason (403), or with 409 for a taken slot (nothing moves).
 */
export async function rescheduleEvent(
  db: Db,
  request: FastifyRequest,
  input: RescheduleInput,
): Promise<ChangeOutcome> {
  const { practiceId, event } = await changeableEvent(db, request, input.calendar_event_id);
  if (event.cancelled) throw forbidden(CANCELLED_CANNOT_MOVE);
  if (event.attendanceRecorded) throw forbidden(ATTENDED_CANNOT_MOVE);
  const timezone = await practiceTimezone(db, practiceId);
  const window = await newWindow(db, input, timezone);
  const wholeSeries = input.scope !== 'this' && event.seriesId !== null;
  if (wholeSeries && input.calendar_event_allday) {
    throw badRequest(SERIES_MOVE_ALL_DAY, 'calendar_event_allday');
  }
  const moved = await booking(() =>
    db.transaction(async (tx) => {
      const plan = await lockedPlan(tx, practiceId, event, wholeSeries ? input.scope : 'this');
      // Re-read under the lock: the event may have been cancelled or attended meanwhile.
      const anchor = plan.skipped.find((s) => s.occurrence.calendar_event_id === event.id);
      if (anchor) {
        throw forbidden(
          anchor.reason === 'cancelled' ? CANCELLED_CANNOT_MOVE : ATTENDED_CANNOT_MOVE,
        );
      }
      await placeEvents(tx, {
        practiceId,
        anchor: event,
        ids: idsOf(plan.targets),
        placement: {
          window,
          minutes: null,
          therapistId: event.therapistId,
          allowDoubleBooking: input.allowDoubleBooking,
          allDay: wholeSeries ? null : input.calendar_event_allday,
        },
        timezone,
        taken: wholeSeries ? seriesMoveTaken : () => SLOT_TAKEN,
      });
      return plan.targets;
    }),
  );
  return outcomeOf(moved, 'rescheduled', {
    eventId: event.id,
    eventIds: idsOf(moved),
    scope: wholeSeries ? input.scope : 'this',
    from: event.startAt,
    to: window.startAt,
    ...(input.allowDoubleBooking ? { allowDoubleBooking: true } : {}),
  });
}
