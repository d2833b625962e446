import type { saveAttendance as saveAttendanceCall } from '@openpractice/contracts/calendar/details';
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_TIMING_MESSAGES,
  attendanceTiming,
  recordAttendance,
  resetAttendance as resetRule,
} from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sessionMayBeBilled } from '../../platform/billable-sessions.ts';
import { clientCheckedIn } from '../../platform/client-check-ins.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import {
  activeProductOfPractice,
  attendeeOfPractice,
  attendeesOfEvent,
  clearAttendance,
  eventDetailOfPractice,
  toggleCheckIn,
  writeAttendance,
} from './details-queries.ts';
import { APPOINTMENT_NOT_FOUND, ATTENDEE_NOT_FOUND, reachableEvent } from './details-service.ts';

type SaveAttendanceInput = z.output<typeof saveAttendanceCall.schema.querystring>;

export const NOT_ON_APPOINTMENT = 'That client is not on this appointment.';
export const CANCELLED_NO_CHECK_IN = 'A cancelled appointment cannot be checked in.';

/** What a change of attendance or check-in did, for the route's audit row. */
export type AttendeeChange = {
  clientId: number;
  detail: Record<string, unknown>;
};

/** Checks a client in, or takes the check-in back. */
export async function togglePatientCheckedIn(
  db: Db,
  request: FastifyRequest,
  input: { calendarEventId: number; patientId: number },
  now: Date,
): Promise<{ checkedInTime: string | null; audit: AttendeeChange }> {
  const { practiceId, event } = await reachableEvent(
    db,
    request,
    input.calendarEventId,
    ['appointment'],
    APPOINTMENT_NOT_FOUND,
  );
  if (event.cancelledAt !== null) throw conflict(CANCELLED_NO_CHECK_IN);
  const attendee = (await attendeesOfEvent(db, event.id)).find(
    (row) => row.clientId === input.patientId,
  );
  if (!attendee) throw notFound(NOT_ON_APPOINTMENT);
  // Taking a check-in back is always allowed; checking in waits until 15 minutes before.
  if (
    attendee.checkedInAt === null &&
    !attendanceTiming(event.startAt, event.endAt, now).canCheckIn
  ) {
    throw badRequest(ATTENDANCE_TIMING_MESSAGES.checkInNotOpen, 'calendarEventId');
  }
  const { checkedInAt } = await toggleCheckIn(db, attendee.id, now);
  // Measures scheduled before appointments are given as the client arrives (forms decides).
  const given =
    checkedInAt === null
      ? []
      : await clientCheckedIn(db, {
          practiceId,
          clientId: attendee.clientId,
          eventId: event.id,
          attendeeId: attendee.id,
          userId: request.auth?.realUser.id ?? null,
          now,
        });
  return {
    checkedInTime: checkedInAt,
    audit: {
      clientId: attendee.clientId,
      detail: {
        eventId: event.id,
        attendeeId: attendee.id,
        ...(given.length ? { measuresGiven: given } : {}),
      },
    },
  };
}

async function reachableAttendee(db: Db, request: FastifyRequest, attendeeId: number) {
  const scope = allowedTherapists(request);
  const attendee = await attendeeOfPractice(db, scope.practiceId, attendeeId);
  if (!attendee) throw notFound(ATTENDEE_NOT_FOUND);
  const event = await eventDetailOfPractice(db, scope.practiceId, attendee.eventId);
  if (!event || event.kind !== 'appointment') throw notFound(ATTENDEE_NOT_FOUND);
  assertMayUse(scope, [event.therapistId]);
  return { practiceId: scope.practiceId, attendee, event };
}

/**
 * Records attendance (editAttendance/save): unknown → attended, or → not
 * attended with an optional no-show, and optionally the service. Only once
 * the session has started, by the server's clock (issue 15 item 2): what
 * happened cannot be known before. An attended session may be billed at once:
 * billing answers its charge (account_invoice_id), or null when the practice
 * waits for a signed note or the session has no service or fee.
 */
export async function saveAttendance(
  db: Db,
  request: FastifyRequest,
  input: SaveAttendanceInput,
  now: Date,
): Promise<{ accountInvoiceId: number | null; audit: AttendeeChange }> {
  const { practiceId, attendee, event } = await reachableAttendee(
    db,
    request,
    input.calendar_event_attendee_id,
  );
  // A cancelled appointment answers its own message (recordAttendance, below).
  if (
    event.cancelledAt === null &&
    !attendanceTiming(event.startAt, event.endAt, now).canRecordAttendance
  ) {
    throw badRequest(ATTENDANCE_TIMING_MESSAGES.notStarted, 'calendar_event_attendee_attended');
  }
  if (input.product_id !== undefined) {
    const product = await activeProductOfPractice(db, practiceId, input.product_id);
    if (!product) throw badRequest('Choose a service (CPT code) of this practice.', 'product_id');
  }
  const result = recordAttendance(
    { attended: attendee.attended, noShow: attendee.noShow },
    {
      attended: input.calendar_event_attendee_attended,
      noShow: input.calendar_event_attendee_noShow,
      productId: input.product_id ?? null,
    },
    { cancelled: event.cancelledAt !== null },
    attendee.productId,
  );
  if (!result.ok) {
    if (result.message === ATTENDANCE_MESSAGES.noShowNeedsNotAttended) {
      throw badRequest(result.message, 'calendar_event_attendee_noShow');
    }
    throw conflict(result.message);
  }
  const written = await writeAttendance(db, attendee.id, {
    attended: result.next.attended === true,
    noShow: result.next.noShow,
    productId: result.productId,
  });
  if (!written) throw conflict(ATTENDANCE_MESSAGES.alreadyRecorded);
  const accountInvoiceId =
    result.next.attended === true
      ? await sessionMayBeBilled(db, {
          practiceId,
          attendeeId: attendee.id,
          userId: request.auth?.realUser.id ?? null,
          reason: 'attended',
        })
      : written.accountInvoiceId;
  return {
    accountInvoiceId,
    audit: {
      clientId: attendee.clientId,
      detail: {
        eventId: event.id,
        attendeeId: attendee.id,
        attended: result.next.attended,
        noShow: result.next.noShow,
        productId: result.productId,
      },
    },
  };
}

export type ResetOutcome = { status: 'saved' } | { status: 'not-removed'; message: string };

/**
 * Back to unknown (editAttendance/resetAttendance), unless an invoice or
 * chart rests on it. `changed` says whether anything was written.
 */
export async function resetAttendance(
  db: Db,
  request: FastifyRequest,
  attendeeId: number,
): Promise<{ outcome: ResetOutcome; audit: AttendeeChange }> {
  const { attendee, event } = await reachableAttendee(db, request, attendeeId);
  const audit = (changed: boolean): AttendeeChange => ({
    clientId: attendee.clientId,
    detail: { eventId: event.id, attendeeId: attendee.id, changed },
  });
  const result = resetRule(
    { attended: attendee.attended, noShow: attendee.noShow },
    {
      cancelled: event.cancelledAt !== null,
      hasInvoice: attendee.accountInvoiceId !== null,
      isCharted: attendee.chartId !== null,
    },
  );
  if (!result.ok) {
    return { outcome: { status: 'not-removed', message: result.message }, audit: audit(false) };
  }
  if (!result.changed) return { outcome: { status: 'saved' }, audit: audit(false) };
  if (!(await clearAttendance(db, attendee.id))) {
    return {
      outcome: { status: 'not-removed', message: ATTENDANCE_MESSAGES.resetInvoiced },
      audit: audit(false),
    };
  }
  return { outcome: { status: 'saved' }, audit: audit(true) };
}
