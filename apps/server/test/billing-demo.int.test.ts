import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The demo practice's billing (issue 19 item 9) opens on real figures: past sessions charged,
 * payments by cash, check and card, refunds, credits, last month's statements, and client1
 * owing; every client's ledger agrees with the database's own check. And the payment role
 * alone (therapist4, spec-1 §6) takes a payment for their client without the financial role:
 * what is due now carries all the form needs, while the ledger and the reports stay closed.
 */

let t: TestApp;
let biller: Browser;
let therapist4: Browser;
let client1Id: number;

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The demo's history: eight weeks back, read in one period up to tomorrow (any zone). */
const PERIOD = `from=${day(-100)}&to=${day(1)}&limit=200`;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

async function dataOf<T>(browser: Browser, path: string): Promise<T> {
  const answer = await browser.get(path);
  expect(answer.statusCode, `${path}: ${answer.body}`).toBe(200);
  return answer.json<T>();
}

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  therapist4 = await signedIn(t.app, 'therapist4');
  ({ id: client1Id } = await one<{ id: number }>(
    sql`select c.id from clients c join users u on u.id = c.portal_user_id
        where u.username = 'client1'`,
  ));
}, 120_000);
afterAll(() => t.close());

describe('the demo practice’s billing', () => {
  it('has client1 owing a balance, with last month’s statement', async () => {
    const ledger = await dataOf<{ data: { balanceCents: number; entries: { kind: string }[] } }>(
      biller,
      `/api/billing/clients/${client1Id}/ledger`,
    );
    expect(ledger.data.balanceCents).toBeGreaterThan(0);
    expect(ledger.data.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['charge', 'payment', 'allocation']),
    );
    const statements = await dataOf<{ data: { patientId: number; emailedAt: string | null }[] }>(
      biller,
      `/api/billing/statements?patientId=${client1Id}`,
    );
    expect(statements.data).toHaveLength(1);
  });

  it('opens every billing list on real figures', async () => {
    const balances = await dataOf<{ total: number; totals: { balanceCents: number } }>(
      biller,
      '/api/billing/balances/open',
    );
    expect(balances.total).toBeGreaterThan(10);
    expect(balances.totals.balanceCents).toBeGreaterThan(0);
    const credits = await dataOf<{ total: number }>(biller, '/api/billing/credits/open');
    expect(credits.total).toBeGreaterThanOrEqual(3);
    const charges = await dataOf<{ total: number }>(
      biller,
      `/api/billing/reports/charges?${PERIOD}`,
    );
    expect(charges.total).toBeGreaterThan(100);
    const payments = await dataOf<{
      data: { kind: string; method: string }[];
      totals: { refundsCents: number };
    }>(biller, `/api/billing/reports/payments?${PERIOD}`);
    expect(new Set(payments.data.map((p) => p.method))).toEqual(new Set(['cash', 'check', 'card']));
    expect(payments.data.filter((p) => p.kind === 'refund')).toHaveLength(2);
    expect(payments.totals.refundsCents).toBeGreaterThan(0);
    const insurers = await dataOf<{ total: number }>(
      biller,
      `/api/billing/reports/insurance-payments?${PERIOD}`,
    );
    expect(insurers.total).toBeGreaterThan(0);
    const statements = await dataOf<{ data: { createdAt: string; emailedAt: string | null }[] }>(
      biller,
      '/api/billing/statements',
    );
    expect(statements.data.length).toBeGreaterThan(5);
    // Sent last month: before this month's first day, in any zone.
    const thisMonth = new Date();
    thisMonth.setUTCDate(1);
    for (const s of statements.data) {
      expect(Date.parse(s.createdAt)).toBeLessThan(thisMonth.getTime());
      expect(s.emailedAt).not.toBeNull();
    }
  });

  it('keeps the database’s ledger check for every demo client', async () => {
    expect(
      await rowsOf(t.database.db, sql`select what, id from ledger_balances_mismatches()`),
    ).toEqual([]);
    // charges − payments − adjustments + refunds = the balance, for every client with entries;
    // no charge owes below zero and no payment is applied or refunded beyond its amount.
    const [broken] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from (
            select client_id, sum(case when kind in ('charge', 'refund') then amount_cents
                when kind in ('payment', 'adjustment') then -amount_cents else 0 end) as derived
            from ledger_entries group by client_id) d
          full join ledger_client_balances k on k.client_id = d.client_id
          where d.derived is distinct from k.balance_cents`,
    );
    const [overdrawn] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries p
          where p.kind in ('payment', 'charge') and p.reverses_id is null
            and (select coalesce(sum(x.amount_cents), 0) from ledger_entries x
                 where (p.kind = 'payment' and x.payment_id = p.id and x.kind in ('allocation', 'refund'))
                    or (p.kind = 'charge' and x.charge_id = p.id and x.kind in ('allocation', 'adjustment')))
                not between 0 and p.amount_cents`,
    );
    expect(overdrawn?.n).toBe(0);
    expect(broken?.n).toBe(0);
    const [figures] = await rowsOf<{ clients: number; charged: number; uncharged: number }>(
      t.database.db,
      sql`select (select count(*)::int from ledger_client_balances) as clients,
            (select count(*)::int from calendar_event_attendees where account_invoice_id is not null) as charged,
            (select count(*)::int from calendar_event_attendees a
              join calendar_events e on e.id = a.event_id join clients c on c.id = a.client_id
              where a.attended and not c.is_group and e.type = 'appointment'
                and e.start_at < now() - interval '1 day' and a.account_invoice_id is null) as uncharged`,
    );
    expect(figures).toMatchObject({ uncharged: 0 });
    expect(figures?.clients).toBeGreaterThan(50);
    expect(figures?.charged).toBeGreaterThan(100);
  });
});

describe('the payment role without the financial role (therapist4)', () => {
  let clientId: number;
  beforeAll(async () => {
    ({ clientId } = await one<{ clientId: number }>(
      sql`select ct.client_id as "clientId" from client_therapists ct
          join therapists th on th.id = ct.therapist_id join users u on u.id = th.user_id
          join ledger_client_balances b on b.client_id = ct.client_id
          where u.username = 'therapist4' and b.balance_cents > 0
          order by ct.client_id limit 1`,
    ));
  });

  it('reads what is due now with all the payment form needs, and records the payment', async () => {
    const due = await dataOf<{
      data: {
        balanceCents: number;
        creditCents: number;
        dueNowCents: number;
        openCharges: { chargeId: number; openCents: number }[];
      };
    }>(therapist4, `/api/billing/clients/${clientId}/dueNow`);
    expect(due.data.balanceCents).toBeGreaterThan(0);
    const [oldest] = due.data.openCharges;
    if (!oldest) throw new Error('no open charge');
    const paid = await therapist4.post(`/api/billing/clients/${clientId}/payments`, {
      amountCents: oldest.openCents,
      source: 'client',
      method: 'cash',
      allocations: [{ chargeId: oldest.chargeId, amountCents: oldest.openCents }],
      leaveCredit: false,
      idempotencyKey: 'payment-role-only-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await dataOf<{ data: { balanceCents: number; openCharges: unknown[] } }>(
      therapist4,
      `/api/billing/clients/${clientId}/dueNow`,
    );
    expect(after.data.balanceCents).toBe(due.data.balanceCents - oldest.openCents);
    expect(after.data.openCharges).toHaveLength(due.data.openCharges.length - 1);
  });

  it('is still refused the ledger page’s call and every financial list', async () => {
    for (const path of [
      `/api/billing/clients/${clientId}/ledger`,
      '/api/billing/balances/open',
      '/api/billing/credits/open',
      `/api/billing/reports/payments?${PERIOD}`,
      `/api/billing/reports/charges?${PERIOD}`,
      '/api/billing/statements',
    ]) {
      const answer = await therapist4.get(path);
      expect(answer.statusCode, path).toBe(403);
    }
  });

  it('reaches only the clients they treat', async () => {
    const { id: other } = await one<{ id: number }>(
      sql`select c.id from clients c where c.practice_id = 1 and not c.is_group
            and not exists (select 1 from client_therapists ct join therapists th on th.id = ct.therapist_id
              join users u on u.id = th.user_id where ct.client_id = c.id and u.username = 'therapist4')
          order by c.id limit 1`,
    );
    expect((await therapist4.get(`/api/billing/clients/${other}/dueNow`)).statusCode).toBe(403);
  });
});
