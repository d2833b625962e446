import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Statements on the real database (issue 19 item 3; issue 16 item 6, the logo on statements):
 * a snapshot with the opening balance, the period's lines and the closing balance, its PDF with
 * the practice's letterhead (read back with pdftotext and pdfimages), emailed with the amount
 * due and a link at the configured address but no detail of care, immutable, listed, batched;
 * closed to other roles and practices.
 */

let t: TestApp;
let biller: Browser;
let scheduler: Browser;
let otherPractice: Browser;
let clientId: number;
let feeCents: number;
const tmp = mkdtempSync(join(tmpdir(), 'statements-'));

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.database.db, query);
  if (row === undefined) throw new Error('no row');
  return row;
}

function pdfTool(tool: 'pdftotext' | 'pdfimages', bytes: Buffer): string {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync(tool, tool === 'pdftotext' ? [path, '-'] : ['-list', path], {
    encoding: 'utf8',
  });
}

/** A charge of the client on a day, as the ledger keeps it, and a payment a few days later. */
async function history(): Promise<void> {
  const { id: chargeId } = await one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service, cpt_code, units)
        values (1, ${clientId}, 'charge', ${feeCents}, '2026-09-15', '90837', 1) returning id`,
  );
  await t.database.db.execute(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, date_of_service, cpt_code, units)
        values (1, ${clientId}, 'charge', ${feeCents}, '2026-10-06', '90837', 1)`,
  );
  const { id: paymentId } = await one<{ id: number }>(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_source, payment_method, reference, notation, created_at)
        values (1, ${clientId}, 'payment', 5000, 'client', 'check', '#1042', 'Thank you', '2026-10-12T15:00:00Z') returning id`,
  );
  await t.database.db.execute(
    sql`insert into ledger_entries (practice_id, client_id, kind, amount_cents, payment_id, charge_id, created_at)
        values (1, ${clientId}, 'allocation', 5000, ${paymentId}, ${chargeId}, '2026-10-12T15:00:00Z')`,
  );
}

beforeAll(async () => {
  t = await testApp();
  biller = await signedIn(t.app, 'biller');
  scheduler = await signedIn(t.app, 'scheduler');
  otherPractice = await signedIn(t.app, 'owner2');
  ({ id: clientId } = await one<{ id: number }>(
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (1, 960001, 'Statement', 'Reader') returning id`,
  ));
  await t.database.db.execute(
    sql`insert into client_emails (client_id, email, is_default) values (${clientId}, 'reader@example.com', true)`,
  );
  feeCents = 15_000;
  await history();
  const png = await sharp({
    create: { width: 160, height: 48, channels: 3, background: '#2a6f97' },
  })
    .png()
    .toBuffer();
  await t.app.storage.adapter.put('practices/1/logo/statement-test.png', png);
  await t.database.db.execute(
    sql`update practices set logo_banner_key = 'practices/1/logo/statement-test.png' where id = 1`,
  );
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

describe('a statement for October', () => {
  let statementId: number;

  it('opens with September, lists October and closes with what is owed', async () => {
    const response = await biller.post(`/api/billing/clients/${clientId}/statements`, {
      from: '2026-10-01',
      to: '2026-10-31',
      email: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{
      data: {
        statementId: number;
        openingCents: number;
        closingCents: number;
        amountDueCents: number;
        delivery: string;
        lines: { kind: string; amountCents: number; description: string }[];
      };
    }>().data;
    statementId = data.statementId;
    expect(data).toMatchObject({
      openingCents: feeCents,
      closingCents: 2 * feeCents - 5000,
      amountDueCents: 2 * feeCents - 5000,
      delivery: 'email',
    });
    expect(data.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['charge', feeCents],
      ['payment', -5000],
    ]);
    expect(data.lines[1]?.description).toBe('Payment, Check #1042 · Thank you');
  });

  it('was emailed with the amount due and the portal at the configured address, nothing of care', async () => {
    const { subject, body } = await one<{ subject: string; body: string }>(
      sql`select subject, body from outbound_emails where client_id = ${clientId} and kind = 'billing_statement'`,
    );
    expect(subject).toMatch(/^Your statement from /);
    expect(body).toContain('Amount due: $250.00');
    expect(body).toContain(`${t.app.publicUrl}/n/`);
    expect(body).not.toContain('90837');
  });

  it('prints with the letterhead, the lines and the balances', async () => {
    const response = await biller.get(`/api/billing/statements/${statementId}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfTool('pdftotext', response.rawPayload);
    for (const expected of [
      'Statement',
      'Statement Reader',
      'Balance forward',
      'Session (90837)',
      'Payment, Check #1042',
      '$250.00',
      'Pay online',
    ])
      expect(text).toContain(expected);
    // The practice's logo is drawn at the head of the statement.
    expect(pdfTool('pdfimages', response.rawPayload).trim().split('\n').slice(2)).toHaveLength(1);
  });

  it('never changes: the database refuses edits of the snapshot', async () => {
    await expect(
      t.database.db.execute(
        sql`update billing_statements set closing_cents = 0 where id = ${statementId}`,
      ),
    ).rejects.toThrow();
  });

  it('is listed in the statements report with how it went out', async () => {
    const list = await biller.get(`/api/billing/statements?patientId=${clientId}`);
    expect(list.json<{ data: unknown[]; total: number }>()).toMatchObject({
      total: 1,
      data: [{ statementId, delivery: 'email', from: '2026-10-01', to: '2026-10-31' }],
    });
  });

  it('is closed to schedulers and unknown to another practice', async () => {
    expect((await scheduler.get(`/api/billing/statements/${statementId}/pdf`)).statusCode).toBe(
      403,
    );
    expect((await otherPractice.get(`/api/billing/statements/${statementId}/pdf`)).statusCode).toBe(
      404,
    );
    const theirs = await otherPractice.post(`/api/billing/clients/${clientId}/statements`, {
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses a period that ends before it starts, naming the field', async () => {
    const bad = await biller.post(`/api/billing/clients/${clientId}/statements`, {
      from: '2026-10-31',
      to: '2026-10-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'to' });
  });
});

describe('a batch of statements', () => {
  it('makes one for every client with activity or a balance, this client included', async () => {
    const before = await one<{ n: number }>(
      sql`select count(*)::int as n from billing_statements where client_id = ${clientId}`,
    );
    const batch = await biller.post('/api/billing/statements/batch', {
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json<{ data: { created: number } }>().data.created).toBeGreaterThanOrEqual(1);
    const after = await one<{ n: number }>(
      sql`select count(*)::int as n from billing_statements where client_id = ${clientId}`,
    );
    expect(after.n).toBe(before.n + 1);
  });
});
