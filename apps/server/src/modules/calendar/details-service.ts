import {
  chartStatusConstant,
  attendanceFlags,
  fullName,
  telehealthLobbyMessage,
  telehealthLobbyStatus,
  telehealthLobbyWindow,
  telehealthRoomAddress,
} from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { allows, authOf } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import {
  activeLocations,
  activeProducts,
  attendeesOfEvent,
  clientOfPractice,
  eventDetailOfPractice,
  groupDefaultProduct,
  type AttendeeRow,
  type EventDetailRow,
  type ProductRow,
} from './details-queries.ts';
import { therapistOfPractice } from './queries.ts';

export const APPOINTMENT_NOT_FOUND = 'We could not find that appointment.';
export const ATTENDEE_NOT_FOUND = 'We could not find that attendee.';
export const TELEHEALTH_TITLE = 'Telehealth session';

/** The in-app lobby of an appointment (the web app's /telehealth/:id under /n). */
export const lobbyPath = (eventId: number) => `/n/telehealth/${eventId}`;

type Kind = EventDetailRow['kind'];

/**
 * The event of the caller's practice (another practice's ids answer 404, so
 * they reveal nothing), of one of the given kinds, on a calendar the caller may use.
 */
export async function reachableEvent<K extends Kind>(
  db: Db,
  request: FastifyRequest,
  eventId: number,
  kinds: readonly K[],
  missing: string,
) {
  const scope = allowedTherapists(request);
  const event = await eventDetailOfPractice(db, scope.practiceId, eventId);
  if (!event || !isOneOf(event.kind, kinds)) throw notFound(missing);
  assertMayUse(scope, [event.therapistId]);
  return { practiceId: scope.practiceId, event: { ...event, kind: event.kind } };
}

const isOneOf = <K extends Kind>(kind: Kind, kinds: readonly K[]): kind is K =>
  (kinds as readonly Kind[]).includes(kind);

/** The caller may change the calendar (attendance, check-in, cancel, edit): the scheduling role. */
export const mayChange = (request: FastifyRequest) => allows('scheduling', authOf(request));

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
    isCharted: row.chartId !== null,
    patientChartId: row.chartId,
    chart_status: row.chartStatus === null ? null : chartStatusConstant(row.chartStatus),
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
    isCharted: rows.some((row) => row.chartId !== null),
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
