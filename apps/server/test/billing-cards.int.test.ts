import { VALIDATION_MESSAGES } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { CARD_SERVICE_MESSAGES } from '../src/modules/billing/cards-service.ts';
import { LOCAL_MESSAGES } from '../src/modules/billing/processors/local.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Saved cards and paying by card on the local processor (issue 19 items 5 and 6): the card is
 * checked and kept as a token (the number never stored nor logged), the spec-2 §7 Cards calls,
 * the default card, the cardExpiration rule, declines in the processor's words with nothing
 * written, the same submission five times at once as one charge and one payment, refunds to
 * the card, roles, another practice's cards and therapist-specific processors.
 */

const VISA = '4242424242424242';
const logLines: string[] = [];
let t: TestApp;
let biller: Browser;
let scheduler: Browser;
let otherPractice: Browser;
let processorId: number;
let therapistIds: number[];

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 960_000;
async function newClient(therapistId = therapistIds[0]): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, ${account}, 'Card', 'Holder') returning id`,
  );
  await t.database.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${therapistId})`,
  );
  return id;
}

const nextYear = () => String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

async function tokenOf(number: string, browser = biller, pid = processorId): Promise<string> {
  const answer = await browser.post('/api/billing/localProcessor/tokens', {
    processorId: pid,
    number,
    expiration: `12/${nextYear()}`,
    cvc: '123',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { token: string } }>().data.token;
}

type Card = {
  cardId: number;
  isDefault: boolean;
  last4: string;
  brand: string;
  expiration: string;
};
const cardsOf = async (clientId: number): Promise<Card[]> => {
  const answer = await biller.get(`/api/paymentCard/list?patientId=${clientId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Card[] }>().data;
};

async function addCard(clientId: number, number: string) {
  return biller.post('/api/paymentCard/createCustomerCard', {
    patientId: clientId,
    processorId,
    token: await tokenOf(number),
  });
}

const ledgerOf = async (clientId: number) =>
  (await biller.get(`/api/billing/clients/${clientId}/ledger`)).json<{
    data: {
      balanceCents: number;
      entries: {
        entryId: number;
        kind: string;
        paymentMethod: string | null;
        reference: string | null;
      }[];
    };
  }>().data;

const key = () => `card-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  t = await testApp({ logLevel: 'trace', logStream: { write: (line) => logLines.push(line) } });
  biller = await signedIn(t.app, 'biller');
  scheduler = await signedIn(t.app, 'scheduler');
  otherPractice = await signedIn(t.app, 'owner2');
  therapistIds = (
    await rowsOf<{ id: number }>(
      t.database.db,
      sql`select t.id from therapists t join users u on u.id = t.user_id
          where u.username in ('therapist1', 'therapist2') order by u.username`,
    )
  ).map((r) => r.id);
}, 120_000);
afterAll(() => t.close());

describe('the demo practice on the local processor', () => {
  it('lists the practice processor, which says that no money moves', async () => {
    const answer = await biller.get('/api/cardProcessor/list');
    expect(answer.statusCode, answer.body).toBe(200);
    const [local] = answer.json<{
      data: { processorId: number; kind: string; movesMoney: boolean }[];
    }>().data;
    expect(local).toMatchObject({ kind: 'local', movesMoney: false, allTherapists: true });
    processorId = local?.processorId ?? 0;
  });

  it('checks the card as a processor would, in its words', async () => {
    const bad = (body: Record<string, string>) =>
      biller.post('/api/billing/localProcessor/tokens', {
        processorId,
        number: VISA,
        expiration: `12/${nextYear()}`,
        cvc: '123',
        ...body,
      });
    expect((await bad({ number: '4242424242424241' })).json()).toMatchObject({
      message: LOCAL_MESSAGES.number,
      field: 'number',
    });
    const past = await bad({ expiration: '01/20' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: VALIDATION_MESSAGES.cardExpiration,
      field: 'expiration',
    });
    expect((await bad({ expiration: '13/40' })).statusCode).toBe(400);
    expect((await bad({ cvc: '12' })).json()).toMatchObject({ field: 'cvc' });
    expect((await bad({ cvc: '12345' })).statusCode).toBe(400);
  });
});

describe('saved cards', () => {
  let clientId: number;

  it('keeps a card as a token with brand, last four and expiry; the first is the default', async () => {
    clientId = await newClient();
    expect(await cardsOf(clientId)).toEqual([]);
    const added = await addCard(clientId, VISA);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ data: Card[] }>().data).toEqual([
      expect.objectContaining({
        isDefault: true,
        brand: 'Visa',
        last4: '4242',
        expiration: `12/${nextYear()}`,
        cardProcessor: processorId,
        cardProcessorKind: 'local',
        therapistId: null,
        expired: false,
      }),
    ]);
  });

  it('never stores the number', async () => {
    const { found } = await one<{ found: number }>(
      sql`select ((select count(*) from local_processor_cards l where row_to_json(l)::text like ${`%${VISA}%`})
        + (select count(*) from saved_cards s where row_to_json(s)::text like ${`%${VISA}%`})
        + (select count(*) from audit_log a where row_to_json(a)::text like ${`%${VISA}%`}))::int as found`,
    );
    expect(found).toBe(0);
  });

  it('moves the default to the card chosen, and changes a renewed card’s expiry', async () => {
    await addCard(clientId, '5555555555554444');
    const [first, second] = await cardsOf(clientId);
    expect(first).toMatchObject({ last4: '4242', isDefault: true });
    expect(second).toMatchObject({ last4: '4444', isDefault: false, brand: 'Mastercard' });
    const saved = await biller.post('/api/paymentCard/save', {
      patientId: clientId,
      cardId: second?.cardId,
      isDefault: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Card[] }>().data.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    const past = await biller.post('/api/paymentCard/save', {
      patientId: clientId,
      cardId: second?.cardId,
      expiration: '05/21',
    });
    expect(past.json()).toMatchObject({ message: VALIDATION_MESSAGES.cardExpiration });
    const renewed = await biller.post('/api/paymentCard/save', {
      patientId: clientId,
      cardId: second?.cardId,
      expiration: '07/39',
    });
    expect(renewed.json<{ data: Card[] }>().data[0]).toMatchObject({ expiration: '07/39' });
  });

  it('refuses a declined card in the processor’s words and keeps nothing', async () => {
    const declined = await addCard(clientId, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: LOCAL_MESSAGES.declined });
    expect(await cardsOf(clientId)).toHaveLength(2);
  });

  it('deletes a card; the default passes to the card left', async () => {
    const [defaultCard] = await cardsOf(clientId);
    const deleted = await biller.post('/api/deletePatientCard', {
      patientId: clientId,
      cardId: defaultCard?.cardId,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ data: Card[] }>().data).toEqual([
      expect.objectContaining({ last4: '4242', isDefault: true }),
    ]);
    const again = await biller.post('/api/deletePatientCard', {
      patientId: clientId,
      cardId: defaultCard?.cardId,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: CARD_SERVICE_MESSAGES.noCard });
  });

  it('refuses roles without payment, and another practice’s callers, changing nothing', async () => {
    expect((await scheduler.get(`/api/paymentCard/list?patientId=${clientId}`)).statusCode).toBe(
      403,
    );
    const [card] = await cardsOf(clientId);
    expect(
      (
        await otherPractice.post('/api/deletePatientCard', {
          patientId: clientId,
          cardId: card?.cardId,
        })
      ).statusCode,
    ).toBe(404);
    const { id: theirs } = await one<{ id: number }>(
      sql`select id from clients where practice_id = 2 order by id limit 1`,
    );
    const crossed = await otherPractice.post('/api/deletePatientCard', {
      patientId: theirs,
      cardId: card?.cardId,
    });
    expect(crossed.statusCode).toBe(404);
    const paid = await otherPractice.post(`/api/billing/clients/${theirs}/cardPayments`, {
      amountCents: 100,
      cardId: card?.cardId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(paid.statusCode).toBe(404);
    expect(
      (
        await otherPractice.post('/api/billing/localProcessor/tokens', {
          processorId,
          number: VISA,
          expiration: `12/${nextYear()}`,
          cvc: '123',
        })
      ).statusCode,
    ).toBe(404);
    expect(await cardsOf(clientId)).toEqual([expect.objectContaining({ cardId: card?.cardId })]);
  });
});

describe('paying by card', () => {
  let clientId: number;
  let cardId: number;

  it('charges the saved card and records a card payment on the ledger', async () => {
    clientId = await newClient();
    await addCard(clientId, VISA);
    cardId = (await cardsOf(clientId))[0]?.cardId ?? 0;
    const paid = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 4500,
      cardId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The payment's answer is where it leaves the client; the ledger holds the entry.
    const answer = paid.json<{ data: { paymentId: number; balanceCents: number } }>().data;
    expect(answer.balanceCents).toBe(-4500);
    const ledger = await ledgerOf(clientId);
    expect(ledger.balanceCents).toBe(-4500);
    expect(ledger.entries.map((e) => e.entryId)).toEqual([answer.paymentId]);
    expect(ledger.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        paymentMethod: 'card',
        reference: 'Visa ending 4242',
      }),
    ]);
  });

  it('the same submission five times at once is one charge and one payment', async () => {
    const same = { amountCents: 1000, cardId, leaveCredit: true, idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        biller.post(`/api/billing/clients/${clientId}/cardPayments`, same),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ledger = await ledgerOf(clientId);
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toHaveLength(2);
    expect(ledger.balanceCents).toBe(-5500);
    const { charges, local } = await one<{ charges: number; local: number }>(
      sql`select (select count(*)::int from card_charges where idempotency_key = ${same.idempotencyKey}) as charges,
          (select count(*)::int from local_processor_charges where idempotency_key like ${`%${same.idempotencyKey}`}) as local`,
    );
    expect([charges, local]).toEqual([1, 1]);
  });

  it('a card declined when charged answers the processor’s message and writes nothing', async () => {
    const before = await ledgerOf(clientId);
    await addCard(clientId, '4000000000000341');
    const bad = (await cardsOf(clientId)).find((c) => c.last4 === '0341');
    const declined = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 2000,
      cardId: bad?.cardId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: LOCAL_MESSAGES.declined });
    const oneTime = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 2000,
      token: await tokenOf('4000000000009995'),
      processorId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(oneTime.statusCode).toBe(402);
    expect(oneTime.json()).toMatchObject({ message: LOCAL_MESSAGES.insufficient });
    expect(await ledgerOf(clientId)).toEqual(before);
  });

  it('takes a card entered once, which cannot be charged again', async () => {
    const token = await tokenOf('378282246310005');
    const paid = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 700,
      token,
      processorId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const reused = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 700,
      token,
      processorId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: LOCAL_MESSAGES.unknownToken });
  });

  it('refunds part of a card payment to the card, once per key', async () => {
    const ledger = await ledgerOf(clientId);
    const paymentId = ledger.entries.find((e) => e.kind === 'payment')?.entryId;
    const body = { amountCents: 1500, idempotencyKey: key() };
    for (let i = 0; i < 2; i++) {
      const refunded = await biller.post(
        `/api/billing/clients/${clientId}/payments/${paymentId}/cardRefunds`,
        body,
      );
      expect(refunded.statusCode, refunded.body).toBe(200);
    }
    expect((await ledgerOf(clientId)).balanceCents).toBe(ledger.balanceCents + 1500);
    const { refunded } = await one<{ refunded: number }>(
      sql`select l.refunded_cents as refunded from local_processor_charges l
          join card_charges c on c.charge_ref = l.ref where c.payment_entry_id = ${paymentId}`,
    );
    expect(refunded).toBe(1500);
  });

  it('refuses a payment without a card, or with a processor another practice owns', async () => {
    const none = await biller.post(`/api/billing/clients/${clientId}/cardPayments`, {
      amountCents: 100,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('the log', () => {
  it('never carries a card number', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(VISA);
    expect(logLines.join('\n')).not.toContain('4000000000000341');
  });
});
