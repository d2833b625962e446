import { LEDGER_MESSAGES } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Posting a payment reads only the charges it pays (issue 19 item 10), so these check that
 * what it decides and answers is still what the whole ledger says: what other payments and
 * adjustments left on a charge, a reversed charge, another client's charge, and the balance
 * and credit it answers against the ledger's own.
 */

let t: TestApp;
let biller: Browser;

type Standing = { patientId: number; paymentId: number; balanceCents: number; creditCents: number };

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 960_000;
async function newClient(): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, ${account}, 'Payment', 'Rules') returning id`,
  );
  return id;
}

/** A charge on the ledger as attendance writes one (its path is tested with the ledger). */
async function charge(clientId: number, amountCents: number): Promise<number> {
  const { id } = await one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service, cpt_code, units)
        values (1, ${clientId}, 'charge', ${amountCents}, current_date - 7, '90837', 1) returning id`,
  );
  return id;
}

const pay = (clientId: number, body: Record<string, unknown>) =>
  biller.post(`/api/billing/clients/${clientId}/payments`, {
    source: 'client',
    method: 'cash',
    idempotencyKey: `rules-${Math.random().toString(36).slice(2)}`,
    ...body,
  });

const ledgerOf = async (clientId: number) => {
  const response = await biller.get(`/api/billing/clients/${clientId}/ledger`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { balanceCents: number; creditCents: number } }>().data;
};

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
});
afterAll(() => t.close());

describe('a payment on a client with history', () => {
  let clientId: number;
  let first: number;
  let second: number;

  it('sees what earlier payments and adjustments left on the charges it pays', async () => {
    clientId = await newClient();
    first = await charge(clientId, 10_000);
    second = await charge(clientId, 8_000);
    expect(
      (
        await pay(clientId, {
          amountCents: 6_000,
          allocations: [{ chargeId: first, amountCents: 6_000 }],
        })
      ).statusCode,
    ).toBe(200);
    const adjusted = await biller.post(`/api/billing/clients/${clientId}/adjustments`, {
      chargeId: second,
      amountCents: 3_000,
      kind: 'discount',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    for (const [chargeId, amountCents] of [
      [first, 4_001],
      [second, 5_001],
    ] as const) {
      const beyond = await pay(clientId, { amountCents, allocations: [{ chargeId, amountCents }] });
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json()).toMatchObject({
        message: LEDGER_MESSAGES.overAllocatedCharge,
        field: 'allocations.0.chargeId',
      });
    }
    // The same charge twice in one payment: the second sees what the first left.
    const twice = await pay(clientId, {
      amountCents: 5_000,
      allocations: [
        { chargeId: first, amountCents: 3_000 },
        { chargeId: first, amountCents: 2_000 },
      ],
    });
    expect(twice.json()).toMatchObject({ field: 'allocations.1.chargeId' });
  });

  it('answers the balance and credit the ledger derives, with the payment', async () => {
    const paid = await pay(clientId, {
      amountCents: 12_000,
      allocations: [
        { chargeId: first, amountCents: 4_000 },
        { chargeId: second, amountCents: 5_000 },
      ],
      leaveCredit: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json<{ data: Standing }>().data;
    const ledger = await ledgerOf(clientId);
    expect(answer).toEqual({
      patientId: clientId,
      paymentId: expect.any(Number),
      balanceCents: ledger.balanceCents,
      creditCents: ledger.creditCents,
    });
    expect(answer).toMatchObject({ balanceCents: -3_000, creditCents: 3_000 });

    // Credit only: it adds to what is there.
    const more = (await pay(clientId, { amountCents: 500, leaveCredit: true })).json<{
      data: Standing;
    }>().data;
    expect(more).toMatchObject({ balanceCents: -3_500, creditCents: 3_500 });
    expect(await ledgerOf(clientId)).toMatchObject({ balanceCents: -3_500, creditCents: 3_500 });
  });

  it('refuses a reversed charge and another client’s charge, writing nothing', async () => {
    const reversed = await charge(clientId, 2_000);
    const reversal = await biller.post(
      `/api/billing/clients/${clientId}/entries/${reversed}/reverse`,
      { notation: 'Entered twice' },
    );
    expect(reversal.statusCode, reversal.body).toBe(200);
    const other = await charge(await newClient(), 2_000);
    const before = await ledgerOf(clientId);
    for (const chargeId of [reversed, other]) {
      const refused = await pay(clientId, {
        amountCents: 1_000,
        allocations: [{ chargeId, amountCents: 1_000 }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'allocations.0.chargeId' });
    }
    expect(await ledgerOf(clientId)).toEqual(before);
  });
});
