import { DELETED_RECORD_STATUS_ID } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  calendarEventAttendees,
  type ClientChoice,
  type SelfBookingStatus,
} from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Mailer, MailStatus } from '../../platform/mail.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { isoOf } from '../../platform/sql.ts';
import { createClientFromRequest, linkTherapist } from './client-match.ts';
import { confirmedEmail, declinedEmail, type BookingEmailFacts } from './emails.ts';
import {
  CHOOSE_CLIENT,
  CLIENT_NOT_CHOOSABLE,
  PORTAL_REQUEST_OWN_RECORD,
  REQUEST_APPOINTMENT_CANCELLED,
  REQUEST_NOT_FOUND,
  requestAlreadyDecided,
} from './messages.ts';
import { defaultService } from './slots.ts';

type Deps = { db: Db; mailer: Mailer; now: Date };

type Locked = {
  id: number;
  practiceId: number;
  therapistId: number;
  clientId: number | null;
  status: SelfBookingStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  reason: string;
  eventId: number | null;
  cancelled: boolean;
  awaiting: boolean;
};

/**
 * The request, locked for the decision (of two people answering at once the
 * second waits, then gets 409), in the caller's practice (else 404) and, for
 * a therapist who is only a therapist, on their own calendar (else 403).
 */
async function lockedRequest(db: Db, request: FastifyRequest, requestId: number) {
  const scope = allowedTherapists(request);
  const [row] = await rowsOf<Locked>(
    db,
    sql`select r.id, r.practice_id as "practiceId", r.therapist_id as "therapistId",
          r.client_id as "clientId", r.status, r.first_name as "firstName", r.last_name as "lastName",
          r.email, r.phone, r.dob::text as dob, r.reason_for_appointment as reason,
          e.id as "eventId", (e.id is null or e.cancelled_at is not null) as cancelled,
          coalesce(e.awaiting_confirmation, false) as awaiting
        from self_booking_requests r
        left join calendar_events e on e.id = r.calendar_event_id
        where r.id = ${requestId} and r.practice_id = ${scope.practiceId}
        for update of r`,
  );
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  assertMayUse(scope, [row.therapistId]);
  if (row.status !== 'PENDING') throw conflict(requestAlreadyDecided(row.status));
  return row;
}

/**
 * The clients the confirm route gates before it runs: the existing client
 * staff chose, or a signed-in client's own record. Confirming links that
 * client to the therapist, so the caller must hold scheduling access to
 * them: a therapist cannot link themselves to a client they may not see.
 */
export async function clientsToConfirm(db: Db, request: FastifyRequest): Promise<number[]> {
  const body = request.body as { requestId: number; clientId?: number };
  if (body.clientId !== undefined) return [body.clientId];
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from self_booking_requests
        where id = ${body.requestId} and practice_id = ${practiceScope(request)} and client_id is not null`,
  );
  return rows.map((r) => r.clientId);
}

/** The clients the decline route gates: those whose appointment the decline removes. */
export async function clientsToDecline(db: Db, request: FastifyRequest): Promise<number[]> {
  const body = request.body as { requestId: number };
  const rows = await rowsOf<{ clientId: number }>(
    db,
    sql`select distinct a.client_id as "clientId" from self_booking_requests r
        join calendar_event_attendees a on a.event_id = r.calendar_event_id
        where r.id = ${body.requestId} and r.practice_id = ${practiceScope(request)}`,
  );
  return rows.map((r) => r.clientId);
}

/** Who the request is for, as staff decided it; a new client is made here. */
async function decideClient(
  db: Db,
  row: Locked,
  choice: { clientId?: number | undefined; newClient?: boolean | undefined },
  now: Date,
): Promise<{ clientId: number; clientChoice: ClientChoice }> {
  if (row.clientId !== null) {
    // A signed-in client booked for their own record: there is nothing to choose.
    if (choice.newClient || (choice.clientId !== undefined && choice.clientId !== row.clientId))
      throw badRequest(PORTAL_REQUEST_OWN_RECORD, 'clientId');
    return { clientId: row.clientId, clientChoice: 'portal' };
  }
  if ((choice.newClient === true) === (choice.clientId !== undefined))
    throw badRequest(CHOOSE_CLIENT, 'clientId');
  if (choice.clientId !== undefined) {
    const usable = await rowsOf<{ id: number }>(
      db,
      sql`select id from clients where id = ${choice.clientId} and practice_id = ${row.practiceId}
            and merged_into_id is null and not is_group and record_status_id <> ${DELETED_RECORD_STATUS_ID}`,
    );
    if (usable.length === 0) throw badRequest(CLIENT_NOT_CHOOSABLE, 'clientId');
    // Nothing on the record changes but an empty reason for appointment.
    await db.execute(
      sql`update clients set reason_for_appointment = ${row.reason}, updated_at = ${now.toISOString()}::timestamptz
          where id = ${choice.clientId} and coalesce(btrim(reason_for_appointment), '') = ''`,
    );
    return { clientId: choice.clientId, clientChoice: 'existing' };
  }
  const clientId = await createClientFromRequest(db, {
    practiceId: row.practiceId,
    therapistId: row.therapistId,
    person: row,
    reason: row.reason,
    now,
  });
  return { clientId, clientChoice: 'new' };
}

/**
 * Confirms a pending request: staff say who it is for (a new client, an
 * existing one, or the signed-in client's own record); only now is the
 * therapist related to that client and the held appointment attached to
 * them. Runs in the route's transaction with its audit row; the client is
 * emailed.
 */
export async function confirmRequest(
  deps: Deps,
  request: FastifyRequest,
  input: { requestId: number; clientId?: number | undefined; newClient?: boolean | undefined },
): Promise<{ requestId: number; status: 'CONFIRMED'; clientId: number; email: MailStatus }> {
  const { db, now } = deps;
  const row = await lockedRequest(db, request, input.requestId);
  if (row.eventId === null || row.cancelled) throw conflict(REQUEST_APPOINTMENT_CANCELLED);
  const { clientId, clientChoice } = await decideClient(db, row, input, now);
  const therapistLinked = await linkTherapist(db, clientId, row.therapistId);
  const attached = await rowsOf<{ clientId: number }>(
    db,
    sql`select client_id as "clientId" from calendar_event_attendees where event_id = ${row.eventId}`,
  );
  if (!attached.some((a) => a.clientId === clientId)) {
    const service = await defaultService(db, row.practiceId);
    await db
      .insert(calendarEventAttendees)
      .values({ eventId: row.eventId, clientId, productId: service.productId });
  }
  await db.execute(
    sql`update calendar_events set awaiting_confirmation = false, name = '',
          updated_at = ${now.toISOString()}::timestamptz
        where id = ${row.eventId}`,
  );
  await db.execute(
    sql`update self_booking_requests set status = 'CONFIRMED', client_id = ${clientId}::int,
          client_choice = ${clientChoice}, decided_at = ${now.toISOString()}::timestamptz,
          decided_by_user_id = ${authOf(request).user.id}::int
        where id = ${row.id}`,
  );
  noteAudit(request, {
    patientIds: [clientId],
    detail: { requestId: row.id, eventId: row.eventId, clientChoice, therapistLinked },
  });
  const facts = await emailFactsOf(db, row.practiceId, row.id);
  const mail = await deps.mailer.sendMail(db, {
    practiceId: row.practiceId,
    clientId,
    to: facts.to,
    ...confirmedEmail(facts),
  });
  return { requestId: row.id, status: 'CONFIRMED', clientId, email: mail.status };
}

/**
 * Declines a pending request and leaves nothing behind: no client was made
 * and none is linked; the held appointment is deleted, so the slot reopens.
 * (An appointment of a client's that staff had already cancelled stays as it
 * is: it is the client's history.) The request itself stays, declined, as the
 * record of the answer; the booker is emailed.
 */
export async function declineRequest(
  deps: Deps,
  request: FastifyRequest,
  input: { requestId: number; reason?: string | undefined },
): Promise<{ requestId: number; status: 'DECLINED'; email: MailStatus }> {
  const { db, now } = deps;
  const row = await lockedRequest(db, request, input.requestId);
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  // The email names the place: read it before the appointment goes.
  const facts = await emailFactsOf(db, row.practiceId, row.id);
  if (row.eventId !== null) {
    await db.execute(
      sql`delete from calendar_events e where e.id = ${row.eventId}
            and (e.cancelled_at is null
                 or not exists (select 1 from calendar_event_attendees a where a.event_id = e.id))`,
    );
    await db.execute(
      sql`update calendar_events set awaiting_confirmation = false, updated_at = ${now.toISOString()}::timestamptz
          where id = ${row.eventId} and awaiting_confirmation`,
    );
  }
  await db.execute(
    sql`update self_booking_requests set status = 'DECLINED', decided_at = ${now.toISOString()}::timestamptz,
          decided_by_user_id = ${authOf(request).user.id}::int, decline_reason = ${reason}
        where id = ${row.id}`,
  );
  noteAudit(request, {
    patientIds: row.clientId === null ? [] : [row.clientId],
    detail: { requestId: row.id, eventId: row.eventId, reasonGiven: reason !== null },
  });
  const mail = await deps.mailer.sendMail(db, {
    practiceId: row.practiceId,
    clientId: row.clientId,
    to: facts.to,
    ...declinedEmail(facts, reason),
  });
  return { requestId: row.id, status: 'DECLINED', email: mail.status };
}

/** What the booker's email about a request says, and where it goes. */
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
