import { defaultMeetingEventName } from '@openpractice/domain';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  calendarEventAttendees,
  calendarEvents,
  calendarSeries,
  locations,
  products,
} from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { auditClientRecord, auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { gateClient } from '../clients/client-gate.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import {
  eventOfPractice,
  instantSql,
  isoOf,
  practiceTimezone,
  therapistOfPractice,
} from './queries.ts';
import type {
  CancelInput,
  CreateAppointmentInput,
  CreateMeetingInput,
  RescheduleInput,
} from './schemas.ts';

export const SLOT_TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';
export const EVENT_NOT_FOUND = 'We could not find that calendar event.';
export const CANCELLED_CANNOT_MOVE = 'A cancelled event cannot be moved.';
export const ATTENDED_CANNOT_MOVE =
  'Attendance has been recorded for this appointment, so it cannot be moved. Reset the attendance first.';

/** True when the error (or what it wraps) is PostgreSQL's exclusion violation, 23P01. */
export function isOverlapViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a booking write; the EXCLUDE constraint's refusal becomes 409 with an actionable message. */
async function booking<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isOverlapViolation(error)) throw conflict(SLOT_TAKEN);
    throw error;
  }
}

async function bookableTherapist(
  db: Db,
  request: FastifyRequest,
  therapistId: number,
): Promise<number> {
  const scope = allowedTherapists(request);
  const therapist = await therapistOfPractice(db, scope.practiceId, therapistId);
  if (!therapist || !therapist.active) {
    throw badRequest('Choose an active therapist of this practice.', 'therapistId');
  }
  assertMayUse(scope, [therapistId]);
  return scope.practiceId;
}

/**
 * Books an appointment (or a weekly series of them) for one client. Everything
 * is checked first; the rows are written in one transaction, and the
 * no-overlap constraint decides between concurrent requests for a slot.
 */
export async function createAppointment(
  db: Db,
  request: FastifyRequest,
  input: CreateAppointmentInput,
): Promise<{ eventIds: number[]; seriesId: number | null }> {
  const gate = await gateClient(db, request, input.patientId, 'hasSchedulingAccess');
  const practiceId = await bookableTherapist(db, request, input.therapistId);
  if (input.practiceLocationId !== null) {
    const [location] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.id, input.practiceLocationId),
          eq(locations.practiceId, practiceId),
          eq(locations.active, true),
        ),
      );
    if (!location) throw badRequest('Choose a location of this practice.', 'practiceLocationId');
  }
  const productIds = input.products.map((p) => p.productId);
  const known = productIds.length
    ? await db
        .select({ id: products.id, durationMinutes: products.durationMinutes })
        .from(products)
        .where(
          and(
            inArray(products.id, productIds),
            eq(products.practiceId, practiceId),
            eq(products.active, true),
          ),
        )
    : [];
  const durationOf = new Map(known.map((p) => [p.id, p.durationMinutes]));
  if (productIds.some((id) => !durationOf.has(id))) {
    throw badRequest('Choose a service (CPT code) of this practice.', 'products');
  }
  const minutes =
    input.duration ??
    input.products.reduce((sum, p) => sum + (p.duration ?? durationOf.get(p.productId) ?? 0), 0);
  if (minutes <= 0) throw badRequest('Choose a service with a duration.', 'products');
  if (minutes > 24 * 60)
    throw badRequest('An appointment cannot last more than a day.', 'duration');

  const timezone = await practiceTimezone(db, practiceId);
  const userId = authOf(request).user.id;
  const result = await booking(() =>
    db.transaction(async (tx) => {
      let seriesId: number | null = null;
      if (input.occurrences > 1) {
        const [series] = await tx
          .insert(calendarSeries)
          .values({ practiceId, rule: 'weekly', occurrences: input.occurrences })
          .returning({ id: calendarSeries.id });
        seriesId = series?.id ?? null;
      }
      // Each week keeps the same wall-clock time in the practice's zone, across DST changes.
      const starts = await rowsOf<{ startAt: string; endAt: string }>(
        tx,
        sql`select ${isoOf(sql`s`)} as "startAt", ${isoOf(sql`s + make_interval(mins => ${minutes}::int)`)} as "endAt"
            from (select ((${input.eventDateTime}::timestamptz at time zone ${timezone})
                          + make_interval(weeks => n)) at time zone ${timezone} as s
                  from generate_series(0, ${input.occurrences - 1}::int) as n) w
            order by s`,
      );
      const events = await tx
        .insert(calendarEvents)
        .values(
          starts.map((s) => ({
            practiceId,
            therapistId: input.therapistId,
            type: 'appointment' as const,
            name: '',
            startAt: new Date(s.startAt),
            endAt: new Date(s.endAt),
            locationId: input.practiceLocationId,
            isTelehealth: input.isTeletherapy,
            telehealthPos: input.isTeletherapy ? (input.teletherapyPos ?? '02') : null,
            seriesId,
            allowDoubleBooking: input.allowDoubleBooking,
            createdByUserId: userId,
          })),
        )
        .returning({ id: calendarEvents.id });
      await tx.insert(calendarEventAttendees).values(
        events.map((e) => ({
          eventId: e.id,
          clientId: gate.clientId,
          productId: productIds[0] ?? null,
        })),
      );
      return { eventIds: events.map((e) => e.id), seriesId, firstStart: starts[0]?.startAt };
    }),
  );
  await auditClientRecord(db, request, {
    action: 'client.appointment_created',
    patientId: gate.clientId,
    detail: {
      eventIds: result.eventIds,
      therapistId: input.therapistId,
      start: result.firstStart,
      occurrences: input.occurrences,
      allowDoubleBooking: input.allowDoubleBooking,
    },
  });
  return { eventIds: result.eventIds, seriesId: result.seriesId };
}

/** A meeting or out-of-office block on a therapist's calendar. */
export async function createMeeting(
  db: Db,
  request: FastifyRequest,
  input: CreateMeetingInput,
): Promise<{ eventId: number }> {
  const practiceId = await bookableTherapist(db, request, input.therapistId);
  const timezone = await practiceTimezone(db, practiceId);
  const start = instantSql(input.startDateTime, timezone);
  // All day: from midnight of the start's day in the practice's zone to the next midnight.
  const [window] = await rowsOf<{ startAt: string; endAt: string }>(
    db,
    input.allDay
      ? sql`select ${isoOf(sql`d::timestamp at time zone ${timezone}`)} as "startAt",
              ${isoOf(sql`(d + 1)::timestamp at time zone ${timezone}`)} as "endAt"
            from (select (${start} at time zone ${timezone})::date as d) x`
      : sql`select ${isoOf(start)} as "startAt",
              ${isoOf(sql`${start} + make_interval(mins => ${input.duration}::int)`)} as "endAt"`,
  );
  if (!window) throw badRequest('The start is not valid.', 'startDateTime');
  const requestType = input.type === 'out_of_office' ? 'Out of Office' : 'Meeting';
  const name = input.eventName || defaultMeetingEventName(requestType);
  const [event] = await booking(() =>
    db
      .insert(calendarEvents)
      .values({
        practiceId,
        therapistId: input.therapistId,
        type: input.type,
        name,
        startAt: new Date(window.startAt),
        endAt: new Date(window.endAt),
        allDay: input.allDay,
        allowDoubleBooking: input.allowDoubleBooking,
        createdByUserId: authOf(request).user.id,
      })
      .returning({ id: calendarEvents.id }),
  );
  if (!event) throw new Error('meeting insert failed');
  await recordAudit(db, {
    ...auditContext(request),
    action: `calendar.${input.type}_created`,
    detail: { eventId: event.id, therapistId: input.therapistId },
  });
  return { eventId: event.id };
}

async function movableEvent(db: Db, request: FastifyRequest, eventId: number) {
  const scope = allowedTherapists(request);
  const event = await eventOfPractice(db, scope.practiceId, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  assertMayUse(scope, [event.therapistId]);
  return { practiceId: scope.practiceId, event };
}

/** Moves an event (drag and drop); refused with a reason (403) or for a taken slot (409). */
export async function rescheduleEvent(
  db: Db,
  request: FastifyRequest,
  input: RescheduleInput,
): Promise<void> {
  const { practiceId, event } = await movableEvent(db, request, input.calendar_event_id);
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
  await booking(() =>
    db
      .update(calendarEvents)
      .set({
        startAt: new Date(window.startAt),
        endAt: new Date(window.endAt),
        allDay: input.calendar_event_allday,
      })
      .where(and(eq(calendarEvents.id, event.id), isNull(calendarEvents.cancelledAt))),
  );
  const detail = { eventId: event.id, from: event.startAt, to: window.startAt };
  if (event.clientIds.length === 0) {
    await recordAudit(db, { ...auditContext(request), action: 'calendar.event_moved', detail });
  }
  for (const patientId of new Set(event.clientIds)) {
    await auditClientRecord(db, request, {
      action: 'client.appointment_rescheduled',
      patientId,
      detail,
    });
  }
}

/** Cancels one event, or it and the later events of its weekly series. */
export async function cancelEvent(
  db: Db,
  request: FastifyRequest,
  input: CancelInput,
  now: Date,
): Promise<{ eventIds: number[] }> {
  const { practiceId, event } = await movableEvent(db, request, input.id);
  if (event.cancelled) throw conflict('This event is already cancelled.');
  const following = input.scope === 'following' && event.seriesId !== null;
  const cancelled = await db
    .update(calendarEvents)
    .set({
      cancelledAt: now,
      cancelledByUserId: authOf(request).user.id,
      cancelReason: input.reason || null,
    })
    .where(
      and(
        eq(calendarEvents.practiceId, practiceId),
        isNull(calendarEvents.cancelledAt),
        following && event.seriesId !== null
          ? and(
              eq(calendarEvents.seriesId, event.seriesId),
              gte(calendarEvents.startAt, new Date(event.startAt)),
            )
          : eq(calendarEvents.id, event.id),
      ),
    )
    .returning({ id: calendarEvents.id });
  const eventIds = cancelled.map((e) => e.id).sort((a, b) => a - b);
  const detail = { eventIds, scope: following ? 'following' : 'this' };
  if (event.clientIds.length === 0) {
    await recordAudit(db, { ...auditContext(request), action: 'calendar.event_cancelled', detail });
  }
  for (const patientId of new Set(event.clientIds)) {
    await auditClientRecord(db, request, {
      action: 'client.appointment_cancelled',
      patientId,
      detail,
    });
  }
  return { eventIds };
}
