import { PORTAL_PAYMENT_MESSAGES } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';
import { Browser as Anonymous } from './harness.ts';

/**
 * Clients pay their balance in the portal (issue 19 item 4) and see their cards' expiry
 * (item 5): the signed-in client's own account only (no call names a client), all or part of
 * the balance and never more (400 naming amountCents), the oldest charges paid first, through
 * the practice's processor (a typed card on the local processor, or a saved card), a receipt
 * emailed once, audited under the client, and a declined card writes nothing.
 */

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
let t: TestApp;
let client: Browser;
let biller: Browser;
let processorId: number;
let clientId: number;
let otherClientId: number;

type Account = {
  balanceCents: number;
  payableCents: number;
  openCharges: { chargeId: number; openCents: number; dateOfService: string | null }[];
  cards: { cardId: number; expiryState: string; expiresInDays: number; expired: boolean }[];
  processors: Record<string, unknown>[];
};

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 985_000;
async function newClient(therapistId: number): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, ${account}, 'Portia', 'Payne') returning id`,
  );
  await t.database.db.execute(sql`insert into client_therapists (client_id, therapist_id)
      values (${id}, ${therapistId})`);
  await t.database.db.execute(sql`insert into client_emails (client_id, email, is_default)
      values (${id}, 'portia@example.com', true)`);
  return id;
}

async function chargeOf(id: number, cents: number, daysAgo: number): Promise<number> {
  const row = await one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service,
          cpt_code, units, client_part_cents, insurer_part_cents)
        values (1, ${id}, 'charge', ${cents}, current_date - ${daysAgo}::int, '90837', 1, ${cents}, 0)
        returning id`,
  );
  return row.id;
}

const accountOf = async (browser = client): Promise<Account> => {
  const answer = await browser.get('/api/billing/portal/account');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Account }>().data;
};

async function tokenOf(number = '4242424242424242', expiration = `12/${NEXT_YEAR}`) {
  const answer = await client.post('/api/billing/portal/localProcessor/tokens', {
    processorId,
    number,
    expiration,
    cvc: '123',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { token: string } }>().data.token;
}

const key = () => `portal-${Math.random().toString(36).slice(2)}`;

const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(query)).n;
const entriesOf = (id: number) =>
  count(sql`select count(*)::int as n from ledger_entries where client_id = ${id}`);
const receiptsOf = (id: number) =>
  count(sql`select count(*)::int as n from outbound_emails
      where client_id = ${id} and kind = 'billing_receipt'`);

beforeAll(async () => {
  t = await testApp();
  client = await signedIn(t.app, 'client1');
  biller = await signedIn(t.app, 'biller');
  ({ id: processorId } = await one<{ id: number }>(
    sql`select id from card_processors where practice_id = 1 and kind = 'local' order by id limit 1`,
  ));
}, 120_000);
afterAll(() => t.close());

describe('the demo client', () => {
  it('sees their balance, what it is made of, and a processor that moves no money', async () => {
    const demo = await accountOf();
    expect(demo.balanceCents).toBeGreaterThan(0);
    expect(demo.payableCents).toBeGreaterThan(0);
    expect(demo.openCharges.length).toBeGreaterThan(0);
    expect(demo.processors).toContainEqual(
      expect.objectContaining({ processorId, kind: 'local', movesMoney: false }),
    );
    // Nothing of the practice's account set-up reaches a client.
    for (const p of demo.processors) {
      expect(p).not.toHaveProperty('stripeAccount');
      expect(p).not.toHaveProperty('feePercentBp');
    }
    const audit = await one<{ detail: Record<string, unknown>; patientId: number }>(
      sql`select detail, patient_id as "patientId" from audit_log
          where action = 'client.billing_account_viewed' order by id desc limit 1`,
    );
    expect(audit.detail).toMatchObject({ via: 'portal' });
    expect(audit.patientId).toBeGreaterThan(0);
  });

  it('is the client’s call alone: staff are refused, anonymous callers too', async () => {
    expect((await biller.get('/api/billing/portal/account')).statusCode).toBe(403);
    const pay = await biller.post('/api/billing/portal/payments', {
      amountCents: 100,
      cardId: 1,
      idempotencyKey: key(),
    });
    expect(pay.statusCode).toBe(403);
    const anonymous = new Anonymous(t.app);
    expect((await anonymous.get('/api/billing/portal/account')).statusCode).toBe(401);
  });

  it('needs the CSRF token to pay', async () => {
    const answer = await client.request(
      'POST',
      '/api/billing/portal/payments',
      { amountCents: 100, token: 'x'.repeat(8), processorId, idempotencyKey: key() },
      { csrf: false },
    );
    expect(answer.statusCode).toBe(403);
  });
});

describe('paying one’s own balance', () => {
  let older: number;
  let newer: number;

  beforeAll(async () => {
    const { id: therapistId } = await one<{ id: number }>(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
    );
    // client1's sign-in moves to a client of this test's own, so every figure is known.
    clientId = await newClient(therapistId);
    otherClientId = await newClient(therapistId);
    await t.database.db.execute(sql`update clients set portal_user_id = null
        where portal_user_id = (select id from users where username = 'client1')`);
    await t.database.db.execute(sql`update clients
        set portal_user_id = (select id from users where username = 'client1') where id = ${clientId}`);
    older = await chargeOf(clientId, 5_000, 10);
    newer = await chargeOf(clientId, 2_500, 3);
    await chargeOf(otherClientId, 9_000, 5);
  });

  it('answers only the caller’s own account', async () => {
    const mine = await accountOf();
    expect(mine).toMatchObject({ balanceCents: 7_500, payableCents: 7_500, cards: [] });
    expect(mine.openCharges.map((c) => c.chargeId)).toEqual([older, newer]);
  });

  it('refuses more than the balance, naming the amount, and writes nothing', async () => {
    const before = await entriesOf(clientId);
    const answer = await client.post('/api/billing/portal/payments', {
      amountCents: 7_501,
      token: await tokenOf(),
      processorId,
      idempotencyKey: key(),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: PORTAL_PAYMENT_MESSAGES.overBalance(7_500),
      field: 'amountCents',
    });
    for (const amountCents of [0, -100, 12.5])
      expect(
        (
          await client.post('/api/billing/portal/payments', {
            amountCents,
            token: await tokenOf(),
            processorId,
            idempotencyKey: key(),
          })
        ).json(),
      ).toMatchObject({ field: 'amountCents' });
    expect(await entriesOf(clientId)).toBe(before);
  });

  it('pays part with a typed card, oldest charge first, and emails the receipt once', async () => {
    const body = { amountCents: 3_000, token: await tokenOf(), processorId, idempotencyKey: key() };
    const answer = await client.post('/api/billing/portal/payments', body);
    expect(answer.statusCode, answer.body).toBe(200);
    const paid = answer.json<{
      data: Account;
      paymentId: number;
      receipt: { status: string } | null;
    }>();
    expect(paid.data.balanceCents).toBe(4_500);
    expect(paid.data.openCharges).toEqual([
      expect.objectContaining({ chargeId: older, openCents: 2_000 }),
      expect.objectContaining({ chargeId: newer, openCents: 2_500 }),
    ]);
    expect(paid.receipt?.status).toMatch(/^(sent|logged)$/);
    const payment = await one<{ method: string; reference: string; notation: string }>(
      sql`select payment_method as method, reference, notation from ledger_entries
          where id = ${paid.paymentId} and client_id = ${clientId}`,
    );
    expect(payment).toEqual({
      method: 'card',
      reference: 'Visa ending 4242',
      notation: 'Paid in the client portal',
    });
    expect(await receiptsOf(clientId)).toBe(1);
    const audit = await one<{ detail: Record<string, unknown>; patientId: number }>(
      sql`select detail, patient_id as "patientId" from audit_log
          where action = 'client.billing_payment_recorded' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      patientId: clientId,
      detail: { via: 'portal', paymentId: paid.paymentId, receipt: paid.receipt?.status },
    });

    // The same submission again: the same payment, no second charge, no second receipt.
    const again = await client.post('/api/billing/portal/payments', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ paymentId: number }>().paymentId).toBe(paid.paymentId);
    expect((await accountOf()).balanceCents).toBe(4_500);
    expect(await receiptsOf(clientId)).toBe(1);
  });

  it('shows a declined card in the processor’s words and writes nothing', async () => {
    const before = await entriesOf(clientId);
    const answer = await client.post('/api/billing/portal/payments', {
      amountCents: 1_000,
      token: await tokenOf('4000000000000341'),
      processorId,
      idempotencyKey: key(),
    });
    expect(answer.statusCode).toBe(402);
    expect(answer.json<{ message: string }>().message).toMatch(/declined/);
    expect(await entriesOf(clientId)).toBe(before);
  });

  it('never charges another client’s saved card', async () => {
    const saved = await biller.post('/api/paymentCard/createCustomerCard', {
      patientId: otherClientId,
      processorId,
      token: (
        await biller.post('/api/billing/localProcessor/tokens', {
          processorId,
          number: '4242424242424242',
          expiration: `12/${NEXT_YEAR}`,
          cvc: '123',
        })
      ).json<{ data: { token: string } }>().data.token,
    });
    const [theirs] = saved.json<{ data: { cardId: number }[] }>().data;
    const before = await entriesOf(clientId);
    const answer = await client.post('/api/billing/portal/payments', {
      amountCents: 1_000,
      cardId: theirs?.cardId,
      idempotencyKey: key(),
    });
    expect(answer.statusCode).toBe(404);
    expect(await entriesOf(clientId)).toBe(before);
    expect(await entriesOf(otherClientId)).toBe(1);
  });

  it('pays the rest with a saved card, then has nothing left to pay', async () => {
    const thisMonth = new Date();
    const expiring = `${String(thisMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(thisMonth.getUTCFullYear() % 100).padStart(2, '0')}`;
    const kept = await biller.post('/api/paymentCard/createCustomerCard', {
      patientId: clientId,
      processorId,
      token: await tokenOf('5555555555554444', expiring),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [card] = (await accountOf()).cards;
    // Its month is this one: within the 30 days the domain calls expiring soon.
    expect(card).toMatchObject({ expiryState: 'expiringSoon', expired: false });
    const answer = await client.post('/api/billing/portal/payments', {
      amountCents: 4_500,
      cardId: card?.cardId,
      idempotencyKey: key(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: Account }>().data).toMatchObject({
      balanceCents: 0,
      payableCents: 0,
      openCharges: [],
    });
    const more = await client.post('/api/billing/portal/payments', {
      amountCents: 100,
      cardId: card?.cardId,
      idempotencyKey: key(),
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({
      message: PORTAL_PAYMENT_MESSAGES.nothingOwed,
      field: 'amountCents',
    });
  });

  it('marks an expired card for the client and for staff alike', async () => {
    await t.database.db.execute(sql`update saved_cards set exp_year = 2021, exp_month = 3
        where client_id = ${clientId}`);
    const [mine] = (await accountOf()).cards;
    expect(mine).toMatchObject({ expiryState: 'expired', expired: true });
    expect(mine?.expiresInDays).toBeLessThan(0);
    const staff = await biller.get(`/api/paymentCard/list?patientId=${clientId}`);
    expect(staff.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({ expiryState: 'expired', expired: true }),
    ]);
  });

  it('refuses a sign-in that is no client of the practice', async () => {
    await t.database.db.execute(
      sql`update clients set portal_user_id = null where id = ${clientId}`,
    );
    const answer = await client.get('/api/billing/portal/account');
    expect(answer.statusCode).toBe(403);
  });
});
