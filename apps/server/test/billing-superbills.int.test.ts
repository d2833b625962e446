import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Superbills on the real database (issue 19 item 3): the client-facing document an insurer is
 * sent, apart from the statement. Its PDF (read back with pdftotext) holds the diagnosis codes,
 * each service's CPT code, modifier and place of service, the provider's NPI, the practice's
 * TIN and NPI, the fees and the client's payments; it is the billing role's, for the caller's
 * own practice, and refuses a reversed period.
 */

let t: TestApp;
let biller: Browser;
let scheduler: Browser;
let otherPractice: Browser;
let clientId: number;
const tmp = mkdtempSync(join(tmpdir(), 'superbills-'));

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

function pdfText(bytes: Buffer): string {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  scheduler = await signedIn(t.app, 'scheduler');
  otherPractice = await signedIn(t.app, 'owner2');
  ({ id: clientId } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name, dob)
        values (1, 970001, 'Superbill', 'Reader', '1990-04-02') returning id`,
  ));
  await t.database.db.execute(
    sql`insert into client_diagnoses (client_id, code, position) values
          (${clientId}, 'F41.1', 1), (${clientId}, 'F33.1', 2)`,
  );
  await t.database.db.execute(
    sql`update practices set tin = '123456789', npi = '1234567893' where id = 1`,
  );
  // A telehealth session with a therapist who has an NPI, charged; and one in the office.
  const therapist = await one<{ id: number }>(
    sql`update therapists set npi = '1987654321'
        where id = (select id from therapists where practice_id = 1 order by id limit 1) returning id`,
  );
  for (const [day, telehealth] of [
    ['2026-10-06', true],
    ['2026-10-13', false],
  ] as const) {
    const event = await one<{ id: number }>(
      sql`insert into calendar_events (practice_id, therapist_id, type, start_at, end_at, is_telehealth, telehealth_pos)
          values (1, ${therapist.id}, 'appointment', ${`${day}T15:00:00Z`}, ${`${day}T16:00:00Z`},
            ${telehealth}, ${telehealth ? '10' : null}) returning id`,
    );
    const attendee = await one<{ id: number }>(
      sql`insert into calendar_event_attendees (event_id, client_id, attended)
          values (${event.id}, ${clientId}, true) returning id`,
    );
    await t.database.db.execute(
      sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service, cpt_code, units, attendee_id)
          values (1, ${clientId}, 'charge', 15000, ${day}, '90837', 1, ${attendee.id})`,
    );
  }
  await t.database.db.execute(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_source, payment_method, created_at)
        values (1, ${clientId}, 'payment', 9000, 'client', 'check', '2026-10-14T15:00:00Z')`,
  );
});

afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

const url = (from: string, to: string, id = clientId) =>
  `/api/billing/clients/${id}/superbill?from=${from}&to=${to}`;

describe('a superbill', () => {
  it('lists diagnoses, codes, identifiers, fees and payments for the period', async () => {
    const response = await biller.get(url('2026-10-01', '2026-10-31'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Superbill',
      'This is not a bill',
      'Superbill Reader',
      '04/02/1990',
      'F41.1, F33.1',
      '12-3456789',
      '1234567893',
      '1987654321',
      '90837',
      '95',
      '$150.00',
      '$300.00',
      '$90.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The telehealth session at home (POS 10, modifier 95); the office one at POS 11.
    expect(text).toMatch(/10\/06\/2026\s+90837\s+95\s+1\s+10\b/);
    expect(text).toMatch(/10\/13\/2026\s+90837\s+1\s+11\b/);
  });

  it('leaves out what is outside the period', async () => {
    const text = pdfText((await biller.get(url('2026-10-10', '2026-10-31'))).rawPayload);
    expect(text).not.toContain('10/06/2026');
    expect(text).toContain('10/13/2026');
  });

  it('refuses a reversed period, other roles and other practices', async () => {
    expect((await biller.get(url('2026-10-31', '2026-10-01'))).statusCode).toBe(400);
    expect((await scheduler.get(url('2026-10-01', '2026-10-31'))).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await otherPractice.get(url('2026-10-01', '2026-10-31'))).statusCode,
    );
  });
});
