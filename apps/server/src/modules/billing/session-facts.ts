import type { SessionChargeFacts } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { isoOf } from '../../platform/sql.ts';

/**
 * What a session's charge is made from, read in one statement for the attendees `where`
 * picks (over `a` the attendee, `e` its event, `c` its client). The charge made at attendance
 * (charge-session.ts) and today's copay "due now" (due-now.ts) both read it, so the desk asks
 * for exactly what the charge will say.
 */
export type SessionFacts = {
  attendeeId: number;
  clientId: number;
  /** ISO instant in UTC, the same text on both drivers. */
  startAt: string;
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

export async function sessionFactsWhere(
  db: Db,
  practiceId: number,
  where: SQL,
  options: { lock: boolean },
): Promise<SessionFacts[]> {
  return rowsOf<SessionFacts>(
    db,
    sql`select a.id as "attendeeId", a.client_id as "clientId", ${isoOf(sql`e.start_at`)} as "startAt",
          a.account_invoice_id as "accountInvoiceId", a.attended, c.is_group as "isGroupClient",
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
        where ${where}
        order by e.start_at, a.id
        ${options.lock ? sql`for update of a` : sql``}`,
  );
}

/** The facts as the domain's charge rule reads them (one unit: the service as booked). */
export function chargeFactsOf(facts: SessionFacts): SessionChargeFacts {
  return {
    units: 1,
    policy: facts.hasPolicy
      ? {
          payerFeeCents: facts.payerFeeCents,
          coverage: {
            copayCents: facts.copayCents,
            coinsurancePercent: facts.coinsurancePercent,
          },
        }
      : null,
    clientUsualFeeCents: facts.usualFeeCents,
    serviceFeeCents: facts.serviceFeeCents ?? 0,
  };
}
