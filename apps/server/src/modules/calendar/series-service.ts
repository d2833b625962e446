import { seriesScopeTargets, type SeriesScope, type SeriesScopePlan } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../platform/access.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { clientsOfOccurrences } from './event-clients.ts';
import {
  eventOfPractice,
  seriesOccurrences,
  seriesOfPractice,
  type EventRow,
  type SeriesOccurrenceRow,
} from './queries.ts';
import { idArray } from '../../platform/sql.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import type * as events from '@openpractice/contracts/calendar/events';
import type { z } from 'zod';
import { EVENT_NOT_FOUND } from './service.ts';

type CancelInput = z.output<typeof events.cancelEvent.schema.body>;

export const ALREADY_CANCELLED = 'This event is already cancelled.';
export const ATTENDED_CANNOT_CANCEL =
  'Attendance has been recorded for this appointment, so it cannot be cancelled. Reset the attendance first.';
export const CANCELLED_CANNOT_CHANGE = 'A cancelled appointment cannot be changed.';
export const ATTENDED_CANNOT_CHANGE =
  'Attendance has been recorded for this appointment, so it cannot be changed. Reset the attendance first.';
export const NOTHING_TO_CHANGE = 'Choose something to change.';
export const ONLY_APPOINTMENTS =
  'Only appointments can be changed here. Change a meeting from its details.';
export const SERIES_MOVE_ALL_DAY =
  'Appointments of a series keep their time of day. Move this appointment on its own to make it all day.';
export const NOTHING_LEFT_TO_CANCEL =
  'Nothing in this choice can be cancelled: every appointment is already cancelled or has its attendance recorded.';

export type Touched = Pick<
  SeriesOccurrenceRow,
  'calendar_event_id' | 'clientIds' | 'groupClientId'
>;

/** The event (of the caller's practice, on a calendar the caller may change). */
export async function changeableEvent(
  db: Db,
  request: FastifyRequest,
  eventId: number,
): Promise<{ practiceId: number; event: EventRow }> {
  const scope = allowedTherapists(request);
  const event = await eventOfPractice(db, scope.practiceId, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  assertMayUse(scope, [event.therapistId]);
  return { practiceId: scope.practiceId, event };
}

/**
 * Inside a transaction: locks the event's series, and picks the occurrences
 * the scope covers with the domain rule (the one the web dialog shows). An
 * event outside a series is its own one-occurrence series.
 */
export async function lockedPlan(
  tx: Db,
  practiceId: number,
  event: EventRow,
  scope: SeriesScope,
): Promise<SeriesScopePlan<SeriesOccurrenceRow>> {
  const occurrences = await seriesOccurrences(tx, {
    practiceId,
    seriesId: event.seriesId,
    eventId: event.id,
    lock: true,
  });
  return seriesScopeTargets(occurrences, event.id, event.seriesId === null ? 'this' : scope);
}

export const idsOf = (rows: readonly { calendar_event_id: number }[]) =>
  rows.map((r) => r.calendar_event_id);

/**
 * What a change did, for the route's audit row (the platform writes it in the
 * change's own transaction): the events, every client they are for (members
 * and the group), and the parts of the change worth keeping. A meeting or
 * out-of-office block has no client: its row keeps the platform event's name.
 */
export type ChangeOutcome = {
  eventIds: number[];
  clientIds: number[];
  detail: Record<string, unknown>;
  action?: `calendar.event_${'moved' | 'cancelled' | 'updated'}`;
};

export function outcomeOf(
  touched: readonly Touched[],
  action: 'rescheduled' | 'cancelled' | 'updated',
  detail: Record<string, unknown>,
): ChangeOutcome {
  const clientIds = clientsOfOccurrences(touched);
  const outcome = { eventIds: idsOf(touched), clientIds, detail };
  if (clientIds.length > 0) return outcome;
  return { ...outcome, action: `calendar.event_${action === 'rescheduled' ? 'moved' : action}` };
}

/** Cancels one event, it and the later occurrences of its series, or every live occurrence. */
export async function cancelEvent(
  db: Db,
  request: FastifyRequest,
  input: CancelInput,
  now: Date,
): Promise<ChangeOutcome> {
  const { practiceId, event } = await changeableEvent(db, request, input.id);
  const scope: SeriesScope = event.seriesId === null ? 'this' : input.scope;
  const cancelled = await db.transaction(async (tx) => {
    const plan = await lockedPlan(tx, practiceId, event, scope);
    if (scope === 'this') {
      const anchor = plan.skipped[0];
      if (anchor?.reason === 'cancelled') throw conflict(ALREADY_CANCELLED);
      if (anchor?.reason === 'attended') throw forbidden(ATTENDED_CANNOT_CANCEL);
    }
    if (plan.targets.length === 0) throw conflict(NOTHING_LEFT_TO_CANCEL);
    await tx.execute(
      sql`update calendar_events set cancelled_at = ${now.toISOString()}::timestamptz,
            cancelled_by_user_id = ${authOf(request).user.id},
            cancel_reason = ${input.reason || null}, updated_at = now()
          where id = any(${idArray(idsOf(plan.targets))}) and cancelled_at is null`,
    );
    return plan.targets;
  });
  return outcomeOf(cancelled, 'cancelled', {
    eventIds: idsOf(cancelled),
    scope,
    reason: input.reason || null,
  });
}

export type SeriesView = {
  seriesId: number | null;
  intervalWeeks: number | null;
  untilDate: string | null;
  /** The practice's time zone, in which the series keeps its wall-clock time. */
  timezone: string;
  occurrences: {
    calendar_event_id: number;
    start_date_time: string;
    end_date_time: string;
    cancelled: boolean;
    attended: boolean;
  }[];
};

/** The series an event belongs to, every occurrence by start; an event outside a series is listed alone. */
export async function seriesOfEvent(
  db: Db,
  request: FastifyRequest,
  eventId: number,
): Promise<SeriesView> {
  const scope = allowedTherapists(request);
  const event = await eventOfPractice(db, scope.practiceId, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  assertMayUse(scope, [event.therapistId]);
  const [series, occurrences, timezone] = await Promise.all([
    event.seriesId === null
      ? Promise.resolve(undefined)
      : seriesOfPractice(db, scope.practiceId, event.seriesId),
    seriesOccurrences(db, {
      practiceId: scope.practiceId,
      seriesId: event.seriesId,
      eventId: event.id,
    }),
    practiceTimezone(db, scope.practiceId),
  ]);
  return {
    seriesId: series?.id ?? null,
    intervalWeeks: series?.intervalWeeks ?? null,
    untilDate: series?.untilDate ?? null,
    timezone,
    occurrences: occurrences.map((o) => ({
      calendar_event_id: o.calendar_event_id,
      start_date_time: o.start_date_time,
      end_date_time: o.end_date_time,
      cancelled: o.cancelled,
      attended: o.attended,
    })),
  };
}
