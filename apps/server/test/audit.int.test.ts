import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { recordAudit } from '../src/platform/audit.ts';
import { canonicalJson, verifyAuditChain } from '../src/platform/audit-chain.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const lastActions = async (n: number) =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(n)).reverse();

describe('audit log', () => {
  it('records sign-in, failed sign-in and sign-out', async () => {
    await new Browser(t.app).signIn('therapist1', 'wrong');
    const browser = await signedIn(t.app, 'therapist1');
    await browser.post('/api/logout');
    const rows = await lastActions(3);
    expect(rows.map((r) => r.action)).toEqual([
      'auth.sign_in_failed',
      'auth.sign_in',
      'auth.sign_out',
    ]);
    expect(rows[1]).toMatchObject({
      practiceId: 1,
      ip: expect.any(String),
      requestId: expect.any(String),
    });
    expect(rows[0]?.detail).toEqual({ reason: 'bad_credentials' });
  });

  it('never stores the password', async () => {
    await new Browser(t.app).signIn('therapist1', 'Sup3rSecretGuess');
    const all = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(all)).not.toContain('Sup3rSecretGuess');
  });

  it('refuses updates and deletes (append-only)', async () => {
    await expect(t.database.db.update(auditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });

  it('chains rows so the chain check passes when untouched', async () => {
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });

  it('keeps the chain intact under concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordAudit(t.database.db, {
          action: 'test.concurrent',
          practiceId: 1,
          actorUserId: null,
          detail: { i },
        }),
      ),
    );
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });

  it('detects a row altered behind the trigger', async () => {
    const [target] = await lastActions(1);
    await t.database.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`);
    await t.database.db
      .update(auditLog)
      .set({ detail: { i: 999 } })
      .where(eq(auditLog.id, target!.id));
    const check = await verifyAuditChain(t.database.db);
    expect(check).toMatchObject({
      ok: false,
      brokenAtId: target!.id,
      reason: 'this row was changed',
    });
    await t.database.db
      .update(auditLog)
      .set({ detail: target!.detail })
      .where(eq(auditLog.id, target!.id));
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });

  it('detects a deleted row', async () => {
    const rows = await lastActions(3);
    await t.database.db.delete(auditLog).where(eq(auditLog.id, rows[1]!.id));
    await t.database.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`);
    expect(await verifyAuditChain(t.database.db)).toMatchObject({
      ok: false,
      brokenAtId: rows[2]!.id,
    });
  });

  it('hashes JSON the same whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
  });
});
