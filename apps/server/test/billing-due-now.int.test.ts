import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * What is due now (issue 19 item 4): the open charges plus the client's part of today's
 * sessions that have no charge yet — the copay of an insured client, a self-pay client's usual
 * fee — as the charge at attendance would make it; credit goes against it. Cancelled,
 * no-show, yesterday's and already charged sessions add nothing. Payment role; another
 * practice's client is not found.
 */

let t: TestApp;
let biller: Browser;
let scheduler: Browser;
let otherPractice: Browser;
let therapist: Browser;
let therapistId: number;
let productId: number;
let feeCents: number;
let payerId: number;

// 2 pm in New York (the demo practice's zone): the morning's sessions are over, the day is not.
const NOW = new Date('2031-06-10T18:00:00Z');
const TODAY_10AM = new Date('2031-06-10T14:00:00Z');
const TODAY_4PM = new Date('2031-06-10T20:00:00Z');
const YESTERDAY = new Date('2031-06-09T14:00:00Z');
const COPAY = 2_500;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

let account = 970_000;
async function newClient(options: { copayCents?: number; usualFeeCents?: number } = {}) {
  account += 1;
  const { id } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name, usual_fee_cents)
        values (1, ${account}, 'Due', 'Now', ${options.usualFeeCents ?? null}) returning id`,
  );
  await t.database.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${therapistId})`,
  );
  if (options.copayCents !== undefined) {
    const policy = await one<{ id: number }>(
      sql`insert into client_insurances (client_id, practice_insurance_id, insurance_type)
          values (${id}, ${payerId}, 'PRIMARY') returning id`,
    );
    await t.database.db.execute(
      sql`insert into insurance_confirmations (client_insurance_id, auth_date, copay_cents)
          values (${policy.id}, '2031-01-02', ${options.copayCents})`,
    );
  }
  return id;
}

/** A session of the client at `start`, booked with the service; answers the attendee. */
async function session(
  clientId: number,
  start: Date,
  options: { cancelled?: boolean; noShow?: boolean } = {},
): Promise<number> {
  const { id: eventId } = await one<{ id: number }>(
    sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at,
          allow_double_booking, cancelled_at)
        values (1, ${therapistId}, 'appointment', ${start.toISOString()},
          ${new Date(start.getTime() + 3_600_000).toISOString()}, true,
          ${options.cancelled ? start.toISOString() : null}) returning id`,
  );
  const { id } = await one<{ id: number }>(
    sql`insert into calendar_event_attendees (event_id, client_id, product_id, no_show)
        values (${eventId}, ${clientId}, ${productId}, ${options.noShow ?? false}) returning id`,
  );
  return id;
}

async function attend(attendeeId: number) {
  const saved = await therapist.post(
    `/api/calendar/editAttendance/save?calendar_event_attendee_id=${attendeeId}` +
      `&calendar_event_attendee_attended=1&product_id=${productId}`,
  );
  expect(saved.statusCode, saved.body).toBe(200);
}

type DueNow = {
  balanceCents: number;
  creditCents: number;
  openCharges: { dateOfService: string; cptCode: string; amountCents: number; openCents: number }[];
  dueNowCents: number;
  chargesDueCents: number;
  todayCents: number;
  sessions: { attendeeId: number; clientPartCents: number }[];
};
async function dueNowOf(clientId: number, browser = biller): Promise<DueNow> {
  const answer = await browser.get(`/api/billing/clients/${clientId}/dueNow`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: DueNow }>().data;
}

beforeAll(async () => {
  t = await testApp();
  t.clock.set(NOW);
  biller = await signedIn(t.app, 'biller');
  scheduler = await signedIn(t.app, 'scheduler');
  otherPractice = await signedIn(t.app, 'owner2');
  therapist = await signedIn(t.app, 'therapist1');
  ({ id: therapistId } = await one<{ id: number }>(
    sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
  ));
  ({ id: productId, feeCents } = await one<{ id: number; feeCents: number }>(
    sql`select id, fee_cents as "feeCents" from products where practice_id = 1 and cpt_code = '90837' and active`,
  ));
  ({ id: payerId } = await one<{ id: number }>(
    sql`select id from practice_insurances where practice_id = 1 order by id limit 1`,
  ));
  // No payer fee for this service: the insured client's fee is the service's.
  await t.database.db.execute(
    sql`delete from product_payer_fees where product_id = ${productId} and practice_insurance_id = ${payerId}`,
  );
}, 120_000);
afterAll(() => t.close());

describe('what is due now', () => {
  it('asks an insured client for today’s copay before the session is charged', async () => {
    const clientId = await newClient({ copayCents: COPAY });
    const attendeeId = await session(clientId, TODAY_4PM);
    expect(await dueNowOf(clientId)).toEqual({
      patientId: clientId,
      balanceCents: 0,
      creditCents: 0,
      openCharges: [],
      dueNowCents: COPAY,
      chargesDueCents: 0,
      todayCents: COPAY,
      sessions: [{ attendeeId, startAt: TODAY_4PM.toISOString(), clientPartCents: COPAY }],
    });
  });

  it('adds the open charges, and stops asking for the copay once the session is charged', async () => {
    const clientId = await newClient({ copayCents: COPAY });
    await attend(await session(clientId, YESTERDAY));
    const morning = await session(clientId, TODAY_10AM);
    // The charges due are the balance the charges leave, the insurer's expected part included
    // (as before: the insurer's part is the client's until the insurer pays or it is adjusted).
    expect(await dueNowOf(clientId)).toMatchObject({
      dueNowCents: feeCents + COPAY,
      chargesDueCents: feeCents,
      todayCents: COPAY,
    });
    await attend(morning);
    // Charged: the session is now an open charge, not today's extra.
    expect(await dueNowOf(clientId)).toMatchObject({
      balanceCents: 2 * feeCents,
      creditCents: 0,
      dueNowCents: 2 * feeCents,
      chargesDueCents: 2 * feeCents,
      todayCents: 0,
      sessions: [],
    });
    // The charges a payment may go to, oldest first, as the payment form lists them.
    const { openCharges } = await dueNowOf(clientId);
    expect(
      openCharges.map((c) => [c.dateOfService, c.cptCode, c.amountCents, c.openCents]),
    ).toEqual([
      ['2031-06-09', '90837', feeCents, feeCents],
      ['2031-06-10', '90837', feeCents, feeCents],
    ]);
  });

  it('asks a self-pay client for the usual fee; credit goes against it', async () => {
    const clientId = await newClient({ usualFeeCents: 9_000 });
    await session(clientId, TODAY_4PM);
    expect((await dueNowOf(clientId)).dueNowCents).toBe(9_000);
    const paid = await biller.post(`/api/billing/clients/${clientId}/payments`, {
      amountCents: 4_000,
      source: 'client',
      method: 'cash',
      leaveCredit: true,
      idempotencyKey: 'due-now-credit-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await dueNowOf(clientId)).toMatchObject({
      balanceCents: -4_000,
      creditCents: 4_000,
      dueNowCents: 5_000,
      chargesDueCents: 0,
      todayCents: 9_000,
    });
  });

  it('leaves out cancelled, no-show and yesterday’s uncharged sessions', async () => {
    const clientId = await newClient({ copayCents: COPAY });
    await session(clientId, TODAY_10AM, { cancelled: true });
    await session(clientId, TODAY_4PM, { noShow: true });
    await session(clientId, YESTERDAY);
    expect(await dueNowOf(clientId)).toMatchObject({ dueNowCents: 0, sessions: [] });
  });

  it('charges at attendance exactly what was asked for', async () => {
    const clientId = await newClient({ copayCents: COPAY });
    const attendeeId = await session(clientId, TODAY_10AM);
    const asked = (await dueNowOf(clientId)).dueNowCents;
    await attend(attendeeId);
    const ledger = await biller.get(`/api/billing/clients/${clientId}/ledger`);
    const [charge] = ledger.json<{
      data: { entries: { amountCents: number; clientPartCents: number }[] };
    }>().data.entries;
    expect(charge).toMatchObject({ amountCents: feeCents, clientPartCents: asked });
  });

  it('is the payment role’s, within the practice', async () => {
    const clientId = await newClient({ copayCents: COPAY });
    await dueNowOf(clientId);
    expect((await scheduler.get(`/api/billing/clients/${clientId}/dueNow`)).statusCode).toBe(403);
    expect((await otherPractice.get(`/api/billing/clients/${clientId}/dueNow`)).statusCode).toBe(
      404,
    );
    const [audit] = await rowsOf<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where patient_id = ${clientId}
          and action = 'billing.due_now_viewed' order by id desc limit 1`,
    );
    expect(audit?.action).toBe('billing.due_now_viewed');
  });
});
