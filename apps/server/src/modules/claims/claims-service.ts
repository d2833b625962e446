import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { BillableSessionEvent } from '../../platform/billable-sessions.ts';
import { badRequest } from '../../platform/errors.ts';
import { idArray } from '../../platform/sql.ts';
import { createClaim, type Actor, type CreatedClaim } from './claim-store.ts';

/**
 * Making claims from sessions (issue 20 item 2): by hand, for sessions a biller picks, and
 * automatically, when attendance (or a note's signature) tells the platform a session may be
 * billed and the client's automatic claim setting with that therapist says so. Both lock the
 * sessions' attendee rows first, so a session is claimed once per payer's turn however the
 * two meet; the claim_sessions key says the same at the database.
 */

export const CLAIM_MESSAGES = {
  notSession: 'That session is not one of this client’s appointments.',
  notAttended: 'Only an attended session can be billed.',
  alreadyClaimed: 'That session is already on a claim for this payer’s turn.',
  repeated: 'That session is named twice.',
  payerUnknown: 'That payer is not one of the practice’s.',
  noPolicy: 'The client has no current policy with this payer for that turn.',
} as const;

type SessionCheck = {
  id: number;
  clientId: number;
  attended: boolean | null;
  claimed: boolean;
};

/** The named attendees of the practice's events, locked, with whether each is claimed. */
function lockSessions(
  db: Db,
  practiceId: number,
  attendeeIds: readonly number[],
  responsibility: string,
) {
  return rowsOf<SessionCheck>(
    db,
    sql`select a.id, a.client_id as "clientId", a.attended,
          exists (select 1 from claim_sessions s where s.attendee_id = a.id
            and s.responsibility = ${responsibility}) as claimed
        from calendar_event_attendees a
          join calendar_events e on e.id = a.event_id and e.practice_id = ${practiceId}
        where a.id = any(${idArray(attendeeIds)})
        order by a.id
        for update of a`,
  );
}

/** The client's current policy of the turn with the payer, if any. */
async function policyOf(
  db: Db,
  input: {
    practiceId: number;
    clientId: number;
    practiceInsuranceId: number;
    responsibility: string;
  },
): Promise<{ payerKnown: boolean; policyId: number | null }> {
  const [row] = await rowsOf<{ policyId: number | null }>(
    db,
    sql`select (select ci.id from client_insurances ci where ci.client_id = ${input.clientId}
          and ci.practice_insurance_id = pi.id and ci.is_current
          and ci.insurance_type = ${input.responsibility === 'primary' ? 'PRIMARY' : 'SECONDARY'}
          order by ci.id desc limit 1) as "policyId"
        from practice_insurances pi
        where pi.id = ${input.practiceInsuranceId} and pi.practice_id = ${input.practiceId}`,
  );
  return { payerKnown: row !== undefined, policyId: row?.policyId ?? null };
}

export type ClaimRequest = {
  practiceId: number;
  clientId: number;
  practiceInsuranceId: number;
  responsibility: 'primary' | 'secondary';
  attendeeIds: number[];
};

/** A claim by hand: every session checked first (400 naming it), then all written at once. */
export async function claimByHand(
  db: Db,
  request: ClaimRequest,
  actor: Actor,
): Promise<CreatedClaim> {
  const { attendeeIds, responsibility } = request;
  const seen = new Set<number>();
  attendeeIds.forEach((id, index) => {
    if (seen.has(id)) throw badRequest(CLAIM_MESSAGES.repeated, `attendeeIds.${String(index)}`);
    seen.add(id);
  });
  const policy = await policyOf(db, request);
  if (!policy.payerKnown) throw badRequest(CLAIM_MESSAGES.payerUnknown, 'practiceInsuranceId');
  const sessions = new Map(
    (await lockSessions(db, request.practiceId, attendeeIds, responsibility)).map((s) => [s.id, s]),
  );
  attendeeIds.forEach((id, index) => {
    const field = `attendeeIds.${String(index)}`;
    const session = sessions.get(id);
    if (session?.clientId !== request.clientId) throw badRequest(CLAIM_MESSAGES.notSession, field);
    if (session.attended !== true) throw badRequest(CLAIM_MESSAGES.notAttended, field);
    if (session.claimed) throw badRequest(CLAIM_MESSAGES.alreadyClaimed, field);
  });
  if (policy.policyId === null) throw badRequest(CLAIM_MESSAGES.noPolicy, 'practiceInsuranceId');
  return createClaim(db, { ...request, clientInsuranceId: policy.policyId }, 'manual', actor);
}

type AutoFacts = {
  clientId: number;
  attended: boolean | null;
  isGroup: boolean;
  automatic: boolean;
  claimed: boolean;
  policyId: number | null;
  practiceInsuranceId: number | null;
};

/**
 * The platform's listener: an attended session of an insured client whose automatic claim
 * setting with the therapist is on (it is unless someone turned it off) gets its primary
 * claim, in the attendance's (or the signature's) own transaction. Anything missing for the
 * claim does not stop it: the scrubber names it and the claim waits in scrubProblem.
 */
export async function claimAttendedSession(
  db: Db,
  event: BillableSessionEvent,
  now: Date,
): Promise<void> {
  const [facts] = await rowsOf<AutoFacts>(
    db,
    sql`select a.client_id as "clientId", a.attended, c.is_group as "isGroup",
          coalesce((select ct.auto_generate_claims from client_therapists ct
            where ct.client_id = a.client_id and ct.therapist_id = e.therapist_id), true) as automatic,
          exists (select 1 from claim_sessions s where s.attendee_id = a.id
            and s.responsibility = 'primary') as claimed,
          pol.id as "policyId", pol.practice_insurance_id as "practiceInsuranceId"
        from calendar_event_attendees a
          join calendar_events e on e.id = a.event_id and e.practice_id = ${event.practiceId}
          join clients c on c.id = a.client_id
          left join lateral (select ci.id, ci.practice_insurance_id from client_insurances ci
            where ci.client_id = c.id and ci.is_current and ci.insurance_type = 'PRIMARY'
              and ci.practice_insurance_id is not null
            order by ci.id desc limit 1) pol on true
        where a.id = ${event.attendeeId}
        for update of a`,
  );
  if (!facts || facts.attended !== true || facts.isGroup || !facts.automatic || facts.claimed)
    return;
  if (facts.policyId === null || facts.practiceInsuranceId === null) return;
  await createClaim(
    db,
    {
      practiceId: event.practiceId,
      clientId: facts.clientId,
      practiceInsuranceId: facts.practiceInsuranceId,
      clientInsuranceId: facts.policyId,
      responsibility: 'primary',
      attendeeIds: [event.attendeeId],
    },
    'automatic',
    { userId: event.userId, now },
  );
}
