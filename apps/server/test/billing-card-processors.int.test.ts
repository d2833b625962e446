import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { CARD_SERVICE_MESSAGES } from '../src/modules/billing/cards-service.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Therapist-specific card processors (spec-2 §6; issue 19 item 6): a processor serving only
 * some therapists is offered only for their clients, keeps cards only for them, and only
 * managers set processors up; another practice cannot change one.
 */

const VISA = '4242424242424242';
let t: TestApp;
let biller: Browser;
let manager: Browser;
let otherPractice: Browser;
let processorId: number;
let therapistIds: number[];

type Card = { cardId: number; cardProcessor: number; therapistId: number | null };

let account = 965_000;
async function newClient(therapistId: number | undefined): Promise<number> {
  account += 1;
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, ${account}, 'Card', 'Holder') returning id`,
  );
  const id = row?.id ?? 0;
  await t.database.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${id}, ${therapistId})`,
  );
  return id;
}

async function tokenOf(number: string, browser: Browser, pid: number): Promise<string> {
  const year = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
  const answer = await browser.post('/api/billing/localProcessor/tokens', {
    processorId: pid,
    number,
    expiration: `12/${year}`,
    cvc: '123',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { token: string } }>().data.token;
}

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  manager = await signedIn(t.app, 'manager');
  otherPractice = await signedIn(t.app, 'owner2');
  therapistIds = (
    await rowsOf<{ id: number }>(
      t.database.db,
      sql`select t.id from therapists t join users u on u.id = t.user_id
          where u.username in ('therapist1', 'therapist2') order by u.username`,
    )
  ).map((r) => r.id);
  const [local] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id from card_processors where practice_id = 1 and kind = 'local' order by id limit 1`,
  );
  processorId = local?.id ?? 0;
}, 120_000);
afterAll(() => t.close());

describe('therapist-specific processors (spec-2 §6)', () => {
  it('offers a processor only to clients of the therapists it serves; only managers set it up', async () => {
    const body = {
      kind: 'local',
      name: 'Therapist two processor',
      allTherapists: false,
      therapistIds: [therapistIds[1]],
    };
    expect((await biller.post('/api/cardProcessor/taProcessor', body)).statusCode).toBe(403);
    const saved = await manager.post('/api/cardProcessor/taProcessor', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const own = saved.json<{ data: { processorId: number } }>().data.processorId;
    const ofTherapist1 = await newClient(therapistIds[0]);
    const ofTherapist2 = await newClient(therapistIds[1]);
    const offered = async (clientId: number) =>
      (await biller.get(`/api/cardProcessor/list?patientId=${clientId}`))
        .json<{ data: { processorId: number }[] }>()
        .data.map((p) => p.processorId);
    expect(await offered(ofTherapist1)).toEqual([processorId]);
    expect(await offered(ofTherapist2)).toEqual([processorId, own]);
    const refused = await biller.post('/api/paymentCard/createCustomerCard', {
      patientId: ofTherapist1,
      processorId: own,
      token: await tokenOf(VISA, biller, own),
    });
    expect(refused.json()).toMatchObject({ message: CARD_SERVICE_MESSAGES.notServing });
    const kept = await biller.post('/api/paymentCard/createCustomerCard', {
      patientId: ofTherapist2,
      processorId: own,
      therapistId: therapistIds[1],
      token: await tokenOf(VISA, biller, own),
    });
    expect(kept.json<{ data: Card[] }>().data).toEqual([
      expect.objectContaining({ cardProcessor: own, therapistId: therapistIds[1] }),
    ]);
    const foreign = await otherPractice.post('/api/cardProcessor/taProcessor', {
      ...body,
      processorId: own,
      therapistIds: [],
    });
    expect(foreign.statusCode).toBe(404);
  });
});
