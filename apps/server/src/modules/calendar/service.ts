import {
  defaultMeetingEventName,
  formatSeriesDay,
  localDay,
  MAX_OCCURRENCES,
  occurrencesUntil,
  SERIES_TOO_LONG,
  SERIES_UNTIL_BEFORE_START,
} from '@openpractice/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
import { auditContext, recordAudit } from '../../platform/audit.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import {
  firstExternalBusy,
  firstOverlap,
  instantSql,
  isoOf,
  practiceTimezone,
  therapistOfPractice,
} from './queries.ts';
import type { CreateAppointmentInput, CreateMeetingInput } from './schemas.ts';

export const SLOT_TAKEN =
  'That time is already booked for this therapist. Choose another time or allow double booking.';
export const EVENT_NOT_FOUND = 'We could not find that calendar event.';
export const CANCELLED_CANNOT_MOVE = 'A cancelled event cannot be moved.';
export const ATTENDED_CANNOT_MOVE =
  'Attendance has been recorded for this appointment, so it cannot be moved. Reset the attendance first.';

/**
 * True when the error (or what it wraps) says another booking holds the time:
 * PostgreSQL's exclusion violation (23P01), or a deadlock (40P01). Two series
 * written at once can each wait on the other's overlapping rows; PostgreSQL
 * then aborts one of them, and the other takes the slots.
 */
export function isOverlapViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '23P01' || code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a booking write; the EXCLUDE constraint's refusal becomes 409 with an actionable message. */
export async function booking<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isOverlapViolation(error)) throw conflict(SLOT_TAKEN);
    throw error;
  }
}

export async function assertLocation(
  db: Db,
  practiceId: number,
  locationId: number,
): Promise<void> {
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.practiceId, practiceId),
        eq(locations.active, true),
      ),
    );
  if (!location) throw badRequest('Choose a location of this practice.', 'practiceLocationId');
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

/** 409 for a series occurrence that meets another booking, naming its day. */
export const seriesSlotTaken = (day: string) =>
  `That time is already booked for this therapist on ${day}. Nothing was booked. Choose another time or allow double booking.`;
/** 409 for busy time on the therapist's external calendar (the constraint does not see it). */
export const externalBusy = (day: string) =>
  `The therapist is busy on their external calendar on ${day}. Nothing was booked. Choose another time or allow double booking.`;
export const OCCURRENCES_OR_UNTIL =
  'Give either a number of occurrences or an until date for the series, not both.';
export const GROUP_WITHOUT_SERVICE =
  'Choose a service (CPT code) for this group: the practice has no active group service.';
export const groupWithoutMembers = (day: string) =>
  `This group has no active members on ${day}. Add members to the group before booking it.`;

type Planned = { startAt: string; endAt: string };

/** Who an appointment is for: one client, or a group and its members active on each day. */
type Booker = {
  groupClientId: number | null;
  attendeesOn: (startAt: string) => number[];
};

async function bookerOf(
  db: Db,
  clientId: number,
  timezone: string,
): Promise<Booker & { isGroup: boolean }> {
  const [client] = await rowsOf<{ isGroup: boolean }>(
    db,
    sql`select is_group as "isGroup" from clients where id = ${clientId}`,
  );
  if (!client?.isGroup) {
    return { groupClientId: null, isGroup: false, attendeesOn: () => [clientId] };
  }
  const members = await rowsOf<{ clientId: number; leftOn: string | null }>(
    db,
    sql`select gm.client_id as "clientId", gm.left_on::text as "leftOn"
        from client_group_members gm
        join clients m on m.id = gm.client_id and m.merged_into_id is null and not m.is_group
        where gm.group_client_id = ${clientId}
        order by m.last_name, m.first_name, m.id`,
  );
  return {
    groupClientId: clientId,
    isGroup: true,
    // A member attends the occurrences before the day they left the group.
    attendeesOn: (startAt) => {
      const day = localDay(startAt, timezone);
      return members.filter((m) => m.leftOn === null || m.leftOn > day).map((m) => m.clientId);
    },
  };
}

/** The starts of the series in the practice's zone: the same wall-clock time every interval. */
async function plannedOccurrences(
  db: Db,
  input: { start: string; count: number; intervalWeeks: number; minutes: number; timezone: string },
): Promise<Planned[]> {
  return rowsOf<Planned>(
    db,
    sql`select ${isoOf(sql`s`)} as "startAt", ${isoOf(sql`s + make_interval(mins => ${input.minutes}::int)`)} as "endAt"
        from (select ((${input.start}::timestamptz at time zone ${input.timezone})
                      + make_interval(weeks => n * ${input.intervalWeeks}::int)) at time zone ${input.timezone} as s
              from generate_series(0, ${input.count - 1}::int) as n) w
        order by s`,
  );
}

/**
 * Books an appointment (or a weekly or every-other-week series of them) for
 * one client or a group, whose gate the route passed (scheduling access).
 * Everything is checked first; the rows are written in one (sub)transaction,
 * and the no-overlap constraint decides between concurrent requests for a
 * slot. Busy time on the therapist's external calendars is checked here,
 * since the constraint does not see it. Answers the attendees and the detail
 * for the route's audit row.
 */
export async function createAppointment(
  db: Db,
  request: FastifyRequest,
  gate: ClientGate,
  input: CreateAppointmentInput,
): Promise<{
  eventIds: number[];
  seriesId: number | null;
  attendeeIds: number[];
  detail: Record<string, unknown>;
}> {
  if (input.untilDate !== undefined && (input.occurrences ?? 1) > 1) {
    throw badRequest(OCCURRENCES_OR_UNTIL, 'untilDate');
  }
  const practiceId = await bookableTherapist(db, request, input.therapistId);
  if (input.practiceLocationId !== null) {
    await assertLocation(db, practiceId, input.practiceLocationId);
  }
  const timezone = await practiceTimezone(db, practiceId);
  const booker = await bookerOf(db, gate.clientId, timezone);
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
  let productId = productIds[0] ?? null;
  let productMinutes = input.products.reduce(
    (sum, p) => sum + (p.duration ?? durationOf.get(p.productId) ?? 0),
    0,
  );
  if (booker.isGroup && productId === null) {
    // A group is booked with the practice's group service unless the request names one.
    const [groupProduct] = await db
      .select({ id: products.id, durationMinutes: products.durationMinutes })
      .from(products)
      .where(
        and(
          eq(products.practiceId, practiceId),
          eq(products.active, true),
          eq(products.isGroup, true),
        ),
      )
      .orderBy(desc(products.isDefault), asc(products.id))
      .limit(1);
    if (!groupProduct) throw badRequest(GROUP_WITHOUT_SERVICE, 'products');
    productId = groupProduct.id;
    productMinutes = groupProduct.durationMinutes;
  }
  const minutes = input.duration ?? productMinutes;
  if (minutes <= 0) throw badRequest('Choose a service with a duration.', 'products');
  if (minutes > 24 * 60)
    throw badRequest('An appointment cannot last more than a day.', 'duration');

  let count = input.occurrences ?? 1;
  if (input.untilDate !== undefined) {
    count = occurrencesUntil(
      localDay(input.eventDateTime, timezone),
      input.untilDate,
      input.intervalWeeks,
    );
    if (count === 0) throw badRequest(SERIES_UNTIL_BEFORE_START, 'untilDate');
    if (count > MAX_OCCURRENCES) throw badRequest(SERIES_TOO_LONG, 'untilDate');
  }
  const planned = await plannedOccurrences(db, {
    start: input.eventDateTime,
    count,
    intervalWeeks: input.intervalWeeks,
    minutes,
    timezone,
  });
  const attendees = planned.map((p) => booker.attendeesOn(p.startAt));
  const emptyAt = attendees.findIndex((list) => list.length === 0);
  if (emptyAt >= 0) {
    const day = formatSeriesDay(planned[emptyAt]?.startAt ?? input.eventDateTime, timezone);
    throw badRequest(groupWithoutMembers(day), 'patientId');
  }

  const userId = authOf(request).user.id;
  const result = await booking(() =>
    db.transaction(async (tx) => {
      if (!input.allowDoubleBooking) {
        const busy = await firstExternalBusy(tx, {
          practiceId,
          therapistId: input.therapistId,
          ranges: planned,
        });
        if (busy) throw conflict(externalBusy(formatSeriesDay(busy.startAt, timezone)));
        // A single booking leaves the verdict to the constraint; a series names the day it fails on.
        if (count > 1) {
          const taken = await firstOverlap(tx, {
            practiceId,
            therapistId: input.therapistId,
            ranges: planned,
          });
          if (taken) throw conflict(seriesSlotTaken(formatSeriesDay(taken.startAt, timezone)));
        }
      }
      let seriesId: number | null = null;
      if (count > 1) {
        const [series] = await tx
          .insert(calendarSeries)
          .values({
            practiceId,
            rule: 'weekly',
            occurrences: count,
            intervalWeeks: input.intervalWeeks,
            untilDate: input.untilDate ?? null,
          })
          .returning({ id: calendarSeries.id });
        seriesId = series?.id ?? null;
      }
      const events = await tx
        .insert(calendarEvents)
        .values(
          planned.map((s) => ({
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
            groupClientId: booker.groupClientId,
            allowDoubleBooking: input.allowDoubleBooking,
            createdByUserId: userId,
          })),
        )
        .returning({ id: calendarEvents.id, startAt: calendarEvents.startAt });
      // RETURNING keeps the order of VALUES; match by start to be sure.
      const byStart = new Map(events.map((e) => [e.startAt.toISOString(), e.id]));
      await tx.insert(calendarEventAttendees).values(
        planned.flatMap((p, i) =>
          (attendees[i] ?? []).map((clientId) => ({
            eventId: byStart.get(p.startAt) ?? 0,
            clientId,
            productId,
          })),
        ),
      );
      return {
        eventIds: planned.map((p) => byStart.get(p.startAt) ?? 0),
        seriesId,
        firstStart: planned[0]?.startAt,
      };
    }),
  );
  const detail = {
    eventIds: result.eventIds,
    therapistId: input.therapistId,
    start: result.firstStart,
    occurrences: count,
    intervalWeeks: input.intervalWeeks,
    ...(booker.groupClientId === null ? {} : { groupClientId: booker.groupClientId }),
    allowDoubleBooking: input.allowDoubleBooking,
  };
  return {
    eventIds: result.eventIds,
    seriesId: result.seriesId,
    attendeeIds: [...new Set(attendees.flat())],
    detail,
  };
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
