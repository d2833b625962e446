import {
  CALENDAR_COLOURS,
  LEDGER_MESSAGES,
  allNormalMse,
  deniesAllRisk,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { PAYMENT_MESSAGES } from '../src/modules/billing/ledger-service.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The client ledger on the real database (issue 19 items 1, 2 and 4): attendance charges the
 * session from the fee schedule; payments, allocations, adjustments, refunds and reversals
 * keep the derived balance true; the same submission five times at once is one payment; the
 * database refuses edits and anything beyond a payment or a charge; roles and practices.
 */

let t: TestApp;
let biller: Browser;
let therapist: Browser;
let scheduler: Browser;
let otherPractice: Browser;
let therapistId: number;
let productId: number;
let feeCents: number;

type Entry = { entryId: number; kind: string; amountCents: number; openCents: number | null };
type LedgerAnswer = {
  balanceCents: number;
  creditCents: number;
  aging: Record<string, number>;
  entries: Entry[];
};

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 950_000;
async function newClient(lastName: string): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, ${account}, 'Ledger', ${lastName}) returning id`,
  );
  await t.database.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${therapistId})`,
  );
  return id;
}

/** A past appointment of the client, its attendance saved through the API; answers the charge. */
async function attendedSession(clientId: number, daysAgo: number): Promise<number | null> {
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  const { id: eventId } = await one<{ id: number }>(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
        values (1, ${therapistId}, 'appointment', ${start.toISOString()},
          ${new Date(start.getTime() + 3_600_000).toISOString()}, true) returning id`,
  );
  const { id: attendeeId } = await one<{ id: number }>(
    sql`insert into calendar_event_attendees (event_id, client_id) values (${eventId}, ${clientId}) returning id`,
  );
  const saved = await therapist.post(
    `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendeeId}` +
      `&calendar_event_attendee_attended=1&product_id=${productId}`,
  );
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ account_invoice_id: number | null }>().account_invoice_id;
}

const ledgerOf = async (browser: Browser, clientId: number) => {
  const response = await browser.get(`/api/billing/clients/${clientId}/ledger`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LedgerAnswer }>().data;
};

const pay = (clientId: number, body: Record<string, unknown>) =>
  biller.post(`/api/billing/clients/${clientId}/payments`, {
    source: 'client',
    method: 'cash',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    ...body,
  });

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  therapist = await signedIn(t.app, 'therapist1');
  scheduler = await signedIn(t.app, 'scheduler');
  otherPractice = await signedIn(t.app, 'owner2');
  ({ id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  ));
  ({ id: productId, feeCents } = await one<{ id: number; feeCents: number }>(
    sql`select id, fee_cents as "feeCents" from products where practice_id = 1 and cpt_code = '90837' and active`,
  ));
});
afterAll(() => t.close());

describe('a session charged, paid, refunded and reversed', () => {
  let clientId: number;
  let chargeId: number;

  it('charges an attended session at the service fee; the client owes it', async () => {
    clientId = await newClient('Charged');
    chargeId = (await attendedSession(clientId, 10)) ?? 0;
    expect(chargeId).toBeGreaterThan(0);
    const ledger = await ledgerOf(biller, clientId);
    expect(ledger.balanceCents).toBe(feeCents);
    expect(ledger.aging.current).toBe(feeCents);
    expect(ledger.entries).toEqual([
      expect.objectContaining({
        entryId: chargeId,
        kind: 'charge',
        amountCents: feeCents,
        openCents: feeCents,
      }),
    ]);
  });

  it('refuses a payment with money left over unless kept as credit, storing nothing', async () => {
    const over = await pay(clientId, {
      amountCents: feeCents + 500,
      allocations: [{ chargeId, amountCents: feeCents }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: PAYMENT_MESSAGES.leftOver, field: 'leaveCredit' });
    const fraction = await pay(clientId, { amountCents: 10.5, leaveCredit: true });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json()).toMatchObject({ field: 'amountCents' });
    const beyond = await pay(clientId, {
      amountCents: feeCents + 1,
      allocations: [{ chargeId, amountCents: feeCents + 1 }],
    });
    expect(beyond.json()).toMatchObject({
      message: LEDGER_MESSAGES.overAllocatedCharge,
      field: 'allocations.0.chargeId',
    });
    expect((await ledgerOf(biller, clientId)).entries).toHaveLength(1);
  });

  it('records the same submission sent five times at once as one payment', async () => {
    const body = {
      source: 'client',
      method: 'card',
      amountCents: feeCents,
      allocations: [{ chargeId, amountCents: feeCents }],
      idempotencyKey: 'same-submission-1',
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        biller.post(`/api/billing/clients/${clientId}/payments`, body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ledger = await ledgerOf(biller, clientId);
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toHaveLength(1);
    expect(ledger.balanceCents).toBe(0);

    // Paid, with its chart not locked: the session is orange on the calendar (spec-1 §4).
    const session = await one<{ eventId: number; day: string; next: string }>(
      sql`select e.id as "eventId",
            to_char(e.start_at at time zone 'America/New_York', 'YYYY-MM-DD') as day,
            to_char(e.start_at at time zone 'America/New_York' + interval '1 day', 'YYYY-MM-DD') as next
          from calendar_events e join calendar_event_attendees a on a.event_id = e.id
          where a.account_invoice_id = ${chargeId}`,
    );
    const window = await therapist.get(
      `/api/calendar/getTherapistAppointments?therapistIds=${therapistId}&start=${session.day}&end=${session.next}`,
    );
    expect(
      window
        .json<{ data: { calendar_event_id: number }[] }>()
        .data.find((e) => e.calendar_event_id === session.eventId),
    ).toMatchObject({
      account_payment_exists: true,
      calendar_color: CALENDAR_COLOURS.paymentNotLocked,
    });
  });

  it('refunds half, taking it back from the charge, so half is owed again', async () => {
    const paymentId =
      (await ledgerOf(biller, clientId)).entries.find((e) => e.kind === 'payment')?.entryId ?? 0;
    const half = Math.floor(feeCents / 2);
    const refund = (amountCents: number, key: string) =>
      biller.post(`/api/billing/clients/${clientId}/payments/${paymentId}/refunds`, {
        amountCents,
        idempotencyKey: key,
      });
    expect((await refund(half, 'refund-half-1')).statusCode).toBe(200);
    expect((await refund(half, 'refund-half-1')).statusCode).toBe(200); // repeated: one refund
    const ledger = await ledgerOf(biller, clientId);
    expect(ledger.entries.filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(ledger.balanceCents).toBe(half);
    expect(ledger.entries.find((e) => e.entryId === chargeId)?.openCents).toBe(half);
    const tooMuch = await refund(feeCents, 'refund-too-much');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ message: LEDGER_MESSAGES.overRefunded });
  });

  it('adjusts what is owed and refuses adjusting beyond it', async () => {
    const half = (await ledgerOf(biller, clientId)).balanceCents;
    const adjust = (amountCents: number) =>
      biller.post(`/api/billing/clients/${clientId}/adjustments`, {
        chargeId,
        amountCents,
        kind: 'writeoff',
        notation: 'Hardship',
      });
    const beyond = await adjust(half + 1);
    expect(beyond.json()).toMatchObject({
      message: LEDGER_MESSAGES.overAdjusted,
      field: 'amountCents',
    });
    expect((await adjust(half)).statusCode).toBe(200);
    expect((await ledgerOf(biller, clientId)).balanceCents).toBe(0);
  });

  it('reverses an entry once, never edits it; the database refuses edits and overdrafts', async () => {
    const adjustment = (await ledgerOf(biller, clientId)).entries.find(
      (e) => e.kind === 'adjustment',
    );
    const reverse = () =>
      biller.post(`/api/billing/clients/${clientId}/entries/${adjustment?.entryId}/reverse`, {
        notation: 'Entered in error',
      });
    expect((await reverse()).statusCode).toBe(200);
    const twice = await reverse();
    expect(twice.json()).toMatchObject({
      message: LEDGER_MESSAGES.reversedTwice,
      field: 'entryId',
    });
    expect((await ledgerOf(biller, clientId)).balanceCents).toBe(Math.floor(feeCents / 2));

    await expect(
      t.database.db.execute(sql`update ledger_entries set amount_cents = 1 where id = ${chargeId}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from ledger_entries where id = ${chargeId}`),
    ).rejects.toThrow();
    const paymentId =
      (await ledgerOf(biller, clientId)).entries.find((e) => e.kind === 'payment')?.entryId ?? 0;
    // Applying more than is left of the payment, written straight to the table, fails at commit.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_id, charge_id)
            values (1, ${clientId}, 'allocation', ${feeCents * 10}, ${paymentId}, ${chargeId})`);
      }),
    ).rejects.toThrow();
    // And adjusting a charge beyond what it owes.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, charge_id, adjustment_kind)
            values (1, ${clientId}, 'adjustment', ${feeCents}, ${chargeId}, 'writeoff')`);
      }),
    ).rejects.toThrow();
    expect((await ledgerOf(biller, clientId)).balanceCents).toBe(Math.floor(feeCents / 2));
  });

  it('lists the client among open balances, aged, and a credit among open credits', async () => {
    const creditor = await newClient('Credit');
    expect((await pay(creditor, { amountCents: 2_500, leaveCredit: true })).statusCode).toBe(200);
    const balances = await biller.get('/api/billing/balances/open?limit=200');
    expect(balances.statusCode, balances.body).toBe(200);
    const row = balances
      .json<{
        data: { patientId: number; balanceCents: number; aging: Record<string, number> }[];
      }>()
      .data.find((r) => r.patientId === clientId);
    expect(row).toMatchObject({ balanceCents: Math.floor(feeCents / 2) });
    expect(row?.aging.current).toBe(Math.floor(feeCents / 2));
    const credits = await biller.get('/api/billing/credits/open?limit=200');
    expect(
      credits
        .json<{ data: { patientId: number; creditCents: number }[] }>()
        .data.find((r) => r.patientId === creditor),
    ).toMatchObject({ creditCents: 2_500 });
  });
});

describe('the balances the database keeps', () => {
  it('equal the sums of the entries after every kind of entry above', async () => {
    const mismatches = await rowsOf<{ what: string; id: number }>(
      t.database.db,
      sql`select what, id from ledger_balances_mismatches()`,
    );
    expect(mismatches).toEqual([]);
    const [kept] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_client_balances`,
    );
    expect(kept?.n).toBeGreaterThan(0);
  });
});

describe('who may see and write the ledger', () => {
  it('is closed to schedulers and unknown to another practice', async () => {
    const clientId = await newClient('Access');
    expect((await scheduler.get(`/api/billing/clients/${clientId}/ledger`)).statusCode).toBe(403);
    expect((await otherPractice.get(`/api/billing/clients/${clientId}/ledger`)).statusCode).toBe(
      404,
    );
    expect((await scheduler.get('/api/billing/balances/open')).statusCode).toBe(403);
    const payByOther = await otherPractice.post(`/api/billing/clients/${clientId}/payments`, {
      source: 'client',
      method: 'cash',
      amountCents: 100,
      leaveCredit: true,
      idempotencyKey: 'other-practice-1',
    });
    expect(payByOther.statusCode).toBe(404);
  });
});

describe('a practice that bills only signed sessions', () => {
  it('makes no charge on attendance, and charges the session when its note is signed', async () => {
    await t.database.db.execute(
      sql`update practice_settings set signed_note_required_for_billing = true where practice_id = 1`,
    );
    try {
      const clientId = await newClient('Unsigned');
      expect(await attendedSession(clientId, 5)).toBeNull();
      expect((await ledgerOf(biller, clientId)).entries).toEqual([]);

      const { attendeeId } = await one<{ attendeeId: number }>(
        sql`select id as "attendeeId" from calendar_event_attendees where client_id = ${clientId}`,
      );
      const opened = await therapist.post('/api/charting/notes', { attendeeId });
      expect(opened.statusCode, opened.body).toBe(200);
      const note = opened.json<{ data: { noteId: number; updatedAt: string } }>().data;
      const saved = await therapist.request('PUT', `/api/charting/notes/${note.noteId}`, {
        content: {
          subjective: 'Better.',
          objective: 'Calm.',
          mse: allNormalMse(),
          assessment: 'Improving.',
          risk: deniesAllRisk(),
          plan: 'Weekly.',
        },
        diagnosisCodes: ['F41.1'],
        updatedAt: note.updatedAt,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await therapist.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
      const signed = await therapist.post(`/api/charting/notes/${note.noteId}/sign`, {});
      expect(signed.statusCode, signed.body).toBe(200);

      const ledger = await ledgerOf(biller, clientId);
      expect(ledger.entries).toEqual([
        expect.objectContaining({ kind: 'charge', amountCents: feeCents }),
      ]);
      const { accountInvoiceId } = await one<{ accountInvoiceId: number | null }>(
        sql`select account_invoice_id as "accountInvoiceId" from calendar_event_attendees where id = ${attendeeId}`,
      );
      expect(accountInvoiceId).toBe(ledger.entries[0]?.entryId);
    } finally {
      await t.database.db.execute(
        sql`update practice_settings set signed_note_required_for_billing = false where practice_id = 1`,
      );
    }
  });
});
