import {
  formatSeriesDay,
  MAX_OCCURRENCES,
  occurrencesUntil,
  SERIES_TOO_LONG,
  SERIES_UNTIL_BEFORE_START,
  zonedIsoDate,
} from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import {
  booking,
  externalBusy,
  GROUP_WITHOUT_SERVICE,
  groupWithoutMembers,
  OCCURRENCES_OR_UNTIL,
  seriesSlotTaken,
} from './booking-rules.ts';
import { assertOpenForStarts, refuseClosed } from './closed-locations.ts';
import {
  bookingFactsSql,
  groupFacts,
  plannedSeries,
  writeBooking,
  type BookingFacts,
  type Planned,
} from './booking-queries.ts';
import type { CreateAppointmentInput } from './schemas.ts';

/** What the checks settle before anything is written. */
type Booking = {
  practiceId: number;
  timezone: string;
  /** The group booked, or null for one client. */
  groupClientId: number | null;
  /** Who attends an occurrence starting then: the client, or the group's members that day. */
  attendeesOn: (startAt: string) => number[];
  productId: number | null;
  minutes: number;
  /** The location, when closed by the day of the first start asked for. */
  closedAtStart: BookingFacts['closedAtStart'];
};

/** The first start asked for, as the ISO instant a single booking writes. */
const firstStart = (input: CreateAppointmentInput) =>
  new Date(Date.parse(input.eventDateTime)).toISOString();

/**
 * The route's `alongside`: the booking's facts, read in the client gate's statement so
 * that booking costs one round trip fewer (the gate passes before any rule looks at them).
 */
export function bookingFactsAlongside(request: FastifyRequest) {
  const input = request.body as CreateAppointmentInput;
  return bookingFactsSql({
    practiceId: practiceScope(request),
    therapistId: input.therapistId,
    locationId: input.practiceLocationId,
    clientId: input.patientId,
    productIds: input.products.map((p) => p.productId),
    start: firstStart(input),
  });
}

/**
 * The rules before a booking, on what the gate's statement read (in the order a caller
 * should hear them): a bookable therapist the caller may book for, the location, the
 * services and their length, and for a group its group service.
 */
async function checkedBooking(
  db: Db,
  request: FastifyRequest,
  gate: ClientGate,
  input: CreateAppointmentInput,
): Promise<Booking> {
  const scope = allowedTherapists(request);
  const productIds = input.products.map((p) => p.productId);
  if (gate.alongside === null) throw new Error('The booking route reads its facts with the gate.');
  const facts = gate.alongside as BookingFacts;
  if (!facts.therapist?.active) {
    throw badRequest('Choose an active therapist of this practice.', 'therapistId');
  }
  assertMayUse(scope, [input.therapistId]);
  if (!facts.locationOk) {
    throw badRequest('Choose a location of this practice.', 'practiceLocationId');
  }
  const durationOf = new Map(facts.products.map((p) => [p.id, p.durationMinutes]));
  if (productIds.some((id) => !durationOf.has(id))) {
    throw badRequest('Choose a service (CPT code) of this practice.', 'products');
  }
  let productId = productIds[0] ?? null;
  let productMinutes = input.products.reduce(
    (sum, p) => sum + (p.duration ?? durationOf.get(p.productId) ?? 0),
    0,
  );
  const group =
    facts.isGroup === true
      ? await groupFacts(db, { practiceId: scope.practiceId, groupClientId: gate.clientId })
      : null;
  if (group && productId === null) {
    // A group is booked with the practice's group service unless the request names one.
    if (!group.groupProduct) throw badRequest(GROUP_WITHOUT_SERVICE, 'products');
    productId = group.groupProduct.id;
    productMinutes = group.groupProduct.durationMinutes;
  }
  const minutes = input.duration ?? productMinutes;
  if (minutes <= 0) throw badRequest('Choose a service with a duration.', 'products');
  if (minutes > 24 * 60)
    throw badRequest('An appointment cannot last more than a day.', 'duration');
  const timezone = facts.timezone;
  return {
    practiceId: scope.practiceId,
    timezone,
    groupClientId: group ? gate.clientId : null,
    // A member attends the occurrences before the day they left the group.
    attendeesOn: group
      ? (startAt) => {
          const day = zonedIsoDate(startAt, timezone);
          return group.members
            .filter((m) => m.leftOn === null || m.leftOn > day)
            .map((m) => m.clientId);
        }
      : () => [gate.clientId],
    productId,
    minutes,
    closedAtStart: facts.closedAtStart,
  };
}

/** How many occurrences: the number asked for, or as many as fit up to the until date. */
function occurrenceCount(input: CreateAppointmentInput, timezone: string): number {
  if (input.untilDate === undefined) return input.occurrences ?? 1;
  const count = occurrencesUntil(
    zonedIsoDate(input.eventDateTime, timezone),
    input.untilDate,
    input.intervalWeeks,
  );
  if (count === 0) throw badRequest(SERIES_UNTIL_BEFORE_START, 'untilDate');
  if (count > MAX_OCCURRENCES) throw badRequest(SERIES_TOO_LONG, 'untilDate');
  return count;
}

/** The occurrences' times: one appointment is the instant asked for; a series follows the zone's clock. */
async function planned(
  db: Db,
  input: CreateAppointmentInput,
  b: Booking,
  count: number,
): Promise<Planned[]> {
  if (count === 1) {
    const startAt = firstStart(input);
    return [{ startAt, endAt: new Date(Date.parse(startAt) + b.minutes * 60_000).toISOString() }];
  }
  return plannedSeries(db, {
    start: input.eventDateTime,
    count,
    intervalWeeks: input.intervalWeeks,
    minutes: b.minutes,
    timezone: b.timezone,
  });
}

/**
 * Books an appointment (or a weekly or every-other-week series of them) for
 * one client or a group, whose gate the route passed (scheduling access).
 * Everything is checked first; the rows are written in one statement, and the
 * no-overlap constraint decides between concurrent requests for a slot. Busy
 * time on the therapist's external calendars is checked in that statement,
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
  const b = await checkedBooking(db, request, gate, input);
  const count = occurrenceCount(input, b.timezone);
  const occurrences = await planned(db, input, b, count);
  const attendees = occurrences.map((p) => b.attendeesOn(p.startAt));
  const emptyAt = attendees.findIndex((list) => list.length === 0);
  if (emptyAt >= 0) {
    const day = formatSeriesDay(occurrences[emptyAt]?.startAt ?? input.eventDateTime, b.timezone);
    throw badRequest(groupWithoutMembers(day), 'patientId');
  }
  // One start is the one the facts were read for; a series' starts are known only now.
  if (count === 1) refuseClosed(b.closedAtStart);
  else {
    await assertOpenForStarts(db, {
      practiceId: b.practiceId,
      locationId: input.practiceLocationId,
      starts: occurrences.map((o) => o.startAt),
      timezone: b.timezone,
    });
  }
  const written = await booking(() =>
    writeBooking(db, {
      practiceId: b.practiceId,
      therapistId: input.therapistId,
      planned: occurrences,
      attendees,
      productId: b.productId,
      locationId: input.practiceLocationId,
      isTelehealth: input.isTeletherapy,
      telehealthPos: input.isTeletherapy ? (input.teletherapyPos ?? '02') : null,
      groupClientId: b.groupClientId,
      allowDoubleBooking: input.allowDoubleBooking,
      createdByUserId: authOf(request).user.id,
      series:
        count > 1
          ? {
              occurrences: count,
              intervalWeeks: input.intervalWeeks,
              untilDate: input.untilDate ?? null,
            }
          : null,
      checkExternalBusy: !input.allowDoubleBooking,
      // A single booking leaves the verdict to the constraint; a series names the day it fails on.
      checkOverlap: !input.allowDoubleBooking && count > 1,
    }),
  );
  if (written.externalBusyAt !== null)
    throw conflict(externalBusy(formatSeriesDay(written.externalBusyAt, b.timezone)));
  if (written.overlapAt !== null)
    throw conflict(seriesSlotTaken(formatSeriesDay(written.overlapAt, b.timezone)));
  return {
    eventIds: written.eventIds,
    seriesId: written.seriesId,
    attendeeIds: [...new Set(attendees.flat())],
    detail: {
      eventIds: written.eventIds,
      therapistId: input.therapistId,
      start: occurrences[0]?.startAt,
      occurrences: count,
      intervalWeeks: input.intervalWeeks,
      ...(b.groupClientId === null ? {} : { groupClientId: b.groupClientId }),
      allowDoubleBooking: input.allowDoubleBooking,
    },
  };
}
