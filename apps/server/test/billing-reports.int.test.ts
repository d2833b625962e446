import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The billing reports on the real database (issue 19 item 2): charges by date of service,
 * client payments and refunds, insurance payments; totals over every matching row, paging,
 * the edges of a period in the practice's zone, filters, practices kept apart, the billing
 * role required, bad input named. Money in a quiet month of 2024 is written straight into the
 * ledger at chosen instants (the demo's money is all recent), so the edges are exact.
 */

let t: TestApp;
let biller: Browser;
let scheduler: Browser;
let therapist: Browser;
let otherPractice: Browser;
let therapistId: number;
let productId: number;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 970_000;
async function newClient(lastName: string, practiceId = 1): Promise<number> {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (${practiceId}, ${account}, 'Report', ${lastName}) returning id`,
  );
  return id;
}

/** A charge on a day of service, straight into the ledger. */
async function charge(clientId: number, day: string, cents: number, practiceId = 1) {
  return one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service,
          cpt_code, units, client_part_cents, insurer_part_cents)
        values (${practiceId}, ${clientId}, 'charge', ${cents}, ${day}, '90834', 1,
          ${cents / 4}, ${cents - cents / 4}) returning id`,
  );
}

/** Money recorded at `seconds` after the start of `day` in the practice's zone. */
async function money(
  clientId: number,
  entry: {
    kind: 'payment' | 'refund';
    cents: number;
    day: string;
    seconds: number;
    method?: string;
    source?: string;
    paymentId?: number;
    reverses?: number;
    practiceId?: number;
  },
) {
  const practiceId = entry.practiceId ?? 1;
  const isPayment = entry.kind === 'payment';
  return one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_source,
          payment_method, reference, notation, payment_id, reverses_id, created_at)
        select ${practiceId}, ${clientId}, ${entry.kind}, ${entry.cents},
          ${isPayment ? (entry.source ?? 'client') : null}, ${isPayment ? (entry.method ?? 'cash') : null},
          ${isPayment ? `ref-${entry.cents}` : null}, 'note', ${entry.paymentId ?? null},
          ${entry.reverses ?? null},
          (${entry.day}::date)::timestamp at time zone p.timezone + make_interval(secs => ${entry.seconds})
        from practices p where p.id = ${practiceId} returning id`,
  );
}

type Page<Row, Totals> = { data: Row[]; total: number; totals: Totals };
type ChargeRow = {
  chargeId: number;
  feeCents: number;
  openCents: number;
  therapistName: string | null;
};
type MoneyRow = { entryId: number; kind: string; day: string; method: string; amountCents: number };

const get = async <T>(browser: Browser, path: string, status = 200): Promise<T> => {
  const response = await browser.get(path);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};

const DAY = 86_400;

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  scheduler = await signedIn(t.app, 'scheduler');
  therapist = await signedIn(t.app, 'therapist1');
  otherPractice = await signedIn(t.app, 'owner2');
  ({ id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  ));
  ({ id: productId } = await one<{ id: number }>(
    sql`select id from products where practice_id = 1 and cpt_code = '90837' and active`,
  ));
});
afterAll(() => t.close());

describe('charges report', () => {
  let clientId: number;
  const path = (query: string) => `/api/billing/reports/charges?${query}`;

  beforeAll(async () => {
    clientId = await newClient('Charges');
    // Just outside, both edges, and inside the period March 2024.
    await charge(clientId, '2024-02-29', 1000);
    await charge(clientId, '2024-03-01', 2000);
    await charge(clientId, '2024-03-15', 4000);
    await charge(clientId, '2024-03-31', 8000);
    await charge(clientId, '2024-04-01', 16000);
    const reversed = await charge(clientId, '2024-03-20', 32000);
    await t.database.db.execute(
      sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service, reverses_id)
          values (1, ${clientId}, 'charge', -32000, '2024-03-20', ${reversed.id})`,
    );
    await charge(await newClient('Other practice', 2), '2024-03-10', 64000, 2);
  });

  it('lists the period, both edge days included, reversed charges left out', async () => {
    const page = await get<
      Page<ChargeRow, { feeCents: number; clientPartCents: number; openCents: number }>
    >(biller, path(`from=2024-03-01&to=2024-03-31&patientId=${clientId}`));
    expect(page.data.map((r) => r.feeCents)).toEqual([2000, 4000, 8000]);
    expect(page.totals).toMatchObject({ feeCents: 14000, clientPartCents: 3500, openCents: 14000 });
  });

  it('totals every matching row, not only the page, and pages by offset', async () => {
    const first = await get<Page<ChargeRow, { feeCents: number }>>(
      biller,
      path(`from=2024-03-01&to=2024-03-31&patientId=${clientId}&limit=2`),
    );
    expect(first.data.map((r) => r.feeCents)).toEqual([2000, 4000]);
    expect(first.total).toBe(3);
    expect(first.totals.feeCents).toBe(14000);
    const second = await get<Page<ChargeRow, { feeCents: number }>>(
      biller,
      path(`from=2024-03-01&to=2024-03-31&patientId=${clientId}&limit=2&offset=2`),
    );
    expect(second.data.map((r) => r.feeCents)).toEqual([8000]);
    expect(second.totals.feeCents).toBe(14000);
  });

  it('never shows another practice’s charges', async () => {
    const ours = await get<Page<ChargeRow, { feeCents: number }>>(
      biller,
      path('from=2024-03-01&to=2024-03-31'),
    );
    expect(ours.data.some((r) => r.feeCents === 64000)).toBe(false);
    const theirs = await get<Page<ChargeRow, { feeCents: number }>>(
      otherPractice,
      path('from=2024-03-01&to=2024-03-31'),
    );
    expect(theirs.data.map((r) => r.feeCents)).toEqual([64000]);
  });

  it('filters by the session’s therapist', async () => {
    const attendedClient = await newClient('Attended');
    await t.database.db.execute(
      sql`insert into client_therapists (client_id, therapist_id) values (${attendedClient}, ${therapistId})`,
    );
    const start = new Date(Date.now() - 5 * DAY * 1000);
    const { id: eventId } = await one<{ id: number }>(
      sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
          values (1, ${therapistId}, 'appointment', ${start.toISOString()},
            ${new Date(start.getTime() + 3_600_000).toISOString()}, true) returning id`,
    );
    const { id: attendeeId } = await one<{ id: number }>(
      sql`insert into calendar_event_attendees (event_id, client_id) values (${eventId}, ${attendedClient}) returning id`,
    );
    const saved = await therapist.post(
      `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendeeId}` +
        `&calendar_event_attendee_attended=1&product_id=${productId}`,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const chargeId = saved.json<{ account_invoice_id: number }>().account_invoice_id;
    const day = (offset: number) =>
      new Date(Date.now() + offset * DAY * 1000).toISOString().slice(0, 10);
    const range = `from=${day(-10)}&to=${day(1)}&patientId=${attendedClient}`;
    const mine = await get<Page<ChargeRow, unknown>>(
      biller,
      path(`${range}&therapistId=${therapistId}`),
    );
    expect(mine.data).toEqual([
      expect.objectContaining({ chargeId, therapistName: expect.any(String) }),
    ]);
    const other = await one<{ id: number }>(
      sql`select id from therapists where practice_id = 1 and id <> ${therapistId} limit 1`,
    );
    const theirs = await get<Page<ChargeRow, unknown>>(
      biller,
      path(`${range}&therapistId=${other.id}`),
    );
    expect(theirs.total).toBe(0);
  });
});

describe('payments and refunds report', () => {
  let clientId: number;
  let paymentId: number;
  const path = (query: string) => `/api/billing/reports/payments?${query}`;
  const april = 'from=2024-04-01&to=2024-04-30';

  beforeAll(async () => {
    clientId = await newClient('Payments');
    // One second before April begins in the practice's zone, its first second, its last, and after.
    await money(clientId, { kind: 'payment', cents: 100, day: '2024-04-01', seconds: -1 });
    ({ id: paymentId } = await money(clientId, {
      kind: 'payment',
      cents: 5000,
      day: '2024-04-01',
      seconds: 0,
      method: 'check',
    }));
    await money(clientId, {
      kind: 'payment',
      cents: 7000,
      day: '2024-04-30',
      seconds: DAY - 1,
      method: 'card',
    });
    await money(clientId, { kind: 'payment', cents: 300, day: '2024-05-01', seconds: 0 });
    await money(clientId, {
      kind: 'refund',
      cents: 1500,
      day: '2024-04-10',
      seconds: 60,
      paymentId,
    });
    // A payment reversed: neither it nor its reversal is shown.
    const gone = await money(clientId, {
      kind: 'payment',
      cents: 900,
      day: '2024-04-12',
      seconds: 0,
    });
    await money(clientId, {
      kind: 'payment',
      cents: -900,
      day: '2024-04-12',
      seconds: 5,
      reverses: gone.id,
    });
    // An insurer's payment belongs to the other report.
    await money(clientId, {
      kind: 'payment',
      cents: 11000,
      day: '2024-04-15',
      seconds: 0,
      source: 'insurance',
      method: 'check',
    });
    const elsewhere = await newClient('Elsewhere', 2);
    await money(elsewhere, {
      kind: 'payment',
      cents: 22000,
      day: '2024-04-15',
      seconds: 0,
      practiceId: 2,
    });
  });

  it('lists the period’s payments and refunds with net totals, both edges included', async () => {
    const page = await get<
      Page<MoneyRow, { paymentsCents: number; refundsCents: number; netCents: number }>
    >(biller, path(april));
    expect(page.data.map((r) => [r.kind, r.amountCents, r.day])).toEqual([
      ['payment', 5000, '2024-04-01'],
      ['refund', 1500, '2024-04-10'],
      ['payment', 7000, '2024-04-30'],
    ]);
    expect(page.totals).toEqual({ paymentsCents: 12000, refundsCents: 1500, netCents: 10500 });
  });

  it('pages with the totals of every row', async () => {
    const page = await get<Page<MoneyRow, { netCents: number }>>(
      biller,
      path(`${april}&limit=1&offset=1`),
    );
    expect(page.data.map((r) => r.kind)).toEqual(['refund']);
    expect(page.total).toBe(3);
    expect(page.totals.netCents).toBe(10500);
  });

  it('filters by method; a refund goes with its payment’s method', async () => {
    const checks = await get<Page<MoneyRow, { netCents: number }>>(
      biller,
      path(`${april}&method=check`),
    );
    expect(checks.data.map((r) => [r.kind, r.method])).toEqual([
      ['payment', 'check'],
      ['refund', 'check'],
    ]);
    expect(checks.totals.netCents).toBe(3500);
    const cash = await get<Page<MoneyRow, unknown>>(biller, path(`${april}&method=external_card`));
    expect(cash.total).toBe(0);
  });

  it('never shows another practice’s money', async () => {
    const page = await get<Page<MoneyRow, unknown>>(otherPractice, path(april));
    expect(page.data.map((r) => r.amountCents)).toEqual([22000]);
  });

  it('refuses a method clients do not pay by, and a period backwards, naming the field', async () => {
    const era = await biller.get(path(`${april}&method=era`));
    expect(era.statusCode).toBe(400);
    expect(era.json()).toMatchObject({ field: 'method' });
    const backwards = await biller.get(path('from=2024-05-01&to=2024-04-01'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'from' });
    const notADay = await biller.get(path('from=2024-04-31&to=2024-05-01'));
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json()).toMatchObject({ field: 'from' });
  });
});

describe('insurance payments', () => {
  let clientId: number;
  const key = () => `ins-${Math.random().toString(36).slice(2)}`;
  const pay = (body: Record<string, unknown>) =>
    biller.post(`/api/billing/clients/${clientId}/payments`, {
      amountCents: 4200,
      source: 'insurance',
      method: 'check',
      reference: 'CHK-881',
      leaveCredit: true,
      idempotencyKey: key(),
      ...body,
    });

  beforeAll(async () => {
    clientId = await newClient('Insured');
  });

  it('records an insurer’s check by hand and lists it with its reference', async () => {
    const paid = await pay({});
    expect(paid.statusCode, paid.body).toBe(200);
    const today = new Date();
    const day = (offset: number) =>
      new Date(today.getTime() + offset * DAY * 1000).toISOString().slice(0, 10);
    const page = await get<
      Page<
        { reference: string; amountCents: number; unappliedCents: number },
        { amountCents: number }
      >
    >(
      biller,
      `/api/billing/reports/insurance-payments?from=${day(-2)}&to=${day(2)}&patientId=${clientId}`,
    );
    expect(page.data).toEqual([
      expect.objectContaining({
        reference: 'CHK-881',
        amountCents: 4200,
        unappliedCents: 4200,
        method: 'check',
      }),
    ]);
    expect(page.totals.amountCents).toBe(4200);
  });

  it('refuses by hand an ERA, cash from an insurer, or an insurer’s payment without its number', async () => {
    for (const [body, field] of [
      [{ method: 'era' }, 'method'],
      [{ method: 'cash' }, 'method'],
      [{ reference: undefined }, 'reference'],
    ] as const) {
      const refused = await pay(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ field });
    }
    const era = await biller.post(`/api/billing/clients/${clientId}/payments`, {
      amountCents: 100,
      source: 'client',
      method: 'era',
      leaveCredit: true,
      idempotencyKey: key(),
    });
    expect(era.statusCode).toBe(400);
  });
});

describe('who may read the reports', () => {
  it('refuses a role without billing', async () => {
    for (const report of ['charges', 'payments', 'insurance-payments']) {
      const refused = await scheduler.get(
        `/api/billing/reports/${report}?from=2024-04-01&to=2024-04-30`,
      );
      expect(refused.statusCode, report).toBe(403);
    }
  });
});
