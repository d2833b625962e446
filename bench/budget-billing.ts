/**
 * Billing budgets (issue 19 item 10): the open balances list of a practice with 10,000
 * clients and two years of fortnightly sessions answers p95 ≤ 200 ms; posting a payment with
 * its allocation costs ≤ 2× a raw insert transaction of the same rows and audit row. The
 * ledger is bulk-loaded once per database (its triggers off, then the kept balances rebuilt
 * by ledger_balances_rebuild()), marked by the bench clients' first names.
 */
import { sql } from 'drizzle-orm';
import { refreshPlannerStatistics, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import type { Budget } from './budget.ts';
import { httpClient } from './http-client.ts';
import { rawAuditRow } from './raw-audit.ts';
import { percentile, timePairs, timeRuns } from './support.ts';

const PRACTICE_ID = 1;
const CLIENTS = 10_000;
/** Two years of fortnightly sessions. */
const SESSIONS = 52;
const RUNS = 200;
const WARM = 20;

type Session = { cookie: string; csrf: string };

/** The bulk ledger: every client charged per session; nine sessions in ten paid and applied. */
export async function prepareLedger(database: Database): Promise<void> {
  const db = database.db;
  const [done] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from clients where practice_id = ${PRACTICE_ID} and first_name = 'Ledger'`,
  );
  if ((done?.n ?? 0) >= CLIENTS) return;
  await db.execute(sql`alter table ledger_entries disable trigger user`);
  try {
    await db.execute(sql`insert into clients (practice_id, account_number, first_name, last_name)
      select ${PRACTICE_ID}, 700000 + g, 'Ledger', 'Client ' || g from generate_series(1, ${CLIENTS}) g`);
    await db.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service, cpt_code, units)
      select ${PRACTICE_ID}, c.id, 'charge', 15000, current_date - 730 + s * 14, '90837', 1
      from clients c cross join generate_series(0, ${SESSIONS - 1}) s
      where c.practice_id = ${PRACTICE_ID} and c.first_name = 'Ledger'`);
    await db.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_source, payment_method, created_at, reference)
      select practice_id, client_id, 'payment', amount_cents, 'client', 'card', date_of_service + interval '1 day', 'charge ' || id
      from ledger_entries where kind = 'charge' and id % 10 <> 0 and client_id in
        (select id from clients where first_name = 'Ledger')`);
    await db.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_id, charge_id, created_at)
      select p.practice_id, p.client_id, 'allocation', p.amount_cents, p.id, substr(p.reference, 8)::int, p.created_at
      from ledger_entries p where p.kind = 'payment' and p.reference like 'charge %'`);
    await db.execute(sql`select ledger_balances_rebuild()`);
  } finally {
    await db.execute(sql`alter table ledger_entries enable trigger user`);
  }
  await refreshPlannerStatistics(db);
}

export async function openBalancesBudget(
  database: Database,
  base: string,
  session: Session,
): Promise<Budget> {
  await prepareLedger(database);
  const times = await timeRuns(RUNS, async () => {
    const response = await fetch(`${base}/api/billing/balances/open?limit=50`, {
      headers: { cookie: session.cookie },
    });
    if (!response.ok) throw new Error(`open balances: ${response.status}`);
    await response.arrayBuffer();
  });
  const p95 = percentile(times, 95);
  return {
    name: `Open balances, ${CLIENTS.toLocaleString('en-US')} clients × ${SESSIONS} sessions (p95)`,
    ratio: p95 / 200,
    target: { atMost: 1 },
    p50: percentile(times, 50),
    p95,
    p95AtMost: 200,
    detail: `GET /api/billing/balances/open (first 50, totals and aging over all); ${RUNS} requests`,
  };
}

/**
 * Open charges to pay, each of a different client of the bulk ledger (two years of history:
 * about 150 entries each), so every payment is posted as for an established client.
 */
async function openChargesOf(database: Database, count: number, skip: number) {
  return rowsOf<{ clientId: number; chargeId: number }>(
    database.db,
    sql`select distinct on (k.client_id) k.client_id as "clientId", k.charge_id as "chargeId"
        from ledger_charge_balances k join clients c on c.id = k.client_id
        where c.first_name = 'Ledger' and k.open_cents = 15000
        order by k.client_id, k.charge_id
        limit ${count} offset ${skip}`,
  );
}

export async function paymentBudget(
  database: Database,
  base: string,
  session: Session & { userId: number },
): Promise<Budget> {
  await prepareLedger(database);
  const apiCharges = await openChargesOf(database, RUNS + WARM, 0);
  const rawCharges = await openChargesOf(database, RUNS + WARM, RUNS + WARM);
  if (rawCharges.length < RUNS + WARM) throw new Error('Too few open charges to pay.');
  let made = 0;
  const stamp = Date.now();
  const client = httpClient();
  const [api, raw] = await timePairs(
    RUNS,
    async () => {
      const { clientId, chargeId } = apiCharges[made] ?? { clientId: 0, chargeId: 0 };
      const response = await client.send(`${base}/api/billing/clients/${clientId}/payments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
        },
        body: JSON.stringify({
          amountCents: 15000,
          source: 'client',
          method: 'cash',
          allocations: [{ chargeId, amountCents: 15000 }],
          idempotencyKey: `bench-${stamp}-${made}`,
        }),
      });
      if (!response.ok) throw new Error(`payment: ${response.status} ${response.text}`);
    },
    async () => {
      const { clientId, chargeId } = rawCharges[made] ?? { clientId: 0, chargeId: 0 };
      made += 1;
      await database.db.transaction(async (tx) => {
        const [payment] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_source, payment_method, idempotency_key)
              values (${PRACTICE_ID}, ${clientId}, 'payment', 15000, 'client', 'cash', ${`raw-${stamp}-${made}`}) returning id`,
        );
        await tx.execute(
          sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_id, charge_id)
              values (${PRACTICE_ID}, ${clientId}, 'allocation', 15000, ${payment?.id}, ${chargeId})`,
        );
        await rawAuditRow(tx, {
          practiceId: PRACTICE_ID,
          userId: session.userId,
          action: 'billing.payment_recorded',
          clientId,
          detail: { method: 'cash', allocations: 1 },
        });
      });
    },
    WARM,
  );
  client.close();
  const p50 = percentile(api, 50);
  const rawP50 = percentile(raw, 50);
  return {
    name: 'Post a payment with its allocation ÷ the raw insert transaction',
    ratio: p50 / rawP50,
    target: { atMost: 2 },
    p50,
    p95: percentile(api, 95),
    detail: `POST /api/billing/clients/:id/payments p50 over raw transaction p50 ${rawP50.toFixed(2)} ms (each pays an open charge of a different client with two years of history); ${RUNS} payments each, taking turns`,
  };
}
