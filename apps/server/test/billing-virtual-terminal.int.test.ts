import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { CHARGE_MESSAGES } from '../src/modules/billing/cards-charge.ts';
import { LOCAL_MESSAGES } from '../src/modules/billing/processors/local.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The virtual terminal's calls (issue 19 item 4): staff key a card for any client of the
 * practice and pay what they choose, applied to open charges or left as credit; a declined
 * card answers the processor's words and writes nothing; who may, and another practice's
 * client; the ledger says which payments may go back to the card, and a refund to the card is
 * made once (a refusal at the processor in its words, nothing written). Receipts are in
 * billing-receipts.int.test.ts.
 */

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
let t: TestApp;
let biller: Browser;
let processorId: number;
let therapistId: number;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 980_000;
async function newClient(practiceId = 1): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (${practiceId}, ${account}, 'Terminal', 'Client') returning id`,
  );
  if (practiceId === 1)
    await t.database.db.execute(
      sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${therapistId})`,
    );
  return id;
}

/** An open charge of `cents` on the client's account (as attendance would make it). */
async function charge(clientId: number, cents: number): Promise<number> {
  const { id } = await one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service,
          cpt_code, units, client_part_cents, insurer_part_cents)
        values (1, ${clientId}, 'charge', ${cents}, current_date - 3, '90834', 1, ${cents}, 0)
        returning id`,
  );
  return id;
}

async function tokenOf(number: string, browser = biller): Promise<string> {
  const answer = await browser.post('/api/billing/localProcessor/tokens', {
    processorId,
    number,
    expiration: `12/${NEXT_YEAR}`,
    cvc: '123',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { token: string } }>().data.token;
}

type Entry = {
  entryId: number;
  kind: string;
  amountCents: number;
  openCents: number | null;
  byCardProcessor: boolean;
};
type Ledger = { balanceCents: number; creditCents: number; entries: Entry[] };
/** What a payment answers: the payment, and where it leaves the client. */
type Standing = { patientId: number; paymentId: number; balanceCents: number; creditCents: number };

const ledgerOf = async (clientId: number): Promise<Ledger> => {
  const answer = await biller.get(`/api/billing/clients/${clientId}/ledger`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Ledger }>().data;
};

const key = () => `vt-${Math.random().toString(36).slice(2)}`;

async function keyCard(
  clientId: number,
  body: Record<string, unknown>,
  number = '4242424242424242',
  browser = biller,
) {
  return browser.post(`/api/billing/clients/${clientId}/cardPayments`, {
    token: await tokenOf(number),
    processorId,
    idempotencyKey: key(),
    ...body,
  });
}

const writes = () =>
  one<{ entries: number; charges: number; emails: number }>(
    sql`select (select count(*)::int from ledger_entries) as entries,
          (select count(*)::int from card_charges) as charges,
          (select count(*)::int from outbound_emails) as emails`,
  );

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  ({ id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist2'`,
  ));
  ({ id: processorId } = await one<{ id: number }>(
    sql`select id from card_processors where practice_id = 1 and kind = 'local' order by id limit 1`,
  ));
}, 120_000);
afterAll(() => t.close());

describe('keying a card for a client', () => {
  it('pays the chosen charge and leaves the rest as credit; the payment may go back to the card', async () => {
    const clientId = await newClient();
    const chargeId = await charge(clientId, 12_000);
    const paid = await keyCard(clientId, {
      amountCents: 15_000,
      allocations: [{ chargeId, amountCents: 12_000 }],
      leaveCredit: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json<{ data: Standing; receipt: unknown }>();
    expect(answer.receipt).toBeNull();
    expect(answer.data).toMatchObject({
      patientId: clientId,
      balanceCents: -3_000,
      creditCents: 3_000,
    });
    // What the answer says is what the ledger derives.
    const ledger = await ledgerOf(clientId);
    expect(ledger).toMatchObject({ balanceCents: -3_000, creditCents: 3_000 });
    expect(ledger.entries.find((e) => e.kind === 'payment')).toMatchObject({
      entryId: answer.data.paymentId,
      amountCents: 15_000,
      byCardProcessor: true,
      openCents: 3_000,
    });
    expect(ledger.entries.find((e) => e.entryId === chargeId)?.openCents).toBe(0);
  });

  it('a declined card answers the processor’s words and writes nothing, not even a receipt', async () => {
    const clientId = await newClient();
    await charge(clientId, 5_000);
    const before = await writes();
    for (const [number, message] of [
      ['4000000000000002', LOCAL_MESSAGES.declined],
      ['4000000000009995', LOCAL_MESSAGES.insufficient],
    ] as const) {
      const declined = await keyCard(
        clientId,
        { amountCents: 5_000, leaveCredit: true, emailReceipt: true },
        number,
      );
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({ message });
    }
    expect(await writes()).toEqual(before);
    expect((await ledgerOf(clientId)).balanceCents).toBe(5_000);
  });

  it('refuses bad input by its field and writes nothing', async () => {
    const clientId = await newClient();
    const chargeId = await charge(clientId, 5_000);
    const before = await writes();
    const cases: [Record<string, unknown>, string][] = [
      [{ amountCents: 0 }, 'amountCents'],
      [{ amountCents: 10.5, leaveCredit: true }, 'amountCents'],
      [{ amountCents: 6_000 }, 'leaveCredit'],
      [{ amountCents: 6_000, allocations: [{ chargeId, amountCents: 6_000 }] }, 'allocations'],
      [{ amountCents: 100, leaveCredit: true, emailReceipt: 'yes' }, 'emailReceipt'],
    ];
    for (const [body, field] of cases) {
      const refused = await keyCard(clientId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ field: string }>().field).toMatch(new RegExp(`^${field}`));
    }
    expect(await writes()).toEqual(before);
  });

  it('is the payment role’s: others are refused and nothing is written', async () => {
    const clientId = await newClient();
    const before = await writes();
    for (const username of ['scheduler', 'frontoffice', 'therapist1']) {
      const browser = await signedIn(t.app, username);
      const refused = await browser.post(`/api/billing/clients/${clientId}/cardPayments`, {
        amountCents: 1_000,
        token: 'lpm_nothing',
        processorId,
        leaveCredit: true,
        idempotencyKey: key(),
      });
      expect(refused.statusCode, username).toBe(403);
    }
    expect(await writes()).toEqual(before);
  });

  it('another practice’s client is not found, either way', async () => {
    const ours = await newClient();
    const theirs = await newClient(2);
    const owner2 = await signedIn(t.app, 'owner2');
    const before = await writes();
    const crossed = await owner2.post(`/api/billing/clients/${ours}/cardPayments`, {
      amountCents: 1_000,
      token: 'lpm_nothing',
      processorId,
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(crossed.statusCode).toBe(404);
    const outward = await keyCard(theirs, { amountCents: 1_000, leaveCredit: true });
    expect(outward.statusCode).toBe(404);
    expect(await writes()).toEqual(before);
  });
});

describe('refunds to the original card', () => {
  let clientId: number;
  let paymentId: number;

  it('refunds half of a card payment to the card once, however often it is sent', async () => {
    clientId = await newClient();
    const chargeId = await charge(clientId, 10_000);
    const paid = await keyCard(clientId, {
      amountCents: 10_000,
      allocations: [{ chargeId, amountCents: 10_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    paymentId = paid.json<{ data: Standing }>().data.paymentId;
    const body = { amountCents: 5_000, idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        biller.post(`/api/billing/clients/${clientId}/payments/${paymentId}/cardRefunds`, body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ledger = await ledgerOf(clientId);
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(ledger.balanceCents).toBe(5_000);
    const { refunded } = await one<{ refunded: number }>(
      sql`select l.refunded_cents as refunded from local_processor_charges l
          join card_charges c on c.charge_ref = l.ref where c.payment_entry_id = ${paymentId}`,
    );
    expect(refunded).toBe(5_000);
  });

  it('a refund the processor refuses answers its words and writes nothing', async () => {
    // Refunded at the processor meanwhile, and not yet known here: the processor says no.
    await t.database.db
      .execute(sql`update local_processor_charges l set refunded_cents = l.amount_cents
        from card_charges c where c.charge_ref = l.ref and c.payment_entry_id = ${paymentId}`);
    const before = await ledgerOf(clientId);
    const refused = await biller.post(
      `/api/billing/clients/${clientId}/payments/${paymentId}/cardRefunds`,
      { amountCents: 1_000, idempotencyKey: key() },
    );
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      message: 'The refund is more than is left of the charge.',
    });
    expect(await ledgerOf(clientId)).toEqual(before);
  });

  it('a cash payment is not the card’s: it is refunded by hand', async () => {
    const cashClient = await newClient();
    const paid = await biller.post(`/api/billing/clients/${cashClient}/payments`, {
      amountCents: 2_000,
      source: 'client',
      method: 'card',
      leaveCredit: true,
      idempotencyKey: key(),
    });
    const paymentId = paid.json<{ data: Standing }>().data.paymentId;
    const payment = (await ledgerOf(cashClient)).entries.find((e) => e.entryId === paymentId);
    // A card taken by hand (not through the processor) cannot go back through it.
    expect(payment?.byCardProcessor).toBe(false);
    const refused = await biller.post(
      `/api/billing/clients/${cashClient}/payments/${payment?.entryId}/cardRefunds`,
      { amountCents: 1_000, idempotencyKey: key() },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: CHARGE_MESSAGES.notByCard,
      field: 'paymentId',
    });
  });
});
