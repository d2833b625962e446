import type {
  chargesReport,
  insurancePaymentsReport,
  paymentsAndRefundsReport,
} from '@openpractice/contracts/billing/reports';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { clientName, therapistFilter } from './balances-queries.ts';

/**
 * The billing reports (issue 19 item 2): one query for the page and one for the totals over
 * every row the filter matches. Reversed entries and the reversals themselves are left out: a
 * reversal undoes its entry in full, so the pair says nothing happened. Charges are read by the
 * practice's date-of-service index (migration 0035), money by its recorded-time index (0049).
 */

type Answer<C extends { schema: { response: { 200: z.ZodType } } }> = z.output<
  C['schema']['response'][200]
>;
type Paging = { limit: number; offset: number };
type Period = { practiceId: number; from: string; to: string };

const notReversed = sql`e.reverses_id is null
  and not exists (select 1 from ledger_entries r where r.reverses_id = e.id)`;

/** Entries recorded from the start of `from` to the end of `to`, in the practice's zone. */
const recordedIn = (period: Period, timezone: string): SQL =>
  sql`e.created_at >= (${period.from}::date)::timestamp at time zone ${timezone}
    and e.created_at < (${period.to}::date + 1)::timestamp at time zone ${timezone}`;

const recordedDay = (timezone: string): SQL =>
  sql`to_char(e.created_at at time zone ${timezone}, 'YYYY-MM-DD')`;

const optional = (value: number | undefined, clause: (v: number) => SQL): SQL =>
  value === undefined ? sql`` : clause(value);

/** Charges by date of service, with the session's therapist and what each still owes. */
export async function chargesReportRows(
  db: Db,
  input: Period & Paging & { therapistId?: number | undefined; patientId?: number | undefined },
): Promise<Answer<typeof chargesReport>> {
  const from = sql`from ledger_entries e
    join clients c on c.id = e.client_id
    left join calendar_event_attendees a on a.id = e.attendee_id
    left join calendar_events ev on ev.id = a.event_id
    left join therapists th on th.id = ev.therapist_id
    left join ledger_charge_balances k on k.charge_id = e.id
    where e.practice_id = ${input.practiceId} and e.kind = 'charge'
      and e.date_of_service between ${input.from}::date and ${input.to}::date
      and ${notReversed}
      ${optional(input.therapistId, (id) => sql`and ev.therapist_id = ${id}`)}
      ${optional(input.patientId, (id) => sql`and e.client_id = ${id}`)}`;
  // A charge made before expected parts were kept is the client's in full.
  const insurerPart = sql`coalesce(e.insurer_part_cents, 0)`;
  const clientPart = sql`coalesce(e.client_part_cents, e.amount_cents - ${insurerPart})`;
  const data = await rowsOf<Answer<typeof chargesReport>['data'][number]>(
    db,
    sql`select e.id as "chargeId", e.client_id as "patientId", ${clientName} as "clientName",
          to_char(e.date_of_service, 'YYYY-MM-DD') as "dateOfService",
          nullif(btrim(coalesce(th.first_name, '') || ' ' || coalesce(th.last_name, '')), '') as "therapistName",
          e.cpt_code as "cptCode", e.units, e.amount_cents as "feeCents",
          ${clientPart} as "clientPartCents", ${insurerPart} as "insurerPartCents",
          coalesce(k.open_cents, 0) as "openCents"
        ${from}
        order by e.date_of_service, e.id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [sums] = await rowsOf<Answer<typeof chargesReport>['totals'] & { total: number }>(
    db,
    sql`select count(*)::int as total, coalesce(sum(e.units), 0)::float8 as units,
          coalesce(sum(e.amount_cents), 0)::float8 as "feeCents",
          coalesce(sum(${clientPart}), 0)::float8 as "clientPartCents",
          coalesce(sum(${insurerPart}), 0)::float8 as "insurerPartCents",
          coalesce(sum(k.open_cents), 0)::float8 as "openCents"
        ${from}`,
  );
  const { total = 0, ...totals } = sums ?? {
    units: 0,
    feeCents: 0,
    clientPartCents: 0,
    insurerPartCents: 0,
    openCents: 0,
  };
  return { data, total, totals };
}

/** Client payments and the refunds of client payments, by the day they were recorded. */
export async function paymentsAndRefundsRows(
  db: Db,
  timezone: string,
  input: Period & Paging & { method?: string | undefined; therapistId?: number | undefined },
): Promise<Answer<typeof paymentsAndRefundsReport>> {
  // A refund is reported under its payment's method and source.
  const from = sql`from ledger_entries e
    join ledger_entries p on p.id = coalesce(e.payment_id, e.id)
    join clients c on c.id = e.client_id
    where e.practice_id = ${input.practiceId} and e.kind in ('payment', 'refund')
      and p.payment_source = 'client'
      and ${recordedIn(input, timezone)} and ${notReversed}
      ${input.method === undefined ? sql`` : sql`and p.payment_method = ${input.method}`}
      ${therapistFilter(input.therapistId, sql`e.client_id`)}`;
  const data = await rowsOf<Answer<typeof paymentsAndRefundsReport>['data'][number]>(
    db,
    sql`select e.id as "entryId", e.kind, ${recordedDay(timezone)} as day,
          e.client_id as "patientId", ${clientName} as "clientName",
          p.payment_method as method, e.reference, e.notation, e.amount_cents as "amountCents"
        ${from}
        order by e.created_at, e.id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [sums] = await rowsOf<{ total: number; paymentsCents: number; refundsCents: number }>(
    db,
    sql`select count(*)::int as total,
          coalesce(sum(e.amount_cents) filter (where e.kind = 'payment'), 0)::float8 as "paymentsCents",
          coalesce(sum(e.amount_cents) filter (where e.kind = 'refund'), 0)::float8 as "refundsCents"
        ${from}`,
  );
  const paymentsCents = sums?.paymentsCents ?? 0;
  const refundsCents = sums?.refundsCents ?? 0;
  return {
    data,
    total: sums?.total ?? 0,
    totals: { paymentsCents, refundsCents, netCents: paymentsCents - refundsCents },
  };
}

/** Insurers' payments (keyed by hand now, posted from ERAs later), with what is unapplied. */
export async function insurancePaymentsRows(
  db: Db,
  timezone: string,
  input: Period & Paging & { patientId?: number | undefined; therapistId?: number | undefined },
): Promise<Answer<typeof insurancePaymentsReport>> {
  const unapplied = sql`(e.amount_cents - coalesce((select sum(x.amount_cents) from ledger_entries x
    where x.payment_id = e.id and x.kind in ('allocation', 'refund')), 0))`;
  const from = sql`from ledger_entries e join clients c on c.id = e.client_id
    where e.practice_id = ${input.practiceId} and e.kind = 'payment'
      and e.payment_source = 'insurance'
      and ${recordedIn(input, timezone)} and ${notReversed}
      ${optional(input.patientId, (id) => sql`and e.client_id = ${id}`)}
      ${therapistFilter(input.therapistId, sql`e.client_id`)}`;
  const data = await rowsOf<Answer<typeof insurancePaymentsReport>['data'][number]>(
    db,
    sql`select e.id as "entryId", ${recordedDay(timezone)} as day,
          e.client_id as "patientId", ${clientName} as "clientName",
          e.payment_method as method, e.reference, e.notation, e.amount_cents as "amountCents",
          ${unapplied}::float8 as "unappliedCents"
        ${from}
        order by e.created_at, e.id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [sums] = await rowsOf<{ total: number; amountCents: number; unappliedCents: number }>(
    db,
    sql`select count(*)::int as total, coalesce(sum(e.amount_cents), 0)::float8 as "amountCents",
          coalesce(sum(${unapplied}), 0)::float8 as "unappliedCents"
        ${from}`,
  );
  return {
    data,
    total: sums?.total ?? 0,
    totals: { amountCents: sums?.amountCents ?? 0, unappliedCents: sums?.unappliedCents ?? 0 },
  };
}
