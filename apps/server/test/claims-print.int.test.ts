import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { PRINT_MESSAGES } from '../src/modules/claims/claims-print.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Paper claims on the real database (issue 20 item 5): the demo gives each print list a claim;
 * only the billing role prints; another practice's claim is a 404; a printed CMS-1500 (read
 * back with pdftotext) holds the client's name and the CPT in capitals, in both modes, and the
 * claim is submitted by a `submitted` event (so printing it again is refused); the simple
 * summary is a copy and leaves the claim ready; each print is audited with its clients.
 */

let t: TestApp;
let biller: Browser;
let therapist: Browser;
let otherOwner: Browser;
const tmp = mkdtempSync(join(tmpdir(), 'claims-print-'));

type Row = { claimId: number; patientId: number; clientName: string; patientControlNumber: string };

function pdfText(bytes: Buffer): string {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

function pdfPages(bytes: Buffer): number {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

async function printList(list: string, browser = biller): Promise<Row[]> {
  const answer = await browser.get(`/api/claims/print/${list}?limit=200`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: { rows: Row[] } }>().data.rows;
}

const print = (body: Record<string, unknown>, browser = biller) =>
  browser.post('/api/claims/print', body);

const eventsOf = (claimId: number) =>
  rowsOf<{ kind: string; status: string; detail: Record<string, unknown> }>(
    t.database.db,
    sql`select kind, status, detail from claim_events where claim_id = ${claimId} order by id`,
  );

/** The claim's first service code, as its line holds it. */
async function codeOf(claimId: number): Promise<string> {
  const [line] = await rowsOf<{ code: string }>(
    t.database.db,
    sql`select procedure_code as code from claim_lines where claim_id = ${claimId} order by id limit 1`,
  );
  if (!line) throw new Error('no claim line');
  return line.code;
}

/** What the client's name looks like in box 2: LAST, FIRST. */
const boxName = (clientName: string) => {
  const [first, ...rest] = clientName.split(' ');
  return `${rest.join(' ')}, ${first ?? ''}`.toUpperCase();
};

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  therapist = await signedIn(t.app, 'therapist2');
  otherOwner = await signedIn(t.app, 'owner2');
}, 120_000);
afterAll(() => t.close());

describe('the demo practice', () => {
  it('has a claim on each print list', async () => {
    for (const list of ['primary', 'secondary', 'simple'])
      expect((await printList(list)).length, list).toBeGreaterThan(0);
  });

  it('shows another practice none of them', async () => {
    const ours = new Set((await printList('simple')).map((r) => r.claimId));
    const theirs = await printList('simple', otherOwner);
    expect(theirs.filter((r) => ours.has(r.claimId))).toEqual([]);
  });
});

describe('who may', () => {
  it('refuses a therapist without the billing role, listing or printing', async () => {
    const [row] = await printList('primary');
    expect((await therapist.get('/api/claims/print/primary')).statusCode).toBe(403);
    const refused = await print({ list: 'primary', claimIds: [row?.claimId] }, therapist);
    expect(refused.statusCode).toBe(403);
    expect(await eventsOf(row?.claimId ?? 0)).not.toContainEqual(
      expect.objectContaining({ kind: 'submitted' }),
    );
  });

  it('answers 404 for another practice’s claim, and prints nothing', async () => {
    const [row] = await printList('primary');
    const answer = await print({ list: 'primary', claimIds: [row?.claimId] }, otherOwner);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ message: PRINT_MESSAGES.notFound });
    expect(await eventsOf(row?.claimId ?? 0)).not.toContainEqual(
      expect.objectContaining({ kind: 'submitted' }),
    );
  });

  it('refuses an unknown list and a bad offset (400)', async () => {
    const [row] = await printList('primary');
    expect((await biller.get('/api/claims/print/tertiary')).statusCode).toBe(400);
    const far = await print({ list: 'primary', claimIds: [row?.claimId], offsetX: 500 });
    expect(far.statusCode).toBe(400);
  });
});

describe('printing', () => {
  it('prints a primary claim on a red form (data only), submits it, and audits it', async () => {
    const [row] = await printList('primary');
    if (!row) throw new Error('no primary claim to print');
    const answer = await print({
      list: 'primary',
      claimIds: [row.claimId],
      mode: 'data',
      offsetX: 3.6,
      offsetY: -2,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = pdfText(answer.rawPayload);
    expect(text).toContain(boxName(row.clientName));
    expect(text).toContain(await codeOf(row.claimId));
    expect(text).toContain(row.patientControlNumber);
    expect(text).toContain('SIGNATURE ON FILE');
    // Data only: none of the form's own words.
    expect(text).not.toContain('HEALTH INSURANCE CLAIM FORM');
    const events = await eventsOf(row.claimId);
    expect(events.at(-1)).toMatchObject({
      kind: 'submitted',
      status: 'submitted',
      detail: { channel: 'paper', form: 'CMS-1500 (02/12)', mode: 'data', offsetX: 3.6, forms: 1 },
    });
    expect((await printList('primary')).map((r) => r.claimId)).not.toContain(row.claimId);
    const submitted = await biller.get('/api/claims/list/submitted?limit=200');
    expect(submitted.json<{ data: { rows: Row[] } }>().data.rows.map((r) => r.claimId)).toContain(
      row.claimId,
    );
    // One client is the row's patient_id; several would be its patient_ids.
    const [audit] = await rowsOf<{ patientIds: number[]; detail: { list?: string } }>(
      t.database.db,
      sql`select coalesce(patient_ids, array[patient_id]) as "patientIds", detail from audit_log
          where action = 'claims.claims_printed' order by id desc limit 1`,
    );
    expect(audit?.patientIds).toEqual([row.patientId]);
    expect(audit?.detail.list).toBe('primary');

    // Printed once: the same claim again is refused, naming it, and adds no event.
    const again = await print({ list: 'primary', claimIds: [row.claimId], mode: 'data' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'claimIds.0', message: PRINT_MESSAGES.notOnList });
    expect(await eventsOf(row.claimId)).toHaveLength(events.length);
  });

  it('prints a secondary claim with the form drawn under the data', async () => {
    const [row] = await printList('secondary');
    if (!row) throw new Error('no secondary claim to print');
    const answer = await print({ list: 'secondary', claimIds: [row.claimId], mode: 'form' });
    expect(answer.statusCode, answer.body).toBe(200);
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('HEALTH INSURANCE CLAIM FORM');
    expect(text).toContain("PATIENT'S NAME");
    expect(text).toContain(boxName(row.clientName));
    expect(text).toContain(await codeOf(row.claimId));
    expect(pdfPages(answer.rawPayload)).toBe(1);
    expect((await eventsOf(row.claimId)).at(-1)).toMatchObject({
      kind: 'submitted',
      detail: { mode: 'form', list: 'secondary' },
    });
  });

  it('prints a simple summary as a copy: the claim stays ready', async () => {
    const [row] = await printList('simple');
    if (!row) throw new Error('no claim to summarise');
    const before = await eventsOf(row.claimId);
    const answer = await print({ list: 'simple', claimIds: [row.claimId] });
    expect(answer.statusCode, answer.body).toBe(200);
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('Claim summary');
    expect(text).toContain(row.clientName);
    expect(text).toContain(await codeOf(row.claimId));
    expect(await eventsOf(row.claimId)).toHaveLength(before.length);
    expect((await printList('simple')).map((r) => r.claimId)).toContain(row.claimId);
  });
});

describe('a claim of seven sessions', () => {
  it('prints on two forms, six lines and one, the total on the second only', async () => {
    const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
      const [row] = await rowsOf<T>(t.database.db, query);
      if (row === undefined) throw new Error('no row');
      return row;
    };
    const { payerId } = await one<{ payerId: number }>(
      sql`select practice_insurance_id as "payerId" from claim_payer_enrolments
          where practice_id = 1 and not claims_enrolled order by practice_insurance_id limit 1`,
    );
    const { therapistId } = await one<{ therapistId: number }>(
      sql`select t.id as "therapistId" from therapists t join users u on u.id = t.user_id
          where u.username = 'therapist1'`,
    );
    const { productId } = await one<{ productId: number }>(
      sql`select id as "productId" from products where practice_id = 1 and cpt_code = '90837' and active`,
    );
    const { id: clientId } = await one<{ id: number }>(
      sql`insert into clients (practice_id, account_number, first_name, last_name, dob, gender)
          values (1, 980001, 'Seven', 'Sessions', '1979-03-02', 'Male') returning id`,
    );
    // Claimed by hand below, so attendance makes none by itself.
    await t.database.db.execute(sql`insert into client_therapists
        (client_id, therapist_id, auto_generate_claims) values (${clientId}, ${therapistId}, false)`);
    await t.database.db.execute(sql`insert into client_addresses
        (client_id, address_line1, city, state, zipcode, is_default)
        values (${clientId}, '7 Pine St', 'Portland', 'ME', '04101', true)`);
    await t.database.db.execute(sql`insert into client_insurances (client_id, practice_insurance_id,
        insurance_type, insurance_number, group_number)
        values (${clientId}, ${payerId}, 'PRIMARY', 'M980001', 'G7')`);
    await t.database.db.execute(
      sql`insert into client_diagnoses (client_id, code, position) values (${clientId}, 'F41.1', 1)`,
    );
    const attendeeIds: number[] = [];
    for (let day = 20; day > 13; day -= 1) {
      const start = new Date(Date.now() - day * 86_400_000);
      const { id: eventId } = await one<{ id: number }>(
        sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, allow_double_booking)
            values (1, ${therapistId}, 'appointment', ${start.toISOString()},
              ${new Date(start.getTime() + 3_600_000).toISOString()}, true) returning id`,
      );
      const { id } = await one<{ id: number }>(
        sql`insert into calendar_event_attendees (event_id, client_id, attended, product_id)
            values (${eventId}, ${clientId}, true, ${productId}) returning id`,
      );
      attendeeIds.push(id);
    }
    const made = await biller.post('/api/claims', {
      patientId: clientId,
      practiceInsuranceId: payerId,
      attendeeIds,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { claimId, status } = made.json<{ data: { claimId: number; status: string } }>().data;
    expect(status).toBe('readyToSubmit');
    expect((await printList('primary')).map((r) => r.claimId)).toContain(claimId);
    const { total } = await one<{ total: number }>(
      sql`select total_cents as total from claim_versions where claim_id = ${claimId}`,
    );

    const answer = await print({ list: 'primary', claimIds: [claimId], mode: 'form' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(pdfPages(answer.rawPayload)).toBe(2);
    const [first, second] = pdfText(answer.rawPayload).split('\f');
    expect(first).toContain('CONTINUED');
    expect(first).toContain('SESSIONS, SEVEN');
    expect(second).toContain('SESSIONS, SEVEN');
    expect(second).not.toContain('CONTINUED');
    expect(second).toMatch(
      new RegExp(`${String(Math.floor(total / 100))}\\s+${String(total % 100).padStart(2, '0')}`),
    );
    expect((await eventsOf(claimId)).at(-1)).toMatchObject({
      kind: 'submitted',
      detail: { forms: 2 },
    });
  });
});
