import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { DEFAULT_WEB_DIST } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-cast.ts';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const ms = (n: number) => `${n.toFixed(2)} ms`;

/** A fresh embedded database with the demo, an app listening on a free port, and a signed-in cookie. */
export async function benchApp(
  username: string,
  prepare?: (database: Database) => Promise<void>,
  reuseDir?: string,
) {
  // A reused folder keeps a prepared dataset between runs (building 100,000 clients takes minutes).
  const dir = reuseDir ?? mkdtempSync(join(tmpdir(), 'op-bench-'));
  const fresh = !existsSync(join(dir, 'prepared'));
  if (fresh) rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({
    dataDir: dir,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
  await database.migrate();
  if (fresh) {
    await seedDemo(database.db);
    if (prepare) await prepare(database);
    writeFileSync(join(dir, 'prepared'), new Date().toISOString());
  }
  const app: FastifyInstance = await buildApp({
    database,
    logLevel: 'silent',
    publicRateLimit: 1_000_000,
    // The built web app (npm run build), for benchmarks that drive Chromium.
    webDist: DEFAULT_WEB_DIST,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signIn = await fetch(`${base}/api/public/auth/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_username: username, user_password: DEMO_PASSWORD }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    app,
    database,
    base,
    cookie,
    async close() {
      await app.close();
      await database.close();
      if (!reuseDir) rmSync(dir, { recursive: true, force: true });
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
