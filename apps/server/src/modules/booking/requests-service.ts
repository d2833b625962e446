import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import type { SelfBookingStatus } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { auditClientRecord, auditContext, recordAudit } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Mailer, MailStatus } from '../../platform/mail.ts';
import { allowedTherapists, assertMayUse } from '../calendar/access.ts';
import { isoOf, practiceTimezone } from '../calendar/queries.ts';
import { gateClient } from '../../platform/client-gate.ts';
import { confirmedEmail, declinedEmail, type BookingEmailFacts } from './emails.ts';
import {
  DECLINED_CANCEL_REASON,
  REQUEST_APPOINTMENT_CANCELLED,
  REQUEST_NOT_FOUND,
  requestAlreadyDecided,
} from './messages.ts';

/** One online booking as staff see it in the requests list. */
export type BookingRequestRow = {
  requestId: number;
  status: SelfBookingStatus;
  createdAt: string;
  therapistId: number;
  therapistName: string;
  start: string;
  end: string;
  isTelehealth: boolean;
  location: { id: number; name: string } | null;
  /** The client record the booking is for (matched or added when it was made). */
  clientId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  reasonForAppointment: string;
  calendarEventId: number | null;
  appointmentCancelled: boolean;
  decidedAt: string | null;
  decidedByName: string | null;
  declineReason: string | null;
  /** Booked by a signed-in client rather than a visitor of the public page. */
  viaPortal: boolean;
};

const rowColumns = sql`r.id as "requestId", r.status, ${isoOf(sql`r.created_at`)} as "createdAt",
  r.therapist_id as "therapistId",
  t.first_name || ' ' || t.last_name || coalesce(', ' || nullif(t.credentials, ''), '') as "therapistName",
  ${isoOf(sql`r.start_at`)} as start, ${isoOf(sql`r.end_at`)} as "end", r.is_telehealth as "isTelehealth",
  case when l.id is null then null else json_build_object('id', l.id, 'name', l.name) end as location,
  r.client_id as "clientId", r.first_name as "firstName", r.last_name as "lastName", r.email, r.phone,
  r.dob::text as dob, r.reason_for_appointment as "reasonForAppointment",
  r.calendar_event_id as "calendarEventId", coalesce(e.cancelled_at is not null, true) as "appointmentCancelled",
  case when r.decided_at is null then null else ${isoOf(sql`r.decided_at`)} end as "decidedAt",
  case when du.id is null then null else du.first_name || ' ' || du.last_name end as "decidedByName",
  r.decline_reason as "declineReason", r.booked_by_user_id is not null as "viaPortal"`;

const rowJoins = sql`from self_booking_requests r
  join therapists t on t.id = r.therapist_id
  left join calendar_events e on e.id = r.calendar_event_id
  left join locations l on l.id = e.location_id
  left join users du on du.id = r.decided_by_user_id`;

/**
 * A page of the practice's online bookings in one status: pending ones by
 * start (the soonest need an answer first), decided ones newest first. A
 * therapist who is only a therapist sees their own. Each client listed is
 * audited, since the rows hold what they wrote.
 */
export async function listRequests(
  db: Db,
  request: FastifyRequest,
  query: { status: SelfBookingStatus; limit: number; offset: number },
): Promise<{
  data: BookingRequestRow[];
  hasMore: boolean;
  limit: number;
  offset: number;
  /** The practice's zone: times are shown on its clocks. */
  timezone: string;
}> {
  const scope = allowedTherapists(request);
  const own = scope.only === null ? sql`` : sql`and r.therapist_id = ${scope.only}`;
  const order =
    query.status === 'PENDING'
      ? sql`order by r.start_at, r.id`
      : sql`order by r.decided_at desc nulls last, r.id desc`;
  const rows = await rowsOf<BookingRequestRow>(
    db,
    sql`select ${rowColumns} ${rowJoins}
        where r.practice_id = ${scope.practiceId} and r.status = ${query.status} ${own}
        ${order} limit ${query.limit + 1} offset ${query.offset}`,
  );
  const data = rows.slice(0, query.limit);
  const byClient = new Map<number, number[]>();
  for (const row of data) {
    if (row.clientId === null) continue;
    byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row.requestId]);
  }
  for (const [patientId, requestIds] of byClient) {
    await auditClientRecord(db, request, {
      action: 'client.booking_requests_viewed',
      patientId,
      detail: { requestIds },
    });
  }
  return {
    data,
    hasMore: rows.length > query.limit,
    limit: query.limit,
    offset: query.offset,
    timezone: await practiceTimezone(db, scope.practiceId),
  };
}

type Locked = {
  id: number;
  therapistId: number;
  clientId: number | null;
  status: SelfBookingStatus;
  eventId: number | null;
  cancelled: boolean;
};

async function requestOf(db: Db, practiceId: number, requestId: number, lock: boolean) {
  const [row] = await rowsOf<Locked>(
    db,
    sql`select r.id, r.therapist_id as "therapistId", r.client_id as "clientId", r.status,
          e.id as "eventId", coalesce(e.cancelled_at is not null, true) as cancelled
        from self_booking_requests r
        left join calendar_events e on e.id = r.calendar_event_id
        where r.id = ${requestId} and r.practice_id = ${practiceId}
        ${lock ? sql`for update of r` : sql``}`,
  );
  return row;
}

/**
 * Confirms or declines a pending request, in one transaction with its held
 * appointment: confirming clears its awaiting mark, declining cancels it
 * ('Declined online booking request'). Of two people deciding at once, the
 * second gets 409. The client is emailed; both are audited.
 */
export async function decideRequest(
  deps: { db: Db; mailer: Mailer; now: Date },
  request: FastifyRequest,
  input: { requestId: number; decision: 'confirm' | 'decline'; reason?: string | undefined },
): Promise<{ requestId: number; status: SelfBookingStatus; email: MailStatus }> {
  const { db, now } = deps;
  const scope = allowedTherapists(request);
  const before = await requestOf(db, scope.practiceId, input.requestId, false);
  if (!before) throw notFound(REQUEST_NOT_FOUND);
  assertMayUse(scope, [before.therapistId]);
  if (before.clientId !== null)
    await gateClient(db, request, before.clientId, 'hasSchedulingAccess');
  const userId = authOf(request).user.id;
  const reason = input.reason?.trim() ? input.reason.trim() : null;

  const status: SelfBookingStatus = input.decision === 'confirm' ? 'CONFIRMED' : 'DECLINED';
  await db.transaction(async (tx) => {
    const row = await requestOf(tx, scope.practiceId, input.requestId, true);
    if (!row) throw notFound(REQUEST_NOT_FOUND);
    if (row.status !== 'PENDING') throw conflict(requestAlreadyDecided(row.status));
    if (input.decision === 'confirm') {
      if (row.eventId === null || row.cancelled) throw conflict(REQUEST_APPOINTMENT_CANCELLED);
      await tx.execute(
        sql`update calendar_events set awaiting_confirmation = false, updated_at = ${now.toISOString()}::timestamptz
            where id = ${row.eventId}`,
      );
    } else if (row.eventId !== null) {
      await tx.execute(
        sql`update calendar_events set awaiting_confirmation = false,
              cancelled_at = coalesce(cancelled_at, ${now.toISOString()}::timestamptz),
              cancelled_by_user_id = coalesce(cancelled_by_user_id, ${userId}::int),
              cancel_reason = coalesce(cancel_reason, ${DECLINED_CANCEL_REASON}),
              updated_at = ${now.toISOString()}::timestamptz
            where id = ${row.eventId}`,
      );
    }
    await tx.execute(
      sql`update self_booking_requests set status = ${status}, decided_at = ${now.toISOString()}::timestamptz,
            decided_by_user_id = ${userId}::int, decline_reason = ${input.decision === 'decline' ? reason : null}
          where id = ${row.id}`,
    );
  });

  const detail = {
    requestId: input.requestId,
    eventId: before.eventId,
    ...(input.decision === 'decline' ? { reasonGiven: reason !== null } : {}),
  };
  const action =
    input.decision === 'confirm'
      ? 'client.booking_request_confirmed'
      : 'client.booking_request_declined';
  if (before.clientId !== null) {
    await auditClientRecord(db, request, { action, patientId: before.clientId, detail });
  } else {
    await recordAudit(db, { ...auditContext(request), action, detail });
  }

  const facts = await emailFactsOf(db, scope.practiceId, input.requestId);
  const mail = await deps.mailer.sendMail(db, {
    practiceId: scope.practiceId,
    clientId: before.clientId,
    to: facts.to,
    ...(input.decision === 'confirm' ? confirmedEmail(facts) : declinedEmail(facts, reason)),
  });
  return { requestId: input.requestId, status, email: mail.status };
}

/** What the client's email about a request says, and where it goes. */
async function emailFactsOf(
  db: Db,
  practiceId: number,
  requestId: number,
): Promise<BookingEmailFacts & { to: string }> {
  const [row] = await rowsOf<BookingEmailFacts & { to: string }>(
    db,
    sql`select r.email as "to", r.first_name as name, p.name as "practiceName",
          t.first_name || ' ' || t.last_name || coalesce(', ' || nullif(t.credentials, ''), '') as "therapistName",
          ${isoOf(sql`r.start_at`)} as start, p.timezone, r.is_telehealth as "isTelehealth",
          case when l.id is null then null else json_build_object('name', l.name, 'addressLine1', l.address_line1,
            'city', l.city, 'state', l.state, 'zipcode', l.zipcode) end as location
        from self_booking_requests r
        join practices p on p.id = r.practice_id
        join therapists t on t.id = r.therapist_id
        left join calendar_events e on e.id = r.calendar_event_id
        left join locations l on l.id = e.location_id
        where r.id = ${requestId} and r.practice_id = ${practiceId}`,
  );
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}
