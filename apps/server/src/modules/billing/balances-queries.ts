import type { listOpenBalances, listOpenCredits } from '@openpractice/contracts/billing/balances';
import { AGING_BASIS, agingBucket, type Aging } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * Open balances and open credits (issue 19 item 2) read from the figures the database keeps
 * as ledger entries arrive (migration 0042: ledger_client_balances, ledger_charge_balances),
 * so a list costs the clients who owe, not every entry the practice ever wrote.
 */

type ListInput = {
  practiceId: number;
  therapistId?: number | undefined;
  limit: number;
  offset: number;
};

/** Clients the therapist sees (the lists' and the reports' therapist filter), by `client`. */
export const therapistFilter = (
  therapistId: number | undefined,
  client: SQL = sql`b.client_id`,
): SQL =>
  therapistId === undefined
    ? sql``
    : sql`and exists (select 1 from client_therapists ct where ct.client_id = ${client} and ct.therapist_id = ${therapistId})`;

const emptyAging = (): Aging => ({
  current: 0,
  days31to60: 0,
  days61to90: 0,
  days91to120: 0,
  over120: 0,
});

export const clientName = sql`btrim(coalesce(c.last_name, '') || ', ' || coalesce(c.first_name, ''), ', ')`;

type BalanceRow = {
  patientId: number;
  clientName: string;
  balanceCents: number;
  lastPaymentDate: string | null;
  /** Open charges as [date of service, open cents] pairs. */
  open: [string, number][] | null;
};

/** Open amounts per day of service, bucketed by the domain's one rule. */
function aged(days: readonly (readonly [string, number])[], today: string): Aging {
  const aging = emptyAging();
  for (const [day, cents] of days) aging[agingBucket(day, today)] += cents;
  return aging;
}

/** Clients who owe, largest balance first, each aged by the dates of service of what is open. */
export async function openBalances(
  db: Db,
  input: ListInput,
  today: string,
): Promise<z.output<(typeof listOpenBalances.schema.response)[200]>> {
  const owed = sql`b.practice_id = ${input.practiceId} and b.balance_cents > 0 ${therapistFilter(input.therapistId)}`;
  const rows = await rowsOf<BalanceRow>(
    db,
    sql`select b.client_id as "patientId", ${clientName} as "clientName",
          b.balance_cents::float8 as "balanceCents",
          to_char(b.last_payment_at, 'YYYY-MM-DD') as "lastPaymentDate",
          (select json_agg(json_build_array(to_char(k.date_of_service, 'YYYY-MM-DD'), k.open_cents))
            from ledger_charge_balances k
            where k.practice_id = ${input.practiceId} and k.client_id = b.client_id and k.open_cents > 0) as open
        from ledger_client_balances b join clients c on c.id = b.client_id
        where ${owed}
        order by b.balance_cents desc, b.client_id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [sums] = await rowsOf<{ total: number; balance: number; days: [string, number][] | null }>(
    db,
    sql`select (select count(*)::int from ledger_client_balances b where ${owed}) as total,
          (select coalesce(sum(b.balance_cents), 0)::float8 from ledger_client_balances b where ${owed}) as balance,
          (select json_agg(json_build_array(d.day, d.cents)) from (
            select to_char(k.date_of_service, 'YYYY-MM-DD') as day, sum(k.open_cents)::float8 as cents
            from ledger_charge_balances k
            where k.practice_id = ${input.practiceId} and k.open_cents > 0
              and exists (select 1 from ledger_client_balances b where ${owed} and b.client_id = k.client_id)
            group by k.date_of_service) d) as days`,
  );
  return {
    data: rows.map((row) => {
      const open = row.open ?? [];
      return {
        patientId: row.patientId,
        clientName: row.clientName,
        balanceCents: row.balanceCents,
        aging: aged(open, today),
        oldestDateOfService: open.reduce<string | null>(
          (oldest, [day]) => (oldest === null || day < oldest ? day : oldest),
          null,
        ),
        lastPaymentDate: row.lastPaymentDate,
      };
    }),
    total: sums?.total ?? 0,
    totals: { balanceCents: sums?.balance ?? 0, aging: aged(sums?.days ?? [], today) },
    agingBasis: AGING_BASIS,
  };
}

/** Clients with credit (a negative balance: paid more than owed), largest first. */
export async function openCredits(
  db: Db,
  input: ListInput,
): Promise<z.output<(typeof listOpenCredits.schema.response)[200]>> {
  const credit = sql`b.practice_id = ${input.practiceId} and b.balance_cents < 0 ${therapistFilter(input.therapistId)}`;
  const rows = await rowsOf<{
    patientId: number;
    clientName: string;
    creditCents: number;
    lastPaymentDate: string | null;
  }>(
    db,
    sql`select b.client_id as "patientId", ${clientName} as "clientName",
          (-b.balance_cents)::float8 as "creditCents",
          to_char(b.last_payment_at, 'YYYY-MM-DD') as "lastPaymentDate"
        from ledger_client_balances b join clients c on c.id = b.client_id
        where ${credit}
        order by b.balance_cents, b.client_id
        limit ${input.limit} offset ${input.offset}`,
  );
  const [sums] = await rowsOf<{ total: number; credit: number }>(
    db,
    sql`select count(*)::int as total, coalesce(-sum(b.balance_cents), 0)::float8 as credit
        from ledger_client_balances b where ${credit}`,
  );
  return {
    data: rows,
    total: sums?.total ?? 0,
    totals: { creditCents: sums?.credit ?? 0 },
  };
}
