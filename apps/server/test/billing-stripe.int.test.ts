import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  IDEMPOTENCY_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../src/modules/billing/processors/stripe.ts';
import { WEBHOOK_MESSAGES } from '../src/modules/billing/stripe-webhook.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';
import { stripeReplay } from './stripe-replay.ts';

/**
 * The Stripe adapter against a local server replaying recorded Stripe answers (issue 19 items
 * 6 and 8): a card kept through a SetupIntent, charged by PaymentIntent with OUR idempotency
 * key and opaque metadata only, a decline in Stripe's words with nothing written, a refund;
 * webhooks signed with the SDK's test header through the real route: delivered twice is one
 * effect, out of order adds nothing, a bad signature is a 400 that changes nothing.
 */

const SECRET = 'whsec_test_local';
let replay: Awaited<ReturnType<typeof stripeReplay>>;
let t: TestApp;
let biller: Browser;
let manager: Browser;
let clientId: number;
let processorId: number;
let cardId: number;
let paymentId: number;
let chargeRef: string;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

type Ledger = {
  balanceCents: number;
  entries: { entryId: number; kind: string; amountCents: number; notation: string | null }[];
};
const ledger = async () =>
  (await biller.get(`/api/billing/clients/${clientId}/ledger`)).json<{ data: Ledger }>().data;

const key = () => `stripe-${Math.random().toString(36).slice(2)}`;

/** Posts an event to the real route, signed as Stripe signs it (or with a wrong secret). */
function deliver(event: object, secret = SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/processors/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

const refundedEvent = (id: string, amountRefunded: number) => ({
  id,
  object: 'event',
  type: 'charge.refunded',
  data: {
    object: {
      id: 'ch_test1',
      object: 'charge',
      payment_intent: chargeRef,
      amount: 4500,
      amount_refunded: amountRefunded,
    },
  },
});

beforeAll(async () => {
  replay = await stripeReplay();
  t = await testApp({
    stripe: {
      account: {
        secretKey: 'sk_test_local',
        publishableKey: 'pk_test_local',
        webhookSecret: SECRET,
      },
      apiUrl: replay.url,
    },
  });
  biller = await signedIn(t.app, 'biller');
  manager = await signedIn(t.app, 'manager');
  ({ id: clientId } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, 970001, 'Zebulon', 'Phiwatcher') returning id`,
  ));
  await t.database.db.execute(sql`insert into client_therapists (client_id, therapist_id)
      select ${clientId}, t.id from therapists t join users u on u.id = t.user_id
      where u.username = 'therapist1'`);
}, 120_000);
afterAll(async () => {
  await t.close();
  await replay.close();
});

describe('a card kept and charged at Stripe', () => {
  it('sets up a Stripe processor for the practice, offered with its publishable key', async () => {
    const answer = await manager.post('/api/cardProcessor/taProcessor', {
      kind: 'stripe',
      name: 'Stripe',
      feePercentBp: 290,
      feeFixedCents: 30,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: object }>().data).toMatchObject({
      kind: 'stripe',
      movesMoney: true,
      publishableKey: 'pk_test_local',
    });
    processorId = answer.json<{ data: { processorId: number } }>().data.processorId;
  });

  it('starts a SetupIntent for the client as a customer with opaque ids only', async () => {
    const started = await biller.post('/api/paymentCard/startSetup', {
      patientId: clientId,
      processorId,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      data: { processorKind: 'stripe', clientSecret: 'seti_test1_secret_abc' },
    });
    const customer = replay.seen.find((r) => r.path === '/v1/customers');
    expect(customer?.form.get('metadata[client]')).toBe(String(clientId));
    expect(customer?.idempotencyKey).toBe(`op-customer:${processorId}:${clientId}`);
  });

  it('keeps the card the browser confirmed, as Stripe reports it', async () => {
    const kept = await biller.post('/api/paymentCard/createCustomerCard', {
      patientId: clientId,
      processorId,
      token: 'seti_test1',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const [card] = kept.json<{ data: { cardId: number }[] }>().data;
    expect(card).toMatchObject({
      brand: 'Visa',
      last4: '4242',
      expiration: '12/34',
      cardProcessorKind: 'stripe',
      isDefault: true,
    });
    cardId = card?.cardId ?? 0;
  });

  it('charges with our idempotency key; five submissions at once are one charge', async () => {
    const body = { amountCents: 4500, cardId, leaveCredit: true, idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        biller.post(`/api/billing/clients/${clientId}/cardPayments`, body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const sent = replay.seen.filter((r) => r.path === '/v1/payment_intents');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toBe(`op-charge:1:${body.idempotencyKey}`);
    expect(sent[0]?.form.get('customer')).toBe('cus_test1');
    expect(sent[0]?.form.get('payment_method')).toBe('pm_test1');
    expect(sent[0]?.form.get('off_session')).toBe('true');
    const after = await ledger();
    expect(after.balanceCents).toBe(-4500);
    paymentId = after.entries.find((e) => e.kind === 'payment')?.entryId ?? 0;
    expect(sent[0]?.form.get('metadata[payment]')).toBe(String(paymentId));
    ({ chargeRef } = await one<{ chargeRef: string }>(
      sql`select charge_ref as "chargeRef" from card_charges where payment_entry_id = ${paymentId}`,
    ));
  });

  it('sends Stripe no PHI: no name, nothing clinical, in any request', () => {
    const everything = replay.seen.map((r) => decodeURIComponent(r.raw)).join('\n');
    expect(everything).not.toMatch(/Zebulon|Phiwatcher|therapist|diagnos|90837/i);
  });

  it('answers a decline in Stripe’s words and writes nothing', async () => {
    const before = await ledger();
    const declined = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 402,
      cardId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.' });
    expect(await ledger()).toEqual(before);
  });

  it('answers a reused key and an unreachable Stripe clearly, writing nothing', async () => {
    const before = await ledger();
    const pay = (amountCents: number) =>
      biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
        amountCents,
        cardId,
        leaveCredit: true,
        idempotencyKey: key(),
      });
    const reused = await pay(409);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGE });
    const down = await pay(503);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ message: UNAVAILABLE_MESSAGE });
    expect(await ledger()).toEqual(before);
  });

  it('refunds to the card with our key', async () => {
    const body = { amountCents: 1000, idempotencyKey: key() };
    const refunded = await biller.post(
      `/api/billing/clients/${clientId}/payments/${paymentId}/cardRefunds`,
      body,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const sent = replay.seen.filter((r) => r.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.form.get('payment_intent')).toBe(chargeRef);
    expect(sent[0]?.form.get('amount')).toBe('1000');
    expect(sent[0]?.idempotencyKey).toBe(`op-refund:1:${body.idempotencyKey}`);
    expect((await ledger()).balanceCents).toBe(-3500);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature with a 400 and changes nothing', async () => {
    const before = await ledger();
    const forged = await deliver(refundedEvent('evt_forged', 4500), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: WEBHOOK_MESSAGES.badSignature });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/processors/stripe/webhook',
      payload: JSON.stringify(refundedEvent('evt_unsigned', 4500)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await ledger()).toEqual(before);
    const { stored } = await one<{ stored: number }>(
      sql`select count(*)::int as stored from card_processor_events where event_id like 'evt_%'`,
    );
    expect(stored).toBe(0);
  });

  it('records a refund made at Stripe once, however often the event comes', async () => {
    // 1000 refunded through us already; Stripe now reports 1500 in all: 500 more.
    for (const expected of [false, true]) {
      const delivered = await deliver(refundedEvent('evt_refund_1', 1500));
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toEqual({ received: true, duplicate: expected });
    }
    const after = await ledger();
    expect(after.balanceCents).toBe(-3000);
    expect(after.entries.filter((e) => e.kind === 'refund').map((e) => e.amountCents)).toEqual([
      1000, 500,
    ]);
  });

  it('adds nothing for an older event arriving late', async () => {
    const late = await deliver(refundedEvent('evt_refund_0', 1000));
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect((await ledger()).balanceCents).toBe(-3000);
  });

  it('re-fetches a card Stripe updated, and drops a card detached there', async () => {
    const updated = await deliver({
      id: 'evt_pm_updated',
      object: 'event',
      type: 'payment_method.updated',
      data: { object: { id: 'pm_test1', object: 'payment_method' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const cards = async () =>
      (await biller.get(`/api/paymentCard/list?patientId=${clientId}`)).json<{
        data: { expiration: string }[];
      }>().data;
    expect((await cards())[0]?.expiration).toBe('01/36');
    await deliver({
      id: 'evt_pm_detached',
      object: 'event',
      type: 'payment_method.detached',
      data: { object: { id: 'pm_test1', object: 'payment_method' } },
    });
    expect(await cards()).toEqual([]);
  });

  it('still takes ordinary JSON on every other route (the raw parser is the webhook’s alone)', async () => {
    const answer = await biller.post('/api/paymentCard/save', {
      patientId: clientId,
      cardId,
      isDefault: true,
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('deleting a Stripe card', () => {
  it('detaches it at Stripe', async () => {
    await t.database.db.execute(sql`update saved_cards set deleted_at = null where id = ${cardId}`);
    const deleted = await biller.post('/api/deletePatientCard', { patientId: clientId, cardId });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(replay.seen.some((r) => r.path === '/v1/payment_methods/pm_test1/detach')).toBe(true);
  });
});
