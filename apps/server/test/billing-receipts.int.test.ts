import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { RECEIPT_MESSAGES } from '../src/modules/billing/receipts.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Receipts by email after a payment (issue 19 item 4): sent only when asked and only once the
 * money is in; to the responsible party when the client names one among their contacts, else
 * to the client; the practice, the day, the amount and the card's brand and last four, and
 * nothing of care (no name, service, code or therapist); the portal link from the configured
 * public address, never the Host header; the payment's audit row says what became of it.
 */

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
let t: TestApp;
let biller: Browser;
let processorId: number;
let therapistId: number;
let practiceName: string;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 990_000;
async function newClient(email: string | null): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, ${account}, 'Receipta', 'Quillfeather') returning id`,
  );
  await t.database.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${therapistId})`,
  );
  if (email !== null)
    await t.database.db.execute(
      sql`insert into client_emails (client_id, email, is_default) values (${id}, ${email}, true)`,
    );
  return id;
}

async function chargeOf(clientId: number, cents: number): Promise<number> {
  const { id } = await one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service,
          cpt_code, units, client_part_cents, insurer_part_cents)
        values (1, ${clientId}, 'charge', ${cents}, current_date - 2, '90837', 1, ${cents}, 0)
        returning id`,
  );
  return id;
}

async function payByCard(clientId: number, body: Record<string, unknown>, headers = {}) {
  const token = await biller.post('/api/billing/localProcessor/tokens', {
    processorId,
    number: '4242424242424242',
    expiration: `12/${NEXT_YEAR}`,
    cvc: '123',
  });
  return biller.request(
    'POST',
    `/api/billing/clients/${clientId}/cardPayments`,
    {
      token: token.json<{ data: { token: string } }>().data.token,
      processorId,
      idempotencyKey: `rc-${Math.random().toString(36).slice(2)}`,
      ...body,
    },
    { headers },
  );
}

const receiptsOf = (clientId: number) =>
  rowsOf<{ recipient: string; subject: string; body: string }>(
    t.database.db,
    sql`select recipient, subject, body from outbound_emails
        where client_id = ${clientId} and kind = 'billing_receipt' order by id`,
  );

const auditOf = (clientId: number, action: string) =>
  one<{ detail: Record<string, unknown> }>(
    sql`select detail from audit_log where patient_id = ${clientId} and action = ${action}
        order by id desc limit 1`,
  );

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  ({ id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  ));
  ({ id: processorId } = await one<{ id: number }>(
    sql`select id from card_processors where practice_id = 1 and kind = 'local' order by id limit 1`,
  ));
  ({ name: practiceName } = await one<{ name: string }>(
    sql`select name from practices where id = 1`,
  ));
}, 120_000);
afterAll(() => t.close());

describe('a receipt by email', () => {
  it('says the practice, day, amount and card, and nothing of care; links from the public address', async () => {
    const clientId = await newClient('receipta@example.test');
    const chargeId = await chargeOf(clientId, 17_000);
    const paid = await payByCard(
      clientId,
      {
        amountCents: 17_000,
        allocations: [{ chargeId, amountCents: 17_000 }],
        emailReceipt: true,
        notation: 'Session for anxiety',
      },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json<{ receipt: { status: string }; data: { paymentId: number } }>();
    expect(answer.receipt).toEqual({ status: 'logged' });
    const paymentId = answer.data.paymentId;

    const [mail, ...more] = await receiptsOf(clientId);
    expect(more).toEqual([]);
    expect(mail?.recipient).toBe('receipta@example.test');
    expect(mail?.subject).toBe(`Your payment receipt from ${practiceName}`);
    expect(mail?.body).toContain(`Thank you for your payment to ${practiceName}.`);
    expect(mail?.body).toContain('Amount: $170.00');
    expect(mail?.body).toContain('Paid by: Visa ending 4242');
    expect(mail?.body).toContain(`Receipt number: ${String(paymentId)}`);
    expect(mail?.body).toMatch(/Date: \d{2}\/\d{2}\/\d{4}/);
    expect(mail?.body).toContain(`${t.app.publicUrl}/n/`);
    for (const secret of [
      'evil.example',
      'Receipta',
      'Quillfeather',
      '90837',
      'anxiety',
      '4242424242424242',
    ])
      expect(mail?.body).not.toContain(secret);
    expect(mail?.subject).not.toContain('Receipta');

    expect((await auditOf(clientId, 'billing.card_payment_recorded')).detail).toMatchObject({
      paymentId,
      receipt: 'logged',
    });
  });

  it('is sent once for a submission sent twice, and never unless asked', async () => {
    const clientId = await newClient('twice@example.test');
    const body = {
      amountCents: 2_500,
      source: 'client',
      method: 'cash',
      leaveCredit: true,
      emailReceipt: true,
      idempotencyKey: 'receipt-twice-1',
    };
    const first = await biller.post(`/api/billing/clients/${clientId}/payments`, body);
    const again = await biller.post(`/api/billing/clients/${clientId}/payments`, body);
    expect(first.json()).toMatchObject({ receipt: { status: 'logged' } });
    expect(again.json()).toMatchObject({ receipt: null });
    const receipts = await receiptsOf(clientId);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain('Paid by: Cash');
    expect((await auditOf(clientId, 'billing.payment_recorded')).detail).toMatchObject({
      method: 'cash',
    });

    const unasked = await biller.post(`/api/billing/clients/${clientId}/payments`, {
      ...body,
      emailReceipt: false,
      idempotencyKey: 'receipt-unasked-1',
    });
    expect(unasked.json()).toMatchObject({ receipt: null });
    expect(await receiptsOf(clientId)).toHaveLength(1);
  });

  it('goes to the responsible party the client names among their contacts', async () => {
    const clientId = await newClient('minor@example.test');
    await t.database.db.execute(sql`update clients set responsible_party_first_name = 'Pat',
        responsible_party_last_name = 'Guardian' where id = ${clientId}`);
    await t.database.db.execute(sql`insert into client_contacts (client_id, first_name, last_name,
        relationship, email) values (${clientId}, 'pat', 'guardian', 'parent', 'pat@example.test')`);
    const paid = await payByCard(clientId, {
      amountCents: 900,
      leaveCredit: true,
      emailReceipt: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await receiptsOf(clientId)).map((r) => r.recipient)).toEqual(['pat@example.test']);
  });

  it('says when there is no address, and still records the payment', async () => {
    const clientId = await newClient(null);
    const paid = await payByCard(clientId, {
      amountCents: 900,
      leaveCredit: true,
      emailReceipt: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ receipt: { status: 'no_address' } });
    expect(await receiptsOf(clientId)).toEqual([]);
    expect((await auditOf(clientId, 'billing.card_payment_recorded')).detail).toMatchObject({
      receipt: 'no_address',
    });
  });

  it('is refused for an insurer’s check, naming the field, and nothing is written', async () => {
    const clientId = await newClient('insured@example.test');
    const refused = await biller.post(`/api/billing/clients/${clientId}/payments`, {
      amountCents: 5_000,
      source: 'insurance',
      method: 'check',
      reference: '88123',
      leaveCredit: true,
      emailReceipt: true,
      idempotencyKey: 'receipt-insurer-1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: RECEIPT_MESSAGES.clientOnly,
      field: 'emailReceipt',
    });
    const { entries } = await one<{ entries: number }>(
      sql`select count(*)::int as entries from ledger_entries where client_id = ${clientId}`,
    );
    expect(entries).toBe(0);
  });
});
