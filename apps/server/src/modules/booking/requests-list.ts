import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import type { ClientChoice, SelfBookingStatus } from '../../db/schema/index.ts';
import { allowedTherapists } from '../../platform/calendar-reach.ts';
import { isoOf } from '../../platform/sql.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { candidatesFor, viewableClients, type Candidate } from './candidates.ts';

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
  /** The client the booking is for: set when staff confirm it (at once for a signed-in client). */
  clientId: number | null;
  clientChoice: ClientChoice | null;
  /** A visitor's pending request: staff say on confirmation whether it is a new or an existing client. */
  needsClientChoice: boolean;
  /** The booking is a client's the caller may not see: only the name is shown. */
  detailsHidden: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dob: string | null;
  reasonForAppointment: string | null;
  /** Clients the visitor may be, beside the request (only for `needsClientChoice`). */
  candidates: Candidate[];
  calendarEventId: number | null;
  appointmentCancelled: boolean;
  decidedAt: string | null;
  decidedByName: string | null;
  declineReason: string | null;
  /** Booked by a signed-in client rather than a visitor of the public page. */
  viaPortal: boolean;
};

type Stored = Omit<BookingRequestRow, 'needsClientChoice' | 'detailsHidden' | 'candidates'> & {
  email: string;
  phone: string;
  dob: string;
  reasonForAppointment: string;
};

const rowColumns = sql`r.id as "requestId", r.status, ${isoOf(sql`r.created_at`)} as "createdAt",
  r.therapist_id as "therapistId",
  t.first_name || ' ' || t.last_name || coalesce(', ' || nullif(t.credentials, ''), '') as "therapistName",
  ${isoOf(sql`r.start_at`)} as start, ${isoOf(sql`r.end_at`)} as "end", r.is_telehealth as "isTelehealth",
  case when l.id is null then null else json_build_object('id', l.id, 'name', l.name) end as location,
  r.client_id as "clientId", r.client_choice as "clientChoice",
  r.first_name as "firstName", r.last_name as "lastName", r.email, r.phone,
  r.dob::text as dob, r.reason_for_appointment as "reasonForAppointment",
  r.calendar_event_id as "calendarEventId", (e.id is null or e.cancelled_at is not null) as "appointmentCancelled",
  case when r.decided_at is null then null else ${isoOf(sql`r.decided_at`)} end as "decidedAt",
  case when du.id is null then null else du.first_name || ' ' || du.last_name end as "decidedByName",
  r.decline_reason as "declineReason", r.booked_by_user_id is not null as "viaPortal"`;

const rowJoins = sql`from self_booking_requests r
  join therapists t on t.id = r.therapist_id
  left join calendar_events e on e.id = r.calendar_event_id
  left join locations l on l.id = e.location_id
  left join users du on du.id = r.decided_by_user_id`;

/**
 * What the caller may read of one request. What a visitor wrote is theirs,
 * not a record: whoever may answer the request reads it (and the possible
 * matches they may see). Once the request is a client's, the client gate
 * decides: someone who may not see that client sees the name only, never
 * the reason, date of birth or contact details copied from the record.
 */
function shown(
  row: Stored,
  viewable: Set<number>,
  candidates: Map<number, Candidate[]>,
): BookingRequestRow {
  const needsClientChoice = row.status === 'PENDING' && row.clientId === null;
  const detailsHidden = row.clientId !== null && !viewable.has(row.clientId);
  return {
    ...row,
    needsClientChoice,
    detailsHidden,
    ...(detailsHidden ? { email: null, phone: null, dob: null, reasonForAppointment: null } : {}),
    candidates: needsClientChoice ? (candidates.get(row.requestId) ?? []) : [],
  };
}

/**
 * A page of the practice's online bookings in one status: pending ones by
 * start (the soonest need an answer first), decided ones newest first. A
 * therapist who is only a therapist sees their own. The route's audit row
 * names every client shown (the requests' and the possible matches).
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
  const rows = await rowsOf<Stored>(
    db,
    sql`select ${rowColumns} ${rowJoins}
        where r.practice_id = ${scope.practiceId} and r.status = ${query.status} ${own}
        ${order} limit ${query.limit + 1} offset ${query.offset}`,
  );
  const page = rows.slice(0, query.limit);
  const viewable = await viewableClients(
    db,
    request,
    page.flatMap((row) => (row.clientId === null ? [] : [row.clientId])),
  );
  const candidates = await candidatesFor(
    db,
    request,
    page.filter((row) => row.status === 'PENDING' && row.clientId === null).map((r) => r.requestId),
  );
  return {
    data: page.map((row) => shown(row, viewable, candidates)),
    hasMore: rows.length > query.limit,
    limit: query.limit,
    offset: query.offset,
    timezone: await practiceTimezone(db, scope.practiceId),
  };
}

/** Every client a page of requests shows, for its audit row. */
export function clientsShown(page: { data: BookingRequestRow[] }): number[] {
  return page.data.flatMap((row) => [
    ...(row.clientId === null ? [] : [row.clientId]),
    ...row.candidates.map((c) => c.clientId),
  ]);
}
