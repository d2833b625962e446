import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_COMPLIANCE_QUESTIONS, COMPLIANCE_MESSAGES } from '@openpractice/domain';
import { rowsOf } from '../src/db/client.ts';
import { KEY_MESSAGES } from '../src/modules/billing/processors/stripe.ts';
import { WEBHOOK_MESSAGES } from '../src/modules/billing/stripe-webhook.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';
import { stripeReplay } from './stripe-replay.ts';

/**
 * Setting up card processing (issue 19 item 6): the owner connects the practice's own Stripe
 * account with its keys, checked by a real call (to a local server replaying Stripe's answers);
 * the secrets are kept sealed, never answered, audited or logged; the account's webhook has its
 * own address and secret. The compliance questions: billing staff read, the owner attests, each
 * submission kept and audited. No server-wide Stripe account here: the practice's is the only one.
 */

const SECRET_KEY = 'sk_test_practiceOwnKey123';
const WEBHOOK_SECRET = 'whsec_practiceOwnSecret456';
let replay: Awaited<ReturnType<typeof stripeReplay>>;
let t: TestApp;
let owner: Browser;
let manager: Browser;
let biller: Browser;
let otherOwner: Browser;
let processorId: number;
const logLines: string[] = [];

const keys = {
  name: 'Stripe',
  publishableKey: 'pk_test_practiceOwnPublic',
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
};

const allYes = () => Object.fromEntries(CARD_COMPLIANCE_QUESTIONS.map((q) => [q.id, 'yes']));

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.database.db, query);
  return row?.n ?? 0;
}

beforeAll(async () => {
  replay = await stripeReplay();
  t = await testApp({
    stripe: { account: null, apiUrl: replay.url },
    logLevel: 'trace',
    logStream: { write: (line) => logLines.push(line) },
  });
  owner = await signedIn(t.app, 'owner');
  manager = await signedIn(t.app, 'manager');
  biller = await signedIn(t.app, 'biller');
  otherOwner = await signedIn(t.app, 'owner2');
}, 120_000);
afterAll(async () => {
  await t.close();
  await replay.close();
});

describe('connecting a Stripe account', () => {
  it('is the owner’s alone', async () => {
    for (const browser of [manager, biller]) {
      const answer = await browser.post('/api/cardProcessor/connectStripe', keys);
      expect(answer.statusCode).toBe(403);
    }
  });

  it('refuses a key Stripe does not accept, and keys of different modes, keeping nothing', async () => {
    const before = await count(sql`select count(*)::int as n from card_processors`);
    const refused = await owner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      secretKey: 'sk_test_refused',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: KEY_MESSAGES.rejected, field: 'secretKey' });
    const mixed = await owner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      publishableKey: 'pk_live_practiceOwnPublic',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ message: KEY_MESSAGES.modes });
    const malformed = await owner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      webhookSecret: 'not-a-secret',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await count(sql`select count(*)::int as n from card_processors`)).toBe(before);
  });

  it('checks the keys with Stripe, then keeps them sealed and answers no secret', async () => {
    const answer = await owner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      feePercentBp: 290,
      feeFixedCents: 30,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json<{ data: { processorId: number } }>().data;
    processorId = data.processorId;
    expect(data).toMatchObject({
      kind: 'stripe',
      movesMoney: true,
      publishableKey: keys.publishableKey,
      feePercentBp: 290,
      stripeAccount: {
        label: 'Calm Waters Counseling',
        liveMode: false,
        hasWebhookSecret: true,
        webhookUrl: expect.stringContaining(
          `/api/billing/processors/stripe/webhook/${String(processorId)}`,
        ) as unknown,
      },
    });
    expect(answer.body).not.toContain(SECRET_KEY);
    expect(answer.body).not.toContain(WEBHOOK_SECRET);
    const check = replay.seen.find((r) => r.path === '/v1/account' && r.bearer === SECRET_KEY);
    expect(check?.method).toBe('GET');
  });

  it('never stores, audits or logs a secret in the clear', async () => {
    const [audit] = await rowsOf<{ detail: Record<string, unknown> }>(
      t.database.db,
      sql`select detail from audit_log where action = 'practice.card_processor_connected'
          order by id desc limit 1`,
    );
    expect(audit?.detail).toMatchObject({ processorId, keysChanged: true, liveMode: false });
    for (const secret of [SECRET_KEY, WEBHOOK_SECRET]) {
      const found = await count(sql`select (
          (select count(*) from card_processors p where row_to_json(p)::text like ${`%${secret}%`})
          + (select count(*) from audit_log a where row_to_json(a)::text like ${`%${secret}%`})
        )::int as n`);
      expect(found).toBe(0);
      expect(logLines.join('\n')).not.toContain(secret);
    }
    const listed = await biller.get('/api/cardProcessor/list');
    expect(listed.body).not.toContain(SECRET_KEY);
  });

  it('speaks to Stripe with the practice’s own key', async () => {
    const [client] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`insert into clients (practice_id, account_number, first_name, last_name)
          values (1, 971001, 'Own', 'Account') returning id`,
    );
    const started = await biller.post('/api/paymentCard/startSetup', {
      patientId: client?.id,
      processorId,
    });
    expect(started.statusCode, started.body).toBe(200);
    const setup = replay.seen.find((r) => r.path === '/v1/setup_intents');
    expect(setup?.bearer).toBe(SECRET_KEY);
  });

  it('another practice cannot reconnect it', async () => {
    const answer = await otherOwner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      processorId,
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the account’s own webhook', () => {
  const deliver = (path: string, secret: string) => {
    const payload = JSON.stringify({
      id: `evt_${secret.slice(-6)}_${path.length}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    });
    return t.app.inject({
      method: 'POST',
      url: path,
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  };

  it('takes events signed with the practice’s secret, refuses any other', async () => {
    const path = `/api/billing/processors/stripe/webhook/${String(processorId)}`;
    const good = await deliver(path, WEBHOOK_SECRET);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ received: true, duplicate: false });
    const bad = await deliver(path, 'whsec_someoneElse');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: WEBHOOK_MESSAGES.badSignature });
  });

  it('has no server-wide address when the server has no Stripe account', async () => {
    const answer = await deliver('/api/billing/processors/stripe/webhook', WEBHOOK_SECRET);
    expect(answer.statusCode).toBe(404);
  });
});

describe('the compliance questions', () => {
  const path = () => `/api/cardProcessor/compliance?processorId=${String(processorId)}`;
  const body = (answers: Record<string, string>) => ({
    processorId,
    answers,
    attestedName: 'Olivia Owner',
    attestedTitle: 'Owner',
  });

  it('billing staff read them, unanswered at first', async () => {
    const answer = await biller.get(path());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      data: {
        questionnaire: 'pci-dss-saq-a-4.0',
        current: null,
        history: [],
        processor: { processorId, feePercentBp: 290, feeFixedCents: 30 },
      },
    });
    const data = answer.json<{ data: { questions: unknown[] } }>().data;
    expect(data.questions).toHaveLength(CARD_COMPLIANCE_QUESTIONS.length);
  });

  it('only the owner attests, with every question answered', async () => {
    expect((await biller.post('/api/cardProcessor/compliance', body(allYes()))).statusCode).toBe(
      403,
    );
    const partial = allYes();
    delete partial.incidentPlan;
    const missing = await owner.post('/api/cardProcessor/compliance', body(partial));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: COMPLIANCE_MESSAGES.unanswered });
  });

  it('keeps each submission, who answered and when, and audits it', async () => {
    const first = await owner.post('/api/cardProcessor/compliance', {
      ...body({ ...allYes(), incidentPlan: 'no' }),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { inPlace: false, attestedName: 'Olivia Owner' } });
    t.clock.advance(60_000);
    const second = await owner.post('/api/cardProcessor/compliance', body(allYes()));
    expect(second.json()).toMatchObject({ data: { inPlace: true } });
    const read = await biller.get(path());
    const data = read.json<{
      data: { current: { inPlace: boolean; answeredBy: string }; history: unknown[] };
    }>().data;
    expect(data.current.inPlace).toBe(true);
    expect(data.current.answeredBy).toBeTruthy();
    expect(data.history).toHaveLength(2);
    expect(
      await count(sql`select count(*)::int as n from audit_log
          where action = 'practice.card_compliance_answered'`),
    ).toBe(2);
  });

  it('answers are never changed in place', async () => {
    await expect(
      t.database.db.execute(sql`update card_processor_compliance set attested_name = 'x'`),
    ).rejects.toThrow();
  });

  it('another practice’s processor is not found', async () => {
    expect((await otherOwner.get(path())).statusCode).toBe(404);
    const answer = await otherOwner.post('/api/cardProcessor/compliance', body(allYes()));
    expect(answer.statusCode).toBe(404);
  });
});

describe('changing a connected account’s keys', () => {
  // Last: the tests above sign with the first keys and read the first fees.
  it('changes the keys of the connected processor in place, keeping its cards and address', async () => {
    const rolled = { secretKey: 'sk_test_practiceRolledKey789', webhookSecret: 'whsec_rolled012' };
    const processorsBefore = await count(sql`select count(*)::int as n from card_processors`);
    const cardsBefore = await count(
      sql`select count(*)::int as n from card_customers where processor_id = ${processorId}`,
    );
    const answer = await owner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      ...rolled,
      processorId,
      name: 'Stripe (rolled)',
      feePercentBp: 300,
      feeFixedCents: 25,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ data: unknown }>().data).toMatchObject({
      processorId,
      name: 'Stripe (rolled)',
      feePercentBp: 300,
      feeFixedCents: 25,
      stripeAccount: {
        webhookUrl: expect.stringContaining(
          `/api/billing/processors/stripe/webhook/${String(processorId)}`,
        ) as unknown,
      },
    });
    expect(answer.body).not.toContain(rolled.secretKey);
    // The same processor, not a new one: its customers (and so its saved cards) stay with it.
    expect(await count(sql`select count(*)::int as n from card_processors`)).toBe(processorsBefore);
    expect(
      await count(
        sql`select count(*)::int as n from card_customers where processor_id = ${processorId}`,
      ),
    ).toBe(cardsBefore);
    const [audit] = await rowsOf<{ detail: Record<string, unknown> }>(
      t.database.db,
      sql`select detail from audit_log where action = 'practice.card_processor_connected'
          order by id desc limit 1`,
    );
    expect(audit?.detail).toMatchObject({ processorId, created: false });
    for (const secret of Object.values(rolled)) {
      expect(
        await count(sql`select count(*)::int as n from card_processors p
            where row_to_json(p)::text like ${`%${secret}%`}`),
      ).toBe(0);
      expect(logLines.join('\n')).not.toContain(secret);
    }

    // Later calls speak with the new key.
    const [client] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`insert into clients (practice_id, account_number, first_name, last_name)
          values (1, 971002, 'Rolled', 'Keys') returning id`,
    );
    const seenBefore = replay.seen.length;
    const started = await biller.post('/api/paymentCard/startSetup', {
      patientId: client?.id,
      processorId,
    });
    expect(started.statusCode, started.body).toBe(200);
    const calls = replay.seen.slice(seenBefore).filter((r) => r.path !== '/v1/account');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.bearer).toBe(rolled.secretKey);

    // A refused new key changes nothing: the old account stays as it was.
    const refused = await owner.post('/api/cardProcessor/connectStripe', {
      ...keys,
      processorId,
      secretKey: 'sk_test_refused',
    });
    expect(refused.statusCode).toBe(400);
    const listed = await biller.get('/api/cardProcessor/list');
    const kept = listed
      .json<{ data: { processorId: number; name: string }[] }>()
      .data.find((p) => p.processorId === processorId);
    expect(kept?.name).toBe('Stripe (rolled)');
  });
});
