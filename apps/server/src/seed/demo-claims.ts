import { npi } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { createClaim } from '../modules/claims/index.ts';

/**
 * The first demo practice is set up for claims (issue 20 items 1 and 11) on the local test
 * clearinghouse, so the claim pages open on a practice that can bill: an organisation
 * billing provider with a valid group NPI and a street address with ZIP+4, checks to a PO
 * box, every active therapist with their own NPI and a taxonomy, supervisees with their
 * supervisor, and every payer enrolled for claims and ERAs. Each statement leaves what is
 * already there, so running it twice changes nothing.
 */

/** A valid organisation NPI (its check digit is right); not any real provider's. */
export const DEMO_BILLING_NPI = '1829473655';
export const DEMO_BILLING_EIN = '36-4812345';
/** Counselor, Professional: what most of the demo's therapists are. */
export const DEMO_TAXONOMY = '101YP2500X';

/** A valid NPI made from 9 digits: the one check digit that passes the NPI rule. */
function withCheckDigit(nine: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const candidate = `${nine}${String(digit)}`;
    if (npi(candidate)) return candidate;
  }
  throw new Error('no check digit fits');
}

export async function seedDemoClaimSetup(db: Db, practiceId: number, now: Date): Promise<void> {
  await db.execute(sql`insert into claim_setups (practice_id, entity_kind, organisation_name, npi,
        tin_kind, tin, taxonomy, address_line1, city, state, zip, pay_to_line1, pay_to_city,
        pay_to_state, pay_to_zip, clearinghouse_kind, updated_at)
      select id, 'organisation', coalesce(legal_name, name), ${DEMO_BILLING_NPI}, 'ein',
        ${DEMO_BILLING_EIN}, ${DEMO_TAXONOMY}, '100 Commercial St Ste 300', 'Portland', 'ME',
        '04101-4608', 'PO Box 1234', 'Portland', 'ME', '04104-1234', 'local', ${now}
      from practices where id = ${practiceId}
      on conflict (practice_id) do nothing`);
  // Therapists the eligibility demo left without an NPI get one of their own.
  const missing = await rowsOf<{ id: number }>(
    db,
    sql`select id from therapists where practice_id = ${practiceId} and active
          and coalesce(npi, '') = '' order by id`,
  );
  for (const t of missing) {
    const own = withCheckDigit(`17${String(t.id).padStart(7, '0')}`);
    await db.execute(sql`update therapists set npi = ${own} where id = ${t.id}`);
  }
  await db.execute(sql`update therapists set taxonomy_code = ${DEMO_TAXONOMY}
    where practice_id = ${practiceId} and taxonomy_code is null`);
  // A supervisee's claims name the supervisor the practice already records.
  await db.execute(sql`insert into claim_rendering_providers
        (therapist_id, practice_id, supervising_therapist_id)
      select t.id, t.practice_id,
        (select min(s.supervisor_therapist_id) from therapist_supervisors s
          where s.supervisee_therapist_id = t.id and s.supervisor_therapist_id <> t.id)
      from therapists t where t.practice_id = ${practiceId} and t.active
      on conflict (therapist_id) do nothing`);
  await db.execute(sql`insert into claim_payer_enrolments
        (practice_insurance_id, practice_id, claims_enrolled, era_enrolled)
      select id, practice_id, true, true from practice_insurances where practice_id = ${practiceId}
      on conflict (practice_insurance_id) do nothing`);
}

type Claimable = {
  attendeeId: number;
  clientId: number;
  practiceInsuranceId: number;
  policyId: number;
};

/** Claims the demo shows in each list: ready ones, and scrub problems (no diagnosis yet). */
const READY_CLAIMS = 4;
const PROBLEM_CLAIMS = 2;

/**
 * Claims for the first demo practice's past insured sessions (issue 20 items 2 and 11), made by
 * the claims module as attendance makes them, so the claim pages open on real rows: the latest
 * attended session of a few insured clients each; the first four clients get a diagnosis on
 * record, so their claims are ready to submit; the next two have none, so theirs wait in
 * scrubProblem ("The claim has no diagnosis.", fixed on the client's page). A practice that
 * already has claims gets none, so a second run adds nothing.
 */
export async function seedDemoClaims(db: Db, practiceId: number, now: Date): Promise<void> {
  const [existing] = await rowsOf<{ id: number }>(
    db,
    sql`select id from claims where practice_id = ${practiceId} limit 1`,
  );
  if (existing !== undefined) return;
  const sessions = await rowsOf<Claimable>(
    db,
    sql`select distinct on (c.id) a.id as "attendeeId", c.id as "clientId",
          ci.practice_insurance_id as "practiceInsuranceId", ci.id as "policyId"
        from calendar_event_attendees a
          join calendar_events e on e.id = a.event_id and e.practice_id = ${practiceId}
          join clients c on c.id = a.client_id and not c.is_group
          join client_insurances ci on ci.client_id = c.id and ci.is_current
            and ci.insurance_type = 'PRIMARY' and ci.practice_insurance_id is not null
        where a.attended and e.cancelled_at is null
          and e.start_at < ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz
        order by c.id, e.start_at desc, ci.id desc`,
  );
  const ready = sessions.slice(0, READY_CLAIMS);
  // The demo's clients have no diagnosis on record; these get one, as their therapist would.
  for (const s of ready)
    await db.execute(sql`insert into client_diagnoses (client_id, code, position)
      select ${s.clientId}, 'F41.1', 1
      where not exists (select 1 from client_diagnoses d where d.client_id = ${s.clientId})`);
  for (const s of sessions.slice(0, READY_CLAIMS + PROBLEM_CLAIMS))
    await createClaim(
      db,
      {
        practiceId,
        clientId: s.clientId,
        practiceInsuranceId: s.practiceInsuranceId,
        clientInsuranceId: s.policyId,
        responsibility: 'primary',
        attendeeIds: [s.attendeeId],
      },
      'automatic',
      { userId: null, now },
    );
}
