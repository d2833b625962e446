/**
 * `npm run bench`: measures the per-request cost every API call pays (session
 * lookup, access rule, principal load) on the embedded database, and prints
 * latency percentiles beside the raw SQL time of the same queries.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { resolveSession } from '../apps/server/src/platform/sessions.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-cast.ts';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'op-bench-'));
  const database = await openDatabase({
    dataDir: dir,
    databaseUrl: process.env.BENCH_DATABASE_URL,
  });
  await database.migrate();
  await seedDemo(database.db);
  const app = await buildApp({ database, logLevel: 'silent', publicRateLimit: 1_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;

  const signIn = await fetch(`${base}/api/public/auth/doLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_username: 'manager', user_password: DEMO_PASSWORD }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const token = cookie.split('=')[1] ?? '';

  // Raw SQL: the same session query (session, users, authorities, limits), called directly.
  const rawTimes: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const started = performance.now();
    await resolveSession(database.db, token, new Date(), false);
    rawTimes.push(performance.now() - started);
  }
  rawTimes.sort((a, b) => a - b);

  const result = await autocannon({
    url: `${base}/api/user/contact`,
    connections: 10,
    duration: 8,
    headers: { cookie, 'x-background-request': '1' },
  });
  const raw50 = percentile(rawTimes, 50);
  console.log('GET /api/user/contact (session + access + principal), 10 connections, 8 s');
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}   non-2xx ${result.non2xx}`);
  console.log(
    `  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
  );
  console.log(
    `  raw SQL ms  p50 ${raw50.toFixed(2)}  p90 ${percentile(rawTimes, 90).toFixed(2)}  p99 ${percentile(rawTimes, 99).toFixed(2)}`,
  );
  const perRequestMs = 1000 / result.requests.average;
  console.log(
    `  ratio       ${(perRequestMs / raw50).toFixed(2)}x the raw SQL time per request (service time ${perRequestMs.toFixed(2)} ms)`,
  );

  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
