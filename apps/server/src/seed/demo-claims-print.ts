import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { createClaim } from '../modules/claims/index.ts';

/**
 * Paper claims in the demo (issue 20 items 5 and 11), so each print page opens on real rows:
 * the practice is not enrolled for electronic claims with two payers (as practices are with
 * small plans), the payer of one of the demo's ready primary claims (printPrimary) and the
 * secondary payer of a client with two policies, whose latest session gets its secondary claim
 * (printSecondary: it waits for the primary's EOB, which goes with the paper form). Every ready
 * claim is on printSimple. Both payers still send electronic remittances. A practice that
 * already has a secondary claim is left as it is, so a second run changes nothing.
 */

async function printOnPaper(db: Db, practiceInsuranceId: number, practiceId: number) {
  await db.execute(sql`insert into claim_payer_enrolments
      (practice_insurance_id, practice_id, claims_enrolled, era_enrolled)
    values (${practiceInsuranceId}, ${practiceId}, false, true)
    on conflict (practice_insurance_id) do update set claims_enrolled = false`);
}

type TwoPolicies = {
  attendeeId: number;
  clientId: number;
  practiceInsuranceId: number;
  policyId: number;
};

export async function seedDemoPaperClaims(db: Db, practiceId: number, now: Date): Promise<void> {
  const [done] = await rowsOf<{ id: number }>(
    db,
    sql`select id from claims where practice_id = ${practiceId} and responsibility = 'secondary' limit 1`,
  );
  if (done !== undefined) return;
  const [primary] = await rowsOf<{ practiceInsuranceId: number }>(
    db,
    sql`select c.practice_insurance_id as "practiceInsuranceId"
        from claims c join claim_events ev on ev.claim_id = c.id
        where c.practice_id = ${practiceId} and c.responsibility = 'primary'
          and ev.status = 'readyToSubmit'
          and ev.id = (select max(e2.id) from claim_events e2 where e2.claim_id = c.id)
        order by c.id desc limit 1`,
  );
  if (primary) await printOnPaper(db, primary.practiceInsuranceId, practiceId);
  const [second] = await rowsOf<TwoPolicies>(
    db,
    sql`select a.id as "attendeeId", c.id as "clientId",
          s.practice_insurance_id as "practiceInsuranceId", s.id as "policyId"
        from calendar_event_attendees a
          join calendar_events e on e.id = a.event_id and e.practice_id = ${practiceId}
          join clients c on c.id = a.client_id and not c.is_group
          join client_insurances s on s.client_id = c.id and s.is_current
            and s.insurance_type = 'SECONDARY' and s.practice_insurance_id is not null
        where a.attended and e.cancelled_at is null
          and e.start_at < ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz
          and not exists (select 1 from claim_sessions cs where cs.attendee_id = a.id
            and cs.responsibility = 'secondary')
        order by e.start_at desc, a.id limit 1`,
  );
  if (!second) return;
  // The client's therapist would have recorded a diagnosis; the demo's clients start with none.
  await db.execute(sql`insert into client_diagnoses (client_id, code, position)
    select ${second.clientId}, 'F43.23', 1
    where not exists (select 1 from client_diagnoses d where d.client_id = ${second.clientId})`);
  await printOnPaper(db, second.practiceInsuranceId, practiceId);
  await createClaim(
    db,
    {
      practiceId,
      clientId: second.clientId,
      practiceInsuranceId: second.practiceInsuranceId,
      clientInsuranceId: second.policyId,
      responsibility: 'secondary',
      attendeeIds: [second.attendeeId],
    },
    'manual',
    { userId: null, now },
  );
}
