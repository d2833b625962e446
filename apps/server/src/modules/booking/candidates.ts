import { clientAccess, DELETED_RECORD_STATUS_ID } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { authOf } from '../../platform/access.ts';

/** What matched between a visitor's request and a client record. */
export type MatchedOn = 'name' | 'dob' | 'email' | 'phone';

/** A client a visitor's request may be from, shown beside the request so staff can decide. */
export type Candidate = {
  clientId: number;
  firstName: string;
  lastName: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
  matchedOn: MatchedOn[];
};

/** At most this many possible matches per request: staff search the client list for more. */
export const MAX_CANDIDATES = 5;

/** Ids as one array parameter ('{1,2}'), whatever their number. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The clients among `clientIds` the caller may see (the client gate's rule,
 * `clientAccess(...).canView`), for lists: the gate answers one client at a
 * time and refuses, a list needs the answer for many at once.
 */
export async function viewableClients(
  db: Db,
  request: FastifyRequest,
  clientIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Set();
  const auth = authOf(request);
  const userId = auth.user.id;
  const rows = await rowsOf<{
    id: number;
    isTherapist: boolean;
    isSupervisor: boolean;
    isCustodian: boolean;
  }>(
    db,
    sql`select c.id,
          exists (select 1 from client_therapists ct join therapists t on t.id = ct.therapist_id
                  where ct.client_id = c.id and t.user_id = ${userId}) as "isTherapist",
          exists (select 1 from client_therapists ct
                  join therapist_supervisors s on s.supervisee_therapist_id = ct.therapist_id
                  join therapists sup on sup.id = s.supervisor_therapist_id
                  where ct.client_id = c.id and sup.user_id = ${userId}) as "isSupervisor",
          exists (select 1 from custodian_records cr
                  where cr.client_id = c.id and cr.custodian_user_id = ${userId}) as "isCustodian"
        from clients c
        where c.id = any(${idArray(ids)}) and c.practice_id = ${auth.practiceId}`,
  );
  return new Set(
    rows.filter((row) => clientAccess(auth.user.authorities, row).canView).map((row) => row.id),
  );
}

/**
 * Clients of the practice a visitor's request may be from: same first and
 * last name, same email, same phone, or the same date of birth with the same
 * first or last name. Merged, deleted and group records are never offered. Best matches
 * first (more fields alike), then by id. Every client the caller may not see
 * is left out, so a therapist is offered only their own clients.
 */
export async function candidatesFor(
  db: Db,
  request: FastifyRequest,
  requestIds: readonly number[],
): Promise<Map<number, Candidate[]>> {
  const byRequest = new Map<number, Candidate[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await rowsOf<
    Omit<Candidate, 'matchedOn'> & {
      requestId: number;
      name: boolean;
      dobMatch: boolean;
      emailMatch: boolean;
      phoneMatch: boolean;
    }
  >(
    db,
    sql`with r as (
          select id, practice_id, lower(first_name) as first, lower(last_name) as last, dob,
            lower(email) as email, regexp_replace(phone, '\\D', '', 'g') as digits
          from self_booking_requests where id = any(${idArray(requestIds)})
        ), hits as (
          select r.id as request_id, c.id as client_id from r
            join clients c on c.practice_id = r.practice_id
              and ((lower(c.last_name) = r.last and (lower(c.first_name) = r.first or c.dob = r.dob))
                   or (c.dob = r.dob and lower(c.first_name) = r.first))
          union
          select r.id, e.client_id from r
            join client_emails e on lower(e.email) = r.email
          union
          select r.id, p.client_id from r
            join client_phones p on r.digits <> '' and p.number = r.digits
        )
        select h.request_id as "requestId", c.id as "clientId", c.first_name as "firstName",
          c.last_name as "lastName", c.dob::text as dob,
          (select e.email from client_emails e where e.client_id = c.id
            order by e.is_default desc, e.id limit 1) as email,
          (select p.number from client_phones p where p.client_id = c.id
            order by p.is_default desc, p.id limit 1) as phone,
          (lower(c.first_name) = r.first and lower(c.last_name) = r.last) as name,
          coalesce(c.dob = r.dob, false) as "dobMatch",
          exists (select 1 from client_emails e where e.client_id = c.id and lower(e.email) = r.email) as "emailMatch",
          (r.digits <> '' and exists (select 1 from client_phones p
            where p.client_id = c.id and p.number = r.digits)) as "phoneMatch"
        from hits h
        join r on r.id = h.request_id
        join clients c on c.id = h.client_id and c.practice_id = r.practice_id
        where c.merged_into_id is null and not c.is_group
          and c.record_status_id <> ${DELETED_RECORD_STATUS_ID}`,
  );
  const viewable = await viewableClients(
    db,
    request,
    rows.map((row) => row.clientId),
  );
  const score = (c: Candidate) => c.matchedOn.length;
  for (const row of rows) {
    if (!viewable.has(row.clientId)) continue;
    const matchedOn: MatchedOn[] = [];
    if (row.name) matchedOn.push('name');
    if (row.dobMatch) matchedOn.push('dob');
    if (row.emailMatch) matchedOn.push('email');
    if (row.phoneMatch) matchedOn.push('phone');
    const candidate: Candidate = {
      clientId: row.clientId,
      firstName: row.firstName,
      lastName: row.lastName,
      dob: row.dob,
      email: row.email,
      phone: row.phone,
      matchedOn,
    };
    byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), candidate]);
  }
  for (const [requestId, list] of byRequest) {
    list.sort((a, b) => score(b) - score(a) || a.clientId - b.clientId);
    byRequest.set(requestId, list.slice(0, MAX_CANDIDATES));
  }
  return byRequest;
}
