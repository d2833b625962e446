import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { runAuditVerify } from '../src/audit-verify.ts';
import { readConfig } from '../src/config.ts';
import { grantAppRole } from '../src/db/app-role.ts';
import {
  openPostgres,
  PGLITE_EXTENSIONS,
  rowsOf,
  wrapPglite,
  type Database,
  type Db,
} from '../src/db/client.ts';
import { auditCheckpoints, auditLog } from '../src/db/schema/index.ts';
import { recordAudit } from '../src/platform/audit.ts';
import { GENESIS, rowHash, verifyAuditChain } from '../src/platform/audit-chain.ts';
import {
  checkpointMac,
  loadOrCreateAuditKey,
  parseAuditKey,
  writeAuditCheckpoint,
} from '../src/platform/audit-checkpoint.ts';
import { signedIn, testDatabase } from './harness.ts';

/**
 * Finding 4: someone holding the app's database role could rehash the chain
 * or drop its newest rows unseen. Checkpoints sealed with a key kept outside
 * the database make both visible. The attacker here is stronger still (the
 * table owner, who can disable the triggers), to show the seals alone hold.
 */
const key = randomBytes(32);
let database: Database;
let db: Db;
let clock: number;
const tick = () => new Date((clock += 1000));

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(() => database.close());
// Each test starts from an empty chain (cleared as the owner, behind the triggers).
beforeEach(async () => {
  await behindTheTriggers(() => db.execute(sql`TRUNCATE audit_log, audit_checkpoints`));
  clock = Date.parse('2026-03-02T09:00:00Z');
});

async function appendRows(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await recordAudit(
      db,
      { action: 'test.row', practiceId: 1, actorUserId: null, detail: { i } },
      tick(),
    );
  }
}

const newestIds = async (n: number) =>
  (await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(n))
    .map((r) => r.id)
    .reverse();

/** The database's own message (drizzle wraps it as the cause). */
async function failureOf(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const { message, cause } = error as Error & { cause?: Error };
    return `${message} | ${cause?.message ?? ''}`;
  }
  return 'no error';
}

/** As the owner: triggers off, `change` runs, triggers on. */
async function behindTheTriggers(change: () => Promise<unknown>): Promise<void> {
  await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`);
  await db.execute(sql`ALTER TABLE audit_checkpoints DISABLE TRIGGER USER`);
  try {
    await change();
  } finally {
    await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    await db.execute(sql`ALTER TABLE audit_checkpoints ENABLE TRIGGER USER`);
  }
}

/** Recomputes every hash from row `fromId` on, as an attacker who knows the algorithm would. */
async function rehashFrom(fromId: number): Promise<void> {
  const [before] = await db
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(sql`${auditLog.id} < ${fromId}`)
    .orderBy(desc(auditLog.id))
    .limit(1);
  let prevHash = before?.hash ?? GENESIS;
  const rows = await db
    .select()
    .from(auditLog)
    .where(gte(auditLog.id, fromId))
    .orderBy(asc(auditLog.id));
  for (const r of rows) {
    const hash = rowHash(prevHash, {
      at: new Date(r.at),
      practiceId: r.practiceId,
      actorUserId: r.actorUserId,
      impersonatorUserId: r.impersonatorUserId,
      action: r.action,
      patientId: r.patientId,
      patientIds: r.patientIds ?? undefined,
      detail: r.detail,
      ip: r.ip,
      requestId: r.requestId,
    });
    await db.update(auditLog).set({ prevHash, hash }).where(eq(auditLog.id, r.id));
    prevHash = hash;
  }
}

describe('append-only audit tables', () => {
  it.each(['audit_log', 'audit_checkpoints'])(
    '%s refuses UPDATE, DELETE and TRUNCATE',
    async (table) => {
      await appendRows(1);
      await writeAuditCheckpoint(db, key, tick());
      const name = sql.identifier(table);
      for (const statement of [
        sql`UPDATE ${name} SET id = id`,
        sql`DELETE FROM ${name}`,
        sql`TRUNCATE ${name}`,
      ]) {
        expect(await failureOf(db.execute(statement))).toContain(`${table} is append-only`);
      }
    },
  );
});

describe('audit checkpoints', () => {
  it('passes an untouched chain and counts its rows and checkpoints', async () => {
    await appendRows(3);
    const first = await writeAuditCheckpoint(db, key, tick());
    await appendRows(2);
    const second = await writeAuditCheckpoint(db, key, tick());
    expect(await writeAuditCheckpoint(db, key, tick())).toBeNull(); // nothing new to seal
    await appendRows(1);
    const total = await db.$count(auditLog);
    const [sealedRow] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, second!.lastAuditId));
    expect(second!.rowCount).toBe(total - 1);
    expect(first!.rowCount).toBe(total - 3);
    expect(await verifyAuditChain(db, { key })).toEqual({
      ok: true,
      rows: total,
      checkpointsVerified: 2,
      verifiedThrough: new Date(sealedRow!.at),
      unsealedRows: 1,
      macsChecked: true,
    });
  });

  it('finds a chain rehashed behind the triggers at the first checkpointed row after the change', async () => {
    await appendRows(3);
    const first = await writeAuditCheckpoint(db, key, tick());
    await appendRows(3);
    const second = await writeAuditCheckpoint(db, key, tick());
    await appendRows(2);
    const [changed] = await newestIds(5); // the first row after the first checkpoint
    await behindTheTriggers(async () => {
      await db
        .update(auditLog)
        .set({ detail: { i: 'rewritten' } })
        .where(eq(auditLog.id, changed!));
      await rehashFrom(changed!);
    });
    expect(changed).toBe(first!.lastAuditId + 1);
    expect(await verifyAuditChain(db, { key })).toMatchObject({
      ok: false,
      brokenAtId: second!.lastAuditId,
      reason: expect.stringContaining(`the chain was rewritten after row ${first!.lastAuditId}`),
      checkpointsVerified: 1,
    });
  });

  it('finds the newest rows removed', async () => {
    await appendRows(3);
    const seal = await writeAuditCheckpoint(db, key, tick());
    const tail = await newestIds(2);
    await behindTheTriggers(() => db.delete(auditLog).where(gte(auditLog.id, tail[0]!)));
    expect(await verifyAuditChain(db, { key })).toMatchObject({
      ok: false,
      brokenAtId: seal!.lastAuditId,
      reason: expect.stringContaining('rows were removed from the end'),
    });
  });

  it('finds the newest rows removed and replaced by new ones', async () => {
    await appendRows(3);
    const seal = await writeAuditCheckpoint(db, key, tick());
    await behindTheTriggers(() => db.delete(auditLog).where(eq(auditLog.id, seal!.lastAuditId)));
    await appendRows(2);
    expect(await verifyAuditChain(db, { key })).toMatchObject({
      ok: false,
      brokenAtId: seal!.lastAuditId,
      reason: expect.stringContaining('is missing: it was removed'),
    });
  });

  it('finds a checkpoint whose MAC was forged without the key', async () => {
    await appendRows(2);
    await writeAuditCheckpoint(db, key, tick());
    await appendRows(2);
    const [head] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const seal = {
      at: tick(),
      lastAuditId: head!.id,
      lastHash: head!.hash,
      rowCount: await db.$count(auditLog),
    };
    const [forged] = await db
      .insert(auditCheckpoints)
      .values({ ...seal, mac: checkpointMac(randomBytes(32), seal) })
      .returning();
    expect(await verifyAuditChain(db, { key })).toMatchObject({
      ok: false,
      brokenAtId: head!.id,
      brokenCheckpointId: forged!.id,
      reason: expect.stringContaining('does not carry a valid MAC'),
      checkpointsVerified: 1,
    });
    // The writer does not build on the forged count either.
    await appendRows(1);
    const next = await writeAuditCheckpoint(db, key, tick());
    expect(next!.rowCount).toBe(await db.$count(auditLog));
  });

  it('seals the chain on a timer and at a clean shutdown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'op-audit-'));
    const app = await buildApp({
      database,
      dataDir,
      logLevel: 'silent',
      audit: { key, checkpointIntervalMs: 25 },
    });
    try {
      await appendRows(1);
      await expect.poll(() => db.$count(auditCheckpoints), { timeout: 5000 }).toBe(1);
      await appendRows(1);
      await app.close();
      expect(await db.$count(auditCheckpoints)).toBe(2);
      expect(await verifyAuditChain(db, { key })).toMatchObject({ ok: true, unsealedRows: 0 });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the audit key', () => {
  it('is created as DATA_DIR/audit.key with mode 0600, once, and reused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'op-key-'));
    try {
      const [a, b] = await Promise.all([
        loadOrCreateAuditKey(dataDir),
        loadOrCreateAuditKey(dataDir),
      ]);
      const path = join(dataDir, 'audit.key');
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(a).toHaveLength(32);
      expect(b).toEqual(a);
      expect(await loadOrCreateAuditKey(dataDir)).toEqual(a);
      expect(readFileSync(path, 'utf8').trim()).toBe(a.toString('hex'));
      chmodSync(path, 0o644);
      await expect(loadOrCreateAuditKey(dataDir)).rejects.toThrow(/chmod 600/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads AUDIT_KEY as hex or base64 of at least 32 bytes', () => {
    const raw = randomBytes(32);
    expect(parseAuditKey(raw.toString('hex'))).toEqual(raw);
    expect(parseAuditKey(raw.toString('base64'))).toEqual(raw);
    expect(parseAuditKey(randomBytes(31).toString('hex'))).toBeNull();
    expect(readConfig({ AUDIT_KEY: raw.toString('base64') }).audit.key).toEqual(raw);
    expect(readConfig({}).audit).toEqual({ key: undefined, checkpointSeconds: 60 });
    expect(() => readConfig({ AUDIT_KEY: randomBytes(16).toString('hex') })).toThrow(/AUDIT_KEY/);
    expect(() => readConfig({ MIGRATION_DATABASE_URL: 'postgres://owner@db/app' })).toThrow(
      /MIGRATION_DATABASE_URL/,
    );
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run audit:verify', () => {
  it('exits 0 on an intact chain and non-zero on tampering', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'op-verify-'));
    const folder = join(dataDir, 'pglite');
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    /** The server's embedded database in DATA_DIR, opened by this test while the CLI is not running. */
    const withFolder = async (work: () => Promise<void>, load = false) => {
      const cli = wrapPglite(
        await PGlite.create(folder, {
          extensions: PGLITE_EXTENSIONS,
          ...(load ? { loadDataDir: template } : {}),
        }),
      );
      db = cli.db;
      try {
        await work();
      } finally {
        db = database.db;
        await cli.close();
      }
    };
    try {
      const printed: string[] = [];
      const print = (line: string) => printed.push(line);
      expect(await runAuditVerify({ DATA_DIR: dataDir }, print)).toBe(2); // no key, no database
      expect(printed).toEqual([expect.stringContaining('No audit key')]);

      let rows = 0;
      await withFolder(async () => {
        const fileKey = await loadOrCreateAuditKey(dataDir);
        await appendRows(3);
        await writeAuditCheckpoint(db, fileKey, tick());
        await appendRows(1);
        rows = await db.$count(auditLog);
      }, true);
      printed.length = 0;
      expect(await runAuditVerify({ DATA_DIR: dataDir }, print)).toBe(0);
      expect(printed).toEqual([
        `Audit chain intact: ${rows} rows, 1 checkpoints verified.`,
        expect.stringMatching(/^Sealed through .*; 1 newer rows are chained but not yet sealed\.$/),
      ]);

      await withFolder(async () => {
        const [first] = await newestIds(4);
        await behindTheTriggers(async () => {
          await db
            .update(auditLog)
            .set({ detail: { i: 'rewritten' } })
            .where(eq(auditLog.id, first!));
          await rehashFrom(first!);
        });
      });
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.AUDIT_KEY;
      delete env.DATABASE_URL;
      const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/audit-verify.ts'], {
        cwd: join(import.meta.dirname, '..'),
        env,
        encoding: 'utf8',
      });
      expect(child.stdout).toContain('Audit chain BROKEN at row');
      expect(child.status).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the restricted app role on PostgreSQL', () => {
  const role = `op_app_${randomBytes(4).toString('hex')}`;
  it('may read and append audit rows but never change, remove or unguard them', async () => {
    const [{ name } = { name: '' }] = await rowsOf<{ name: string }>(
      db,
      sql`select current_database() as name`,
    );
    const ownerUrl = new URL(process.env.TEST_DATABASE_URL!);
    ownerUrl.pathname = `/${name}`;
    const appUrl = new URL(ownerUrl);
    appUrl.username = role;
    appUrl.password = 'app-role-password';
    const owner = new pg.Client({ connectionString: ownerUrl.toString() });
    await owner.connect();
    await grantAppRole(owner, role, 'app-role-password');
    await grantAppRole(owner, role); // repeatable

    const asApp = openPostgres(appUrl.toString(), 2);
    const app = await buildApp({ database: asApp, logLevel: 'silent', audit: { key } });
    try {
      // The app works as this role: a sign-in writes a session and audit rows.
      const browser = await signedIn(app, 'therapist1');
      expect((await browser.get('/api/user/identity')).statusCode).toBe(200);
      expect(await writeAuditCheckpoint(asApp.db, key, tick())).not.toBeNull();
      expect(await verifyAuditChain(asApp.db, { key })).toMatchObject({ ok: true });

      for (const table of ['audit_log', 'audit_checkpoints']) {
        const t = sql.identifier(table);
        for (const statement of [
          sql`UPDATE ${t} SET id = id`,
          sql`DELETE FROM ${t}`,
          sql`TRUNCATE ${t}`,
        ]) {
          expect(await failureOf(asApp.db.execute(statement))).toContain(
            `permission denied for table ${table}`,
          );
        }
        for (const statement of [
          sql`ALTER TABLE ${t} DISABLE TRIGGER USER`,
          sql`ALTER TABLE ${t} DISABLE TRIGGER ALL`,
          sql`ALTER TABLE ${t} OWNER TO ${sql.identifier(role)}`,
        ]) {
          expect(await failureOf(asApp.db.execute(statement))).toContain(`must be owner of table`);
        }
      }
      expect(
        await failureOf(asApp.db.execute(sql`DROP TRIGGER audit_log_no_update ON audit_log`)),
      ).toContain('must be owner of');
      expect(
        await failureOf(
          asApp.db.execute(
            sql.raw(
              `CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger AS 'BEGIN RETURN NULL; END' LANGUAGE plpgsql`,
            ),
          ),
        ),
      ).toMatch(/must be owner of function|permission denied for schema public/);
      expect(
        await failureOf(asApp.db.execute(sql`SET session_replication_role = replica`)),
      ).toContain('permission denied');
      // Other tables keep full DML.
      await asApp.db.execute(sql`UPDATE practices SET name = name WHERE id = 1`);
    } finally {
      await app.close();
      await asApp.close();
      // Roles outlive databases: take this one's grants back, then drop it.
      await owner.query(`DROP OWNED BY ${role}`);
      await owner.query(`DROP ROLE ${role}`);
      await owner.end();
    }
  });
});
