/**
 * `npm run bench:audit-soak`: kill -9 soak of the audit guarantee (issue 13).
 * Starts the real server, saves pre-authorizations (each a new row of a
 * client's record) from several writers at once, and kills the process with
 * SIGKILL at a random moment; restarts and repeats until at least SOAK_WRITES
 * writes were acknowledged. Then counts, on the database:
 *   - committed pre-authorizations with no audit row naming them (must be 0),
 *   - acknowledged writes that are not in the database (must be 0),
 * and verifies the audit chain. Runs on the embedded database, and on
 * PostgreSQL too when BENCH_DATABASE_URL names a server database to use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-cast.ts';
import { verifyAuditChain } from '../apps/server/src/platform/audit-chain.ts';
import { loadOrCreateAuditKey } from '../apps/server/src/platform/audit-checkpoint.ts';

const TARGET = Number(process.env.SOAK_WRITES ?? 1000);
const WRITERS = 4;
const PORT = Number(process.env.SOAK_PORT ?? 4390);
const base = `http://127.0.0.1:${String(PORT)}`;

type Target = {
  env: Record<string, string>;
  open: () => Promise<Database>;
  label: string;
  key: () => Promise<Buffer>;
};

function startServer(env: Record<string, string>): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(PORT), LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function signIn(): Promise<{ cookie: string; csrf: string; header: string }> {
  const response = await fetch(`${base}/api/public/auth/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_username: 'manager', user_password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = (await (await fetch(`${base}/api/user/csrf`, { headers: { cookie } })).json()) as {
    token: string;
    headerName: string;
  };
  return { cookie, csrf: csrf.token, header: csrf.headerName };
}

/** One round: writers save until the process is killed; returns the acknowledged ids. */
async function round(
  target: Target,
  policy: { patientId: number; insuranceId: number },
): Promise<number[]> {
  const child = startServer(target.env);
  await waitForHealth();
  const session = await signIn();
  const acknowledged: number[] = [];
  let alive = true;
  const killAfter = 300 + Math.random() * 1500;
  const killer = setTimeout(() => {
    alive = false;
    child.kill('SIGKILL');
  }, killAfter);
  const writer = async (w: number) => {
    for (let n = 0; alive; n++) {
      try {
        const response = await fetch(`${base}/api/patientInsurance/savePreAuth`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: session.cookie,
            [session.header]: session.csrf,
          },
          body: JSON.stringify({
            ...policy,
            authNumber: `SOAK-${String(w)}-${String(n)}`,
            authDate: '2026-01-10',
            startDate: '2026-01-12',
            endDate: '2026-06-30',
            visitsAuthorized: 12,
          }),
        });
        if (response.ok) acknowledged.push(((await response.json()) as { authId: number }).authId);
      } catch {
        return; // killed mid-request: not acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  clearTimeout(killer);
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
  return acknowledged;
}

async function soak(target: Target): Promise<boolean> {
  // First start seeds the demo; find a policy of a client to write to.
  const first = startServer(target.env);
  await waitForHealth();
  first.kill('SIGTERM');
  await new Promise((r) => first.once('exit', r));
  let database = await target.open();
  const [policy] = await rowsOf<{ patientId: number; insuranceId: number }>(
    database.db,
    sql`select ci.client_id as "patientId", ci.id as "insuranceId" from client_insurances ci
        join clients c on c.id = ci.client_id where c.practice_id = 1 order by ci.id limit 1`,
  );
  await database.close();
  if (!policy) throw new Error('the demo has no insurance policy to write to');

  const acknowledged: number[] = [];
  let rounds = 0;
  const started = Date.now();
  while (acknowledged.length < TARGET) {
    acknowledged.push(...(await round(target, policy)));
    rounds++;
  }
  database = await target.open();
  const committed = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from insurance_pre_auths where auth_number like 'SOAK-%'`,
  );
  const audited = new Set(
    (
      await rowsOf<{ id: number }>(
        database.db,
        sql`select (detail->>'authId')::int as id from audit_log
            where action = 'client.pre_auth_changed' and detail ? 'authId'`,
      )
    ).map((r) => r.id),
  );
  const committedIds = new Set(committed.map((r) => r.id));
  const unaudited = committed.filter((r) => !audited.has(r.id)).length;
  const lost = acknowledged.filter((id) => !committedIds.has(id)).length;
  const chain = await verifyAuditChain(database.db, { key: await target.key() });
  await database.close();
  console.log(
    `${target.label}: ${String(rounds)} kill -9 rounds in ${String(Math.round((Date.now() - started) / 1000))} s; ` +
      `${String(acknowledged.length)} acknowledged writes, ${String(committed.length)} committed; ` +
      `committed without audit row: ${String(unaudited)}; acknowledged but lost: ${String(lost)}; ` +
      `audit chain: ${chain.ok ? `verified (${String(chain.rows)} rows)` : `BROKEN at ${String(chain.brokenAtId)}`}`,
  );
  return unaudited === 0 && lost === 0 && chain.ok;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'op-soak-'));
  const targets: Target[] = [
    {
      label: 'PGlite',
      env: { DATA_DIR: dir, SEED_DEMO: '1' },
      open: () => openDatabase({ dataDir: dir }),
      key: () => loadOrCreateAuditKey(dir),
    },
  ];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const pgDir = mkdtempSync(join(tmpdir(), 'op-soak-pg-'));
    targets.push({
      label: 'PostgreSQL',
      env: { DATABASE_URL: serverUrl, DATA_DIR: pgDir, SEED_DEMO: '1', PUBLIC_URL: base },
      open: () => openDatabase({ dataDir: pgDir, databaseUrl: serverUrl }),
      key: () => loadOrCreateAuditKey(pgDir),
    });
  }
  let ok = true;
  for (const target of targets) ok = (await soak(target)) && ok;
  rmSync(dir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

void main();
