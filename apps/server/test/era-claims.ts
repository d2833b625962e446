import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import type { EraLine } from '@openpractice/domain';
import { signedIn, type TestApp } from './harness.ts';

/**
 * What the ERA tests pay (issue 20 item 7): insured clients of therapist1 whose attended
 * session made a claim and a charge through the app, and reads of the ledger and claim log.
 */
export type Claimed = { clientId: number; claimId: number; pcn: string; line: EraLine };

let account = 970_000;

export async function eraClaims(t: TestApp) {
  const therapist = await signedIn(t.app, 'therapist1');
  async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
    const [row] = await rowsOf<T>(t.database.db, query);
    if (row === undefined) throw new Error('no row');
    return row;
  }

  /** An insured client of therapist1 with one attended session, claimed automatically. */
  async function claimedSession(lastName: string): Promise<Claimed> {
    account += 1;
    const { id: clientId } = await one<{ id: number }>(
      sql`insert into clients (practice_id, account_number, first_name, last_name, dob, gender)
        values (1, ${account}, 'Era', ${lastName}, '1984-02-03', 'Male') returning id`,
    );
    await t.database.db.execute(sql`insert into client_therapists (client_id, therapist_id,
      auto_generate_claims) values (${clientId}, ${therapistId}, true)`);
    await t.database.db.execute(sql`insert into client_insurances (client_id, practice_insurance_id,
      insurance_type, insurance_number, group_number)
    values (${clientId}, ${payerId}, 'PRIMARY', ${`E${String(account)}`}, 'G100')`);
    await t.database.db.execute(
      sql`insert into client_diagnoses (client_id, code, position) values (${clientId}, 'F41.1', 1)`,
    );
    const start = new Date(Date.now() - 3 * 86_400_000);
    const { id: eventId } = await one<{ id: number }>(
      sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
        values (1, ${therapistId}, 'appointment', ${start.toISOString()},
          ${new Date(start.getTime() + 3_600_000).toISOString()}, true) returning id`,
    );
    const { id: attendeeId } = await one<{ id: number }>(
      sql`insert into calendar_event_attendees (event_id, client_id) values (${eventId}, ${clientId}) returning id`,
    );
    const saved = await therapist.post(
      `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendeeId}` +
        `&calendar_event_attendee_attended=1&product_id=${productId}`,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const claim = await one<{
      claimId: number;
      pcn: string;
      lcn: string;
      code: string;
      date: string;
      charge: number;
    }>(sql`select c.id as "claimId", v.patient_control_number as pcn, l.line_control_number as lcn,
      l.procedure_code as code, to_char(l.date_of_service, 'YYYY-MM-DD') as date,
      l.charge_cents as charge
    from claims c join claim_versions v on v.claim_id = c.id
    join claim_lines l on l.claim_version_id = v.id where c.client_id = ${clientId}`);
    return {
      clientId,
      claimId: claim.claimId,
      pcn: claim.pcn,
      // The payer allows all but $30 of the fee and leaves a $25 copay to the client.
      line: {
        lineControlNumber: claim.lcn,
        code: claim.code,
        date: claim.date,
        chargeCents: claim.charge,
        paidCents: claim.charge - 5_500,
        contractualCents: 3_000,
        patientCents: 2_500,
      },
    };
  }

  const balanceOf = async (clientId: number) =>
    (
      await one<{ balance: number }>(
        sql`select coalesce(sum(case kind when 'charge' then amount_cents when 'refund' then amount_cents
            when 'allocation' then 0 else -amount_cents end), 0)::int as balance
          from ledger_entries where client_id = ${clientId}`,
      )
    ).balance;

  const statusOf = async (claimId: number) =>
    (
      await one<{ status: string }>(
        sql`select status from claim_events where claim_id = ${claimId} order by id desc limit 1`,
      )
    ).status;

  const countOf = async (query: ReturnType<typeof sql>) =>
    (await one<{ n: number }>(sql`select count(*)::int as n from (${query}) q`)).n;

  const { id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  );
  const { id: productId } = await one<{ id: number }>(
    sql`select id from products where practice_id = 1 and cpt_code = '90837' and active`,
  );
  const { id: payerId } = await one<{ id: number }>(
    sql`select id from practice_insurances where practice_id = 1 order by id limit 1`,
  );
  return { therapist, claimedSession, one, balanceOf, statusOf, countOf };
}
