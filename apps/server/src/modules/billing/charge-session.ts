import { expectedParts, sessionFeeCents } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { BillableSessionEvent } from '../../platform/billable-sessions.ts';
import { appendEntry } from './ledger-store.ts';

/** What a session's charge is made from, read in one statement. */
type SessionFacts = {
  clientId: number;
  accountInvoiceId: number | null;
  attended: boolean | null;
  isGroupClient: boolean;
  dateOfService: string;
  productId: number | null;
  cptCode: string | null;
  serviceFeeCents: number | null;
  payerFeeCents: number | null;
  usualFeeCents: number | null;
  hasPolicy: boolean;
  copayCents: number | null;
  coinsurancePercent: number | null;
  signedNoteRequired: boolean;
  hasLockedNote: boolean;
};

async function sessionFacts(db: Db, practiceId: number, attendeeId: number) {
  const [row] = await rowsOf<SessionFacts>(
    db,
    sql`select a.client_id as "clientId", a.account_invoice_id as "accountInvoiceId",
          a.attended, c.is_group as "isGroupClient",
          to_char(e.start_at at time zone p.timezone, 'YYYY-MM-DD') as "dateOfService",
          pr.id as "productId", pr.cpt_code as "cptCode", pr.fee_cents as "serviceFeeCents",
          (select f.fee_cents from product_payer_fees f
            where f.product_id = pr.id and f.practice_insurance_id = pol.practice_insurance_id) as "payerFeeCents",
          c.usual_fee_cents as "usualFeeCents", pol.id is not null as "hasPolicy",
          conf.copay_cents as "copayCents", conf.coinsurance_percent as "coinsurancePercent",
          coalesce(ps.signed_note_required_for_billing, false) as "signedNoteRequired",
          exists (select 1 from chart_notes n where n.attendee_id = a.id and n.kind = 'progress'
            and n.is_billing_note and n.status = 'locked') as "hasLockedNote"
        from calendar_event_attendees a
        join calendar_events e on e.id = a.event_id and e.practice_id = ${practiceId}
        join practices p on p.id = e.practice_id
        join clients c on c.id = a.client_id
        left join practice_settings ps on ps.practice_id = p.id
        left join products pr on pr.id = coalesce(a.product_id,
          (select d.id from products d where d.practice_id = p.id and d.is_default and d.active limit 1))
        left join lateral (select ci.id, ci.practice_insurance_id from client_insurances ci
          where ci.client_id = c.id and ci.is_current and ci.insurance_type = 'PRIMARY'
          order by ci.id desc limit 1) pol on true
        left join lateral (select ic.copay_cents, ic.coinsurance_percent from insurance_confirmations ic
          where ic.client_insurance_id = pol.id order by ic.auth_date desc, ic.id desc limit 1) conf on true
        where a.id = ${attendeeId}
        for update of a`,
  );
  return row;
}

/**
 * Makes the charge for an attended session, once (issue 19 item 1): on attendance, or — when
 * the practice requires a signed note first — on the note's signature. The fee comes from the
 * payer's fee schedule, the client's usual fee or the service's fee; the client's and the
 * insurer's expected parts from the policy's newest confirmed copay or coinsurance. The
 * attendee row is locked while this runs, so two callers cannot both charge a session.
 */
export async function chargeSession(db: Db, event: BillableSessionEvent): Promise<number | null> {
  const facts = await sessionFacts(db, event.practiceId, event.attendeeId);
  if (!facts || facts.accountInvoiceId !== null) return facts?.accountInvoiceId ?? null;
  if (facts.attended !== true || facts.isGroupClient || facts.productId === null) return null;
  if (facts.signedNoteRequired && !facts.hasLockedNote) return null;
  const fee = sessionFeeCents({
    units: 1,
    payerFeeCents: facts.hasPolicy ? facts.payerFeeCents : null,
    clientUsualFeeCents: facts.hasPolicy ? null : facts.usualFeeCents,
    serviceFeeCents: facts.serviceFeeCents ?? 0,
  });
  // A free session (a fee of zero) is not a charge: nothing is owed and nothing is billed.
  if (fee <= 0) return null;
  const parts = expectedParts(
    fee,
    facts.hasPolicy
      ? { copayCents: facts.copayCents, coinsurancePercent: facts.coinsurancePercent }
      : null,
  );
  const chargeId = await appendEntry(
    db,
    { practiceId: event.practiceId, clientId: facts.clientId, userId: event.userId },
    {
      kind: 'charge',
      amountCents: fee,
      dateOfService: facts.dateOfService,
      attendeeId: event.attendeeId,
      productId: facts.productId,
      cptCode: facts.cptCode,
      units: 1,
      clientPartCents: parts.clientCents,
      insurerPartCents: parts.insurerCents,
    },
  );
  await db.execute(
    sql`update calendar_event_attendees set account_invoice_id = ${chargeId} where id = ${event.attendeeId}`,
  );
  return chargeId;
}

/** A reversed session charge frees its session to be charged again (after a correction). */
export async function releaseSessionCharge(db: Db, chargeId: number): Promise<void> {
  await db.execute(
    sql`update calendar_event_attendees set account_invoice_id = null where account_invoice_id = ${chargeId}`,
  );
}
