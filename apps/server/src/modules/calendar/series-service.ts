import {
  formatSeriesDay,
  seriesScopeTargets,
  type SeriesScope,
  type SeriesScopePlan,
} from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import { clientsOfOccurrences } from './event-clients.ts';
import {
  eventOfPractice,
  firstOverlap,
  idArray,
  instantSql,
  isoOf,
  practiceTimezone,
  seriesOccurrences,
  seriesOfPractice,
  type EventRow,
  type SeriesOccurrenceRow,
} from './queries.ts';
import type { CancelInput, RescheduleInput, UpdateAppointmentInput } from './schemas.ts';
import {
  ATTENDED_CANNOT_MOVE,
  assertLocation,
  booking,
  CANCELLED_CANNOT_MOVE,
  EVENT_NOT_FOUND,
} from './service.ts';

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
/** 409 when shifting occurrences would meet another booking: names the first such day. */
export const seriesMoveTaken = (day: string) =>
  `On ${day} the moved appointment would overlap another booking of this therapist, so nothing was moved. Choose another time.`;
export const seriesEditTaken = (day: string) =>
  `On ${day} the longer appointment would overlap another booking of this therapist, so nothing was changed. Choose a shorter duration or another time.`;
export const seriesMoveBackwards = (day: string) =>
  `On ${day} the appointment would end before it starts, so nothing was moved.`;

type Touched = Pick<SeriesOccurrenceRow, 'calendar_event_id' | 'clientIds' | 'groupClientId'>;

/** The event (of the caller's practice, on a calendar the caller may change). */
async function changeableEvent(
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
async function lockedPlan(
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

const idsOf = (rows: readonly { calendar_event_id: number }[]) =>
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

function outcomeOf(
  touched: readonly Touched[],
  action: 'rescheduled' | 'cancelled' | 'updated',
  detail: Record<string, unknown>,
): ChangeOutcome {
  const clientIds = clientsOfOccurrences(touched);
  const outcome = { eventIds: idsOf(touched), clientIds, detail };
  if (clientIds.length > 0) return outcome;
  return { ...outcome, action: `calendar.event_${action === 'rescheduled' ? 'moved' : action}` };
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
  const start = instantSql(input.calendar_event_starttime, timezone);
  const end = instantSql(input.calendar_event_endtime, timezone);
  const [window] = await rowsOf<{ startAt: string; endAt: string }>(
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
      if (!wholeSeries) {
        await tx.execute(
          sql`update calendar_events set start_at = ${window.startAt}::timestamptz,
                end_at = ${window.endAt}::timestamptz, all_day = ${input.calendar_event_allday},
                updated_at = now()
              where id = ${event.id} and cancelled_at is null`,
        );
        return plan.targets;
      }
      const ids = idsOf(plan.targets);
      // Each occurrence keeps its own wall-clock time and moves by the same wall-clock change.
      const shifted = await rowsOf<{
        id: number;
        startAt: string;
        endAt: string;
        constrained: boolean;
      }>(
        tx,
        sql`select e.id, ${isoOf(sql`s`)} as "startAt", ${isoOf(sql`f`)} as "endAt",
              not e.allow_double_booking as constrained
            from calendar_events e,
              lateral (select ((e.start_at at time zone ${timezone}) + d.ds) at time zone ${timezone} as s,
                              ((e.end_at at time zone ${timezone}) + d.de) at time zone ${timezone} as f
                       from (select (${window.startAt}::timestamptz at time zone ${timezone})
                                      - (${event.startAt}::timestamptz at time zone ${timezone}) as ds,
                                    (${window.endAt}::timestamptz at time zone ${timezone})
                                      - (${event.endAt}::timestamptz at time zone ${timezone}) as de) d) n
            where e.id = any(${idArray(ids)})
            order by s, e.id`,
      );
      const backwards = shifted.find((r) => r.endAt <= r.startAt);
      if (backwards) {
        throw badRequest(seriesMoveBackwards(formatSeriesDay(backwards.startAt, timezone)));
      }
      const taken = await firstOverlap(tx, {
        practiceId,
        therapistId: event.therapistId,
        ranges: shifted.filter((r) => r.constrained),
        exceptIds: ids,
      });
      if (taken) throw conflict(seriesMoveTaken(formatSeriesDay(taken.startAt, timezone)));
      // Take the occurrences out of the no-overlap constraint while they move, so a shift of a
      // week or more does not meet their own old places; putting them back checks them again.
      const constrained = shifted.filter((r) => r.constrained).map((r) => r.id);
      if (constrained.length > 0) {
        await tx.execute(
          sql`update calendar_events set allow_double_booking = true where id = any(${idArray(constrained)})`,
        );
      }
      await tx.execute(
        sql`update calendar_events e set start_at = n.s, end_at = n.f, updated_at = now()
            from unnest(${idArray(shifted.map((r) => r.id))},
                        ${sql`array[${sql.join(
                          shifted.map((r) => sql`${r.startAt}::timestamptz`),
                          sql`, `,
                        )}]`},
                        ${sql`array[${sql.join(
                          shifted.map((r) => sql`${r.endAt}::timestamptz`),
                          sql`, `,
                        )}]`}) as n(id, s, f)
            where e.id = n.id`,
      );
      if (constrained.length > 0) {
        await tx.execute(
          sql`update calendar_events set allow_double_booking = false where id = any(${idArray(constrained)})`,
        );
      }
      return plan.targets;
    }),
  );
  return outcomeOf(moved, 'rescheduled', {
    eventId: event.id,
    eventIds: idsOf(moved),
    scope: wholeSeries ? input.scope : 'this',
    from: event.startAt,
    to: window.startAt,
  });
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

/**
 * Changes the location, telehealth, service or length of one appointment, of
 * it and the following occurrences, or of the whole series. A longer
 * appointment that would meet another booking is refused (409), nothing written.
 */
export async function updateAppointment(
  db: Db,
  request: FastifyRequest,
  input: UpdateAppointmentInput,
): Promise<ChangeOutcome> {
  const { practiceId, event } = await changeableEvent(db, request, input.calendar_event_id);
  if (event.type !== 'appointment') throw badRequest(ONLY_APPOINTMENTS, 'calendar_event_id');
  const changes = {
    location: input.practiceLocationId !== undefined,
    telehealth: input.isTeletherapy !== undefined || input.teletherapyPos !== undefined,
    product: input.productId !== undefined,
    duration: input.duration !== undefined,
  };
  if (!Object.values(changes).some(Boolean)) throw badRequest(NOTHING_TO_CHANGE);
  if (input.practiceLocationId !== undefined && input.practiceLocationId !== null) {
    await assertLocation(db, practiceId, input.practiceLocationId);
  }
  if (input.productId !== undefined) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.id, input.productId),
          eq(products.practiceId, practiceId),
          eq(products.active, true),
        ),
      );
    if (!product) throw badRequest('Choose a service (CPT code) of this practice.', 'productId');
  }
  const scope: SeriesScope = event.seriesId === null ? 'this' : input.scope;
  const timezone = await practiceTimezone(db, practiceId);
  const updated = await booking(() =>
    db.transaction(async (tx) => {
      const plan = await lockedPlan(tx, practiceId, event, scope);
      if (scope === 'this') {
        const anchor = plan.skipped[0];
        if (anchor?.reason === 'cancelled') throw forbidden(CANCELLED_CANNOT_CHANGE);
        if (anchor?.reason === 'attended') throw forbidden(ATTENDED_CANNOT_CHANGE);
      }
      const ids = idsOf(plan.targets);
      if (ids.length === 0) return [];
      if (input.duration !== undefined) {
        const minutes = input.duration;
        const taken = await firstOverlap(tx, {
          practiceId,
          therapistId: event.therapistId,
          ranges: plan.targets
            .filter((t) => !t.allowDoubleBooking)
            .map((t) => ({
              startAt: t.start_date_time,
              endAt: new Date(Date.parse(t.start_date_time) + minutes * 60_000).toISOString(),
            })),
          exceptIds: ids,
        });
        if (taken) throw conflict(seriesEditTaken(formatSeriesDay(taken.startAt, timezone)));
      }
      const sets = [sql`updated_at = now()`];
      if (input.practiceLocationId !== undefined) {
        sets.push(sql`location_id = ${input.practiceLocationId}`);
      }
      if (input.isTeletherapy === true) {
        sets.push(
          sql`is_telehealth = true`,
          sql`telehealth_pos = coalesce(${input.teletherapyPos ?? null}::text, telehealth_pos, '02')`,
        );
      } else if (input.isTeletherapy === false) {
        sets.push(sql`is_telehealth = false`, sql`telehealth_pos = null`);
      } else if (input.teletherapyPos !== undefined) {
        sets.push(
          sql`telehealth_pos = case when is_telehealth then coalesce(${input.teletherapyPos}::text, '02') else null end`,
        );
      }
      if (input.duration !== undefined) {
        sets.push(sql`end_at = start_at + make_interval(mins => ${input.duration}::int)`);
      }
      await tx.execute(
        sql`update calendar_events set ${sql.join(sets, sql`, `)} where id = any(${idArray(ids)})`,
      );
      if (input.productId !== undefined) {
        await tx.execute(
          sql`update calendar_event_attendees set product_id = ${input.productId}
              where event_id = any(${idArray(ids)})`,
        );
      }
      return plan.targets;
    }),
  );
  return outcomeOf(updated, 'updated', {
    eventIds: idsOf(updated),
    scope,
    ...(input.practiceLocationId === undefined
      ? {}
      : { practiceLocationId: input.practiceLocationId }),
    ...(input.isTeletherapy === undefined ? {} : { isTeletherapy: input.isTeletherapy }),
    ...(input.teletherapyPos === undefined ? {} : { teletherapyPos: input.teletherapyPos }),
    ...(input.productId === undefined ? {} : { productId: input.productId }),
    ...(input.duration === undefined ? {} : { duration: input.duration }),
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
