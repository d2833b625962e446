import {
  ATTENDANCE_MESSAGES,
  attendanceFlags,
  defaultMeetingEventName,
  fullName,
  recordAttendance,
  resetAttendance as resetRule,
  telehealthLobbyMessage,
  telehealthLobbyStatus,
  telehealthLobbyWindow,
  telehealthRoomAddress,
} from '@openpractice/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { calendarEvents } from '../../db/schema/index.ts';
import { allows, authOf } from '../../platform/access.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import {
  activeLocations,
  activeProductOfPractice,
  activeProducts,
  attendeeOfPractice,
  attendeesOfEvent,
  clearAttendance,
  clientOfPractice,
  eventDetailOfPractice,
  groupDefaultProduct,
  meetingWindow,
  toggleCheckIn,
  writeAttendance,
  type AttendeeRow,
  type EventDetailRow,
  type ProductRow,
} from './details-queries.ts';
import type { SaveAttendanceInput, UpdateMeetingInput } from './details-schemas.ts';
import { instantSql, therapistOfPractice } from './queries.ts';
import { isOverlapViolation, SLOT_TAKEN } from './service.ts';

export const APPOINTMENT_NOT_FOUND = 'We could not find that appointment.';
export const MEETING_NOT_FOUND = 'We could not find that meeting.';
export const ATTENDEE_NOT_FOUND = 'We could not find that attendee.';
export const NOT_ON_APPOINTMENT = 'That client is not on this appointment.';
export const CANCELLED_NO_CHECK_IN = 'A cancelled appointment cannot be checked in.';
export const CANCELLED_MEETING = 'A cancelled meeting cannot be changed.';
export const HOLIDAY_READ_ONLY = 'Holidays cannot be changed here.';
export const TELEHEALTH_TITLE = 'Telehealth session';

/** The in-app lobby of an appointment (the web app's /telehealth/:id under /n). */
export const lobbyPath = (eventId: number) => `/n/telehealth/${eventId}`;

type Kind = EventDetailRow['kind'];

/**
 * The event of the caller's practice (another practice's ids answer 404, so
 * they reveal nothing), of one of the given kinds, on a calendar the caller may use.
 */
async function reachableEvent(
  db: Db,
  request: FastifyRequest,
  eventId: number,
  kinds: readonly Kind[],
  missing: string,
) {
  const scope = allowedTherapists(request);
  const event = await eventDetailOfPractice(db, scope.practiceId, eventId);
  if (!event || !kinds.includes(event.kind)) throw notFound(missing);
  assertMayUse(scope, [event.therapistId]);
  return { practiceId: scope.practiceId, event };
}

/** The caller may change the calendar (attendance, check-in, cancel, edit): the scheduling role. */
const mayChange = (request: FastifyRequest) => allows('scheduling', authOf(request));

const nameOf = (row: { firstName: string; nickName: string | null; lastName: string }) =>
  fullName(row);

const productOf = (p: Pick<ProductRow, 'productId' | 'name' | 'sku'>) => ({
  productId: p.productId,
  name: p.name,
  sku: p.sku,
});

/** An attendee as the details dialog reads it (spec-1 §3), plus the client id and check-in time. */
export function toAttendee(row: AttendeeRow) {
  return {
    calendarEventAttendeeId: row.id,
    patientId: row.clientId,
    fullName: nameOf(row),
    isPatient: !row.isGroup,
    isGroup: row.isGroup,
    ...attendanceFlags({ attended: row.attended, noShow: row.noShow }),
    accountInvoiceId: row.accountInvoiceId,
    productId: row.productId,
    product:
      row.productId === null
        ? null
        : { productId: row.productId, name: row.productName ?? '', sku: row.productSku ?? '' },
    checkedInTime: row.checkedInAt,
    // Charting is another issue: nothing is charted yet.
    isCharted: false,
    patientChartId: null,
  };
}

function teletherapyOf(event: EventDetailRow, now: Date, roomTemplate: string | null) {
  if (!event.isTelehealth) return null;
  const cancelled = event.cancelledAt !== null;
  const { opensAt, closesAt } = telehealthLobbyWindow(event.startAt, event.endAt);
  const status = telehealthLobbyStatus(event.startAt, event.endAt, now);
  return {
    url: lobbyPath(event.id),
    title: TELEHEALTH_TITLE,
    message: telehealthLobbyMessage(
      { start: event.startAt, end: event.endAt, cancelled, timeZone: event.timezone },
      now,
    ),
    isReady: !cancelled && status === 'open',
    status: cancelled ? ('cancelled' as const) : status,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    /** The practice's video room; null when no video service is connected (or cancelled). */
    roomUrl: cancelled ? null : telehealthRoomAddress(roomTemplate, event.id),
    roomConfigured: roomTemplate !== null,
  };
}

/**
 * Appointment details (spec-1 §3): the attendees with their attendance, the
 * group, cancellation, telehealth and the choices an edit offers, and
 * `clientIds`, every client it names (for the route's audit row; not sent).
 * `attendeeId` 0 asks for the appointment as a whole.
 */
export async function appointmentDetails(
  db: Db,
  request: FastifyRequest,
  input: { eventId: number; attendeeId: number; now: Date; roomTemplate: string | null },
) {
  const { practiceId, event } = await reachableEvent(
    db,
    request,
    input.eventId,
    ['appointment'],
    APPOINTMENT_NOT_FOUND,
  );
  const rows = await attendeesOfEvent(db, event.id);
  const requested =
    input.attendeeId === 0 ? rows[0] : rows.find((row) => row.id === input.attendeeId);
  if (input.attendeeId !== 0 && !requested) throw notFound(ATTENDEE_NOT_FOUND);

  // A group appointment names its group; an attendee row of a group record counts too.
  let groupClient: { id: number; name: string } | null = null;
  if (event.groupClientId !== null) {
    const found = await clientOfPractice(db, practiceId, event.groupClientId);
    if (found) groupClient = { id: found.id, name: nameOf(found) };
  } else {
    const found = rows.find((row) => row.isGroup);
    if (found) groupClient = { id: found.clientId, name: nameOf(found) };
  }
  const members = rows.filter((row) => !row.isGroup);
  const group = groupClient
    ? {
        userId: groupClient.id,
        name: groupClient.name,
        // Group notes name members by initials: every member needs a first and a last name.
        missingGroupInitials: members.some(
          (m) => m.firstName.trim() === '' || m.lastName.trim() === '',
        ),
      }
    : null;

  const [products, locations] = await Promise.all([
    activeProducts(db, practiceId, group ? 'group' : 'all'),
    activeLocations(db, practiceId),
  ]);
  const clientId = group?.userId ?? requested?.clientId ?? null;
  const clientName = group?.name ?? (requested ? nameOf(requested) : '');
  const productRow = requested ?? members[0];

  const named = new Set<number>([...rows.map((r) => r.clientId), ...(group ? [group.userId] : [])]);

  const details = {
    calendar_event_id: event.id,
    calendarEventAttendeeId: requested?.id ?? null,
    clientId,
    clientName,
    start: event.startAt,
    end: event.endAt,
    allDay: event.allDay,
    /** The practice's zone: times are shown on its clocks, as the calendar does. */
    timezone: event.timezone,
    therapistId: event.therapistId,
    therapistName: event.therapistName,
    therapistOffersTelehealth: event.therapistTelehealth,
    locationId: event.locationId,
    locationName: event.locationName,
    isTeletherapy: event.isTelehealth,
    telehealthPos: event.telehealthPos,
    product: productRow ? toAttendee(productRow).product : null,
    series_id: event.seriesId,
    attendees: rows.map(toAttendee),
    group,
    isCancelled: event.cancelledAt !== null,
    cancelledDate: event.cancelledAt,
    cancelledBy: event.cancelledByName,
    cancelledReason: event.cancelReason,
    isCharted: false,
    canChange: mayChange(request),
    teletherapy: teletherapyOf(event, input.now, input.roomTemplate),
    productOptions: products.map((p) => ({
      ...productOf(p),
      durationMinutes: p.durationMinutes,
      isTelehealth: p.isTelehealth,
    })),
    locationOptions: locations,
  };
  return { details, clientIds: [...named] };
}

/** The attendees of an appointment (spec-1 §7 getAppointmentAttendeeDetails), and their client ids. */
export async function attendeeDetails(db: Db, request: FastifyRequest, eventId: number) {
  const { event } = await reachableEvent(
    db,
    request,
    eventId,
    ['appointment'],
    APPOINTMENT_NOT_FOUND,
  );
  const rows = await attendeesOfEvent(db, event.id);
  return { attendees: rows.map(toAttendee), clientIds: rows.map((r) => r.clientId) };
}

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
  const { event } = await reachableEvent(
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
  const { checkedInAt } = await toggleCheckIn(db, attendee.id, now);
  return {
    checkedInTime: checkedInAt,
    audit: { clientId: attendee.clientId, detail: { eventId: event.id, attendeeId: attendee.id } },
  };
}

/**
 * The services offered for a group's attendees: the practice's active group
 * products for attended and for not attended (a missed group session is
 * recorded against the group service; fees are billing's business), and the
 * group's default product (see groupDefaultProduct) as a list of at most one.
 */
export async function productsForGroupAttendee(
  db: Db,
  request: FastifyRequest,
  input: { groupId: number; therapistId: number },
) {
  const scope = allowedTherapists(request);
  const therapist = await therapistOfPractice(db, scope.practiceId, input.therapistId);
  if (!therapist) throw notFound('We could not find that therapist.');
  assertMayUse(scope, [input.therapistId]);
  const group = await clientOfPractice(db, scope.practiceId, input.groupId);
  if (!group?.isGroup) throw notFound('We could not find that group.');
  const [groupProducts, fallback] = await Promise.all([
    activeProducts(db, scope.practiceId, 'group'),
    groupDefaultProduct(db, scope.practiceId, group.id),
  ]);
  const list = groupProducts.map(productOf);
  return {
    attended: list,
    notAttended: list,
    groupDefault: fallback ? [productOf(fallback)] : [],
  };
}

/** Meeting, out-of-office or holiday details (spec-1 §3 Meeting details). */
export async function meetingDetails(db: Db, request: FastifyRequest, id: number) {
  const { event } = await reachableEvent(
    db,
    request,
    id,
    ['meeting', 'out_of_office', 'holiday'],
    MEETING_NOT_FOUND,
  );
  return {
    calendar_event_id: event.id,
    therapistId: event.therapistId,
    therapistName: event.therapistName,
    type: event.kind,
    name: event.name,
    description: event.name,
    start: event.startAt,
    end: event.endAt,
    allDay: event.allDay,
    timezone: event.timezone,
    cancelled: event.cancelledAt !== null,
    editable: event.kind !== 'holiday' && event.cancelledAt === null && mayChange(request),
  };
}

async function changeableMeeting(db: Db, request: FastifyRequest, id: number) {
  const found = await reachableEvent(
    db,
    request,
    id,
    ['meeting', 'out_of_office', 'holiday'],
    MEETING_NOT_FOUND,
  );
  if (found.event.kind === 'holiday') throw badRequest(HOLIDAY_READ_ONLY, 'calendar_event_id');
  return found;
}

/** Renames or moves a meeting or out-of-office block; a taken slot answers 409 as booking does. */
export async function updateMeeting(db: Db, request: FastifyRequest, input: UpdateMeetingInput) {
  const { practiceId, event } = await changeableMeeting(db, request, input.calendar_event_id);
  if (event.cancelledAt !== null) throw conflict(CANCELLED_MEETING);
  const window = await meetingWindow(db, {
    start: instantSql(input.startDateTime, event.timezone),
    allDay: input.allDay,
    duration: input.duration,
    timezone: event.timezone,
  });
  if (!window) throw badRequest('The start is not valid.', 'startDateTime');
  const name =
    input.eventName ||
    defaultMeetingEventName(event.kind === 'out_of_office' ? 'Out of Office' : 'Meeting');
  try {
    await db
      .update(calendarEvents)
      .set({
        name,
        startAt: new Date(window.startAt),
        endAt: new Date(window.endAt),
        allDay: input.allDay,
        updatedAt: new Date(),
      })
      .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.practiceId, practiceId)));
  } catch (error) {
    if (isOverlapViolation(error)) throw conflict(SLOT_TAKEN);
    throw error;
  }
  await recordAudit(db, {
    ...auditContext(request),
    action: `calendar.${event.kind}_updated`,
    detail: { eventId: event.id, from: event.startAt, to: window.startAt },
  });
  return meetingDetails(db, request, event.id);
}

/** Removes a meeting or out-of-office block (they hold no client data, so nothing is kept). */
export async function deleteMeeting(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const { practiceId, event } = await changeableMeeting(db, request, id);
  await db
    .delete(calendarEvents)
    .where(
      and(
        eq(calendarEvents.id, event.id),
        eq(calendarEvents.practiceId, practiceId),
        inArray(calendarEvents.type, ['meeting', 'out_of_office']),
      ),
    );
  await recordAudit(db, {
    ...auditContext(request),
    action: `calendar.${event.kind}_deleted`,
    detail: { eventId: event.id, therapistId: event.therapistId, start: event.startAt },
  });
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
 * attended with an optional no-show, and optionally the service. Future
 * appointments may be marked too (see docs/decisions.md). No invoice is made
 * yet (billing is another issue), so account_invoice_id stays as it was: null.
 */
export async function saveAttendance(
  db: Db,
  request: FastifyRequest,
  input: SaveAttendanceInput,
): Promise<{ accountInvoiceId: number | null; audit: AttendeeChange }> {
  const { practiceId, attendee, event } = await reachableAttendee(
    db,
    request,
    input.calendar_event_attendee_id,
  );
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
  return {
    accountInvoiceId: written.accountInvoiceId,
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
      isCharted: false,
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
