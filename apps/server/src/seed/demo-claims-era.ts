import { era835 } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { createClaim } from '../modules/claims/index.ts';
import { uploadEra } from '../modules/claims/era-service.ts';
import {
  postClientRemittance,
  reverseClientRemittance,
} from '../modules/billing/era-remittance.ts';
import { handleInsuranceRemittances } from '../platform/insurance-remittance.ts';

/**
 * Remittances in the demo (issue 20 items 7 and 11), posted as an uploaded 835 is, so the
 * claim history, the client's ledger and the ERA problem list open on real rows: an earlier
 * session of a client whose latest claim is ready gets its own claim, which an ERA pays (the
 * payer pays 70 %, writes 20 % off under contract and leaves 10 % to the client), and a second
 * ERA names a claim number the practice does not have, so it waits on problemERA. A practice
 * that already has an ERA is left as it is.
 */

type Earlier = {
  attendeeId: number;
  clientId: number;
  practiceInsuranceId: number;
  policyId: number;
};

type Line = { lineControlNumber: string; code: string; date: string; chargeCents: number };

export async function seedDemoEras(db: Db, practiceId: number, now: Date): Promise<void> {
  const [done] = await rowsOf<{ id: number }>(
    db,
    sql`select id from era_files where practice_id = ${practiceId} limit 1`,
  );
  if (done !== undefined) return;
  // The seed posts as the app does; the app's billing module registers this when it starts.
  handleInsuranceRemittances({ post: postClientRemittance, reverse: reverseClientRemittance });
  const [earlier] = await rowsOf<Earlier>(
    db,
    sql`select a.id as "attendeeId", c.client_id as "clientId",
          c.practice_insurance_id as "practiceInsuranceId", c.client_insurance_id as "policyId"
        from claims c
          join calendar_event_attendees a on a.client_id = c.client_id and a.attended
          join calendar_events e on e.id = a.event_id and e.cancelled_at is null
          -- Its charge still owed in full: the client has not paid it (nor the insurer by hand).
          join ledger_charge_balances b on b.charge_id = a.account_invoice_id
          join ledger_entries charge on charge.id = b.charge_id and charge.amount_cents = b.open_cents
        where c.practice_id = ${practiceId} and c.responsibility = 'primary'
          and c.client_insurance_id is not null
          and exists (select 1 from client_diagnoses d where d.client_id = c.client_id)
          and not exists (select 1 from claim_sessions cs where cs.attendee_id = a.id)
          and e.start_at < ${new Date(now.getTime() - 7 * 86_400_000).toISOString()}::timestamptz
        order by c.id, e.start_at desc limit 1`,
  );
  if (earlier) {
    const claim = await createClaim(
      db,
      {
        practiceId,
        responsibility: 'primary',
        ...earlier,
        clientInsuranceId: earlier.policyId,
        attendeeIds: [earlier.attendeeId],
      },
      'automatic',
      { userId: null, now },
    );
    const lines = await rowsOf<Line>(
      db,
      sql`select l.line_control_number as "lineControlNumber", l.procedure_code as code,
            to_char(l.date_of_service, 'YYYY-MM-DD') as date, coalesce(l.charge_cents, 0) as "chargeCents"
          from claim_lines l join claim_versions v on v.id = l.claim_version_id
          where v.claim_id = ${claim.claimId} order by l.position`,
    );
    const paid = era835({
      traceNumber: `DEMO-EFT-${String(claim.claimId)}`,
      claims: [
        {
          patientControlNumber: claim.patientControlNumber,
          payerClaimNumber: `PAYER${String(claim.claimId).padStart(6, '0')}`,
          lines: lines.map((line) => {
            const contractualCents = Math.round(line.chargeCents * 0.2);
            const patientCents = Math.round(line.chargeCents * 0.1);
            return {
              ...line,
              contractualCents,
              patientCents,
              paidCents: line.chargeCents - contractualCents - patientCents,
            };
          }),
        },
      ],
    });
    await db.transaction((tx) =>
      uploadEra(
        tx,
        { practiceId, text: paid, fileName: 'demo-remittance.835' },
        { userId: null, now },
      ),
    );
  }
  // A payment for a claim the practice never sent (another provider's, say): for a person.
  const stray = era835({
    traceNumber: 'DEMO-EFT-STRAY',
    claims: [
      {
        patientControlNumber: 'OTHER-88421',
        lines: [
          {
            code: '90834',
            date: '2026-10-05',
            chargeCents: 15_000,
            paidCents: 9_000,
            contractualCents: 6_000,
          },
        ],
      },
    ],
  });
  await db.transaction((tx) =>
    uploadEra(
      tx,
      { practiceId, text: stray, fileName: 'demo-unmatched.835' },
      { userId: null, now },
    ),
  );
}
