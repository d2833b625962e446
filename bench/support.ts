import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { DEFAULT_WEB_DIST } from '../apps/server/src/config.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-cast.ts';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/**
 * The benchmark's database: BENCH_DATABASE_URL's PostgreSQL database as it is (seeded with
 * the demo when empty, so runs may follow each other), else PGlite in `reuseDir` (kept) or
 * in a temporary folder of its own (removed by `close`). A folder the benchmark did not
 * create is never removed, whatever it holds.
 */
export async function benchDatabase(
  prepare?: (database: Database) => Promise<void>,
  reuseDir?: string,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dir = reuseDir ?? mkdtempSync(join(tmpdir(), 'op-bench-'));
  if (reuseDir) mkdirSync(reuseDir, { recursive: true });
  // A reused folder keeps a prepared dataset between runs (building 100,000 clients takes minutes).
  const marker = join(dir, 'prepared');
  if (reuseDir && !databaseUrl && !existsSync(marker) && existsSync(join(dir, 'pglite'))) {
    throw new Error(
      `${dir} holds a database that was never fully prepared: remove it, or name another folder.`,
    );
  }
  const database = await openDatabase({ dataDir: dir, ...(databaseUrl ? { databaseUrl } : {}) });
  await database.migrate();
  await seedDemo(database.db);
  if (prepare && (databaseUrl || !existsSync(marker))) {
    await prepare(database);
    if (!databaseUrl) writeFileSync(marker, new Date().toISOString());
  }
  return {
    database,
    async close() {
      await database.close();
      if (!reuseDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An app listening on a free port, the production serialiser (no answer checks). */
export async function listeningApp(
  database: Database,
  webDist?: string,
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    database,
    logLevel: 'silent',
    publicRateLimit: 1_000_000,
    checkAnswers: false,
    ...(webDist ? { webDist } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Loading a dataset blocks the thread for minutes; a kept-alive connection the server
  // closed meanwhile would be reused by the next request and fail with ECONNRESET.
  app.server.keepAliveTimeout = 30 * 60_000;
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base };
}

/** Signs in through the API; the session cookie and the CSRF token a browser would hold. */
export async function signIn(
  base: string,
  username: string,
): Promise<{ cookie: string; csrf: string }> {
  const signedIn = await fetch(`${base}/api/public/auth/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_username: username, user_password: DEMO_PASSWORD }),
  });
  if (!signedIn.ok) throw new Error(`sign-in as ${username}: ${signedIn.status}`);
  const session = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrfAnswer = await fetch(`${base}/api/user/csrf`, { headers: { cookie: session } });
  const csrfCookie = (csrfAnswer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { token } = (await csrfAnswer.json()) as { token: string };
  return { cookie: [session, csrfCookie].filter(Boolean).join('; '), csrf: token };
}

/** A prepared database, an app listening on a free port, and a signed-in cookie. */
export async function benchApp(
  username: string,
  prepare?: (database: Database) => Promise<void>,
  reuseDir?: string,
) {
  const opened = await benchDatabase(prepare, reuseDir);
  // The built web app (npm run build), for benchmarks that drive Chromium.
  const { app, base } = await listeningApp(opened.database, DEFAULT_WEB_DIST);
  const { cookie } = await signIn(base, username);
  return {
    app,
    database: opened.database,
    base,
    cookie,
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

/** Times `fn` `n` times after `warm` untimed runs; returns milliseconds per call. */
export async function timeRuns(
  n: number,
  fn: (i: number) => Promise<unknown>,
  warm = 20,
): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * Times `a` and `b` turn about, `n` times each after `warm` untimed pairs, so a machine
 * whose load changes during the run weighs on both sides of a ratio alike.
 */
export async function timePairs(
  n: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
  warm = 20,
): Promise<[number[], number[]]> {
  for (let i = 0; i < warm; i++) {
    await a(i);
    await b(i);
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    for (const [side, fn] of [a, b].entries()) {
      const started = performance.now();
      await fn(i);
      times[side]?.push(performance.now() - started);
    }
  }
  return times;
}

/** The bench client 'Bench <lastName>' of the practice, made the first time it is asked for. */
export async function benchClient(
  database: Database,
  practiceId: number,
  lastName: string,
): Promise<number> {
  const [found] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from clients where practice_id = ${practiceId} and first_name = 'Bench' and last_name = ${lastName}`,
  );
  if (found) return found.id;
  const [made] = await rowsOf<{ id: number }>(
    database.db,
    sql`insert into clients (practice_id, account_number, first_name, last_name)
        values (${practiceId}, (select coalesce(max(account_number), 0) + 1 from clients where practice_id = ${practiceId}), 'Bench', ${lastName})
        returning id`,
  );
  if (!made) throw new Error(`Could not make the client Bench ${lastName}.`);
  return made.id;
}

/** The user id of a demo sign-in name. */
export async function userIdOf(database: Database, username: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    database.db,
    sql`select id from users where username = ${username}`,
  );
  if (!row) throw new Error(`No user ${username}.`);
  return row.id;
}
