import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { userAuthorities, users } from '../src/db/schema/index.ts';
import { SESSION_CACHE_LIFE_MS } from '../src/platform/session-cache.ts';
import { Browser, signedIn, testDatabase } from './harness.ts';

/**
 * Two app instances on one database, as two server processes behind a load balancer
 * (on PostgreSQL with TEST_DATABASE_URL, else on one embedded PGlite): each keeps its own
 * cache of resolved sessions, and what one changes the other must honour within a second.
 */
let database: Database;
let dataDir: string;
let one: FastifyInstance;
let two: FastifyInstance;

beforeAll(async () => {
  database = await testDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'op-data-'));
  const options = { database, dataDir, logLevel: 'silent', publicRateLimit: 10_000 };
  one = await buildApp(options);
  two = await buildApp(options);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same browser (its cookies and CSRF token) talking to the other instance. */
function sameBrowserOn(app: FastifyInstance, browser: Browser): Browser {
  const moved = new Browser(app);
  for (const pair of browser.cookieHeader.split('; ')) {
    const [name, value] = pair.split('=');
    if (name && value) moved.setCookie(name, value);
  }
  moved.csrf = browser.csrf;
  return moved;
}

/** Milliseconds until `get` answers `status`, polling every 20 ms; fails after two seconds. */
async function msUntil(get: () => Promise<{ statusCode: number }>, status: number) {
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    if ((await get()).statusCode === status) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still not ${status} after 2 s`);
}

describe('sessions cached by each app instance', () => {
  it('live well under a second', () => {
    expect(SESSION_CACHE_LIFE_MS).toBeLessThan(1_000);
  });

  it('a sign-out on one instance is refused by the other within 1 s, and at once by itself', async () => {
    const onOne = await signedIn(one, 'scheduler');
    const onTwo = sameBrowserOn(two, onOne);
    // Both instances now hold the session in their caches.
    expect((await onTwo.get('/api/user/contact')).statusCode).toBe(200);
    expect((await onOne.get('/api/user/contact')).statusCode).toBe(200);
    const cookies = onOne.cookieHeader;
    expect((await onOne.post('/api/logout')).statusCode).toBe(200);
    const replay = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/user/contact', headers: { cookie: cookies } });
    expect((await replay(one)).statusCode).toBe(401);
    expect(await msUntil(() => replay(two), 401)).toBeLessThan(1_000);
  });

  it('a role taken away on one instance is refused by the other within 1 s', async () => {
    const onOne = await signedIn(one, 'owner');
    const onTwo = sameBrowserOn(two, onOne);
    const report = (browser: Browser) => browser.get('/api/reporting/audit/users');
    expect((await report(onTwo)).statusCode).toBe(200);
    expect((await report(onOne)).statusCode).toBe(200);
    const [owner] = await one.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'owner'));
    if (!owner) throw new Error('no owner');
    const removed = await one.db
      .delete(userAuthorities)
      .where(
        and(eq(userAuthorities.userId, owner.id), eq(userAuthorities.authority, 'customer.owner')),
      )
      .returning();
    try {
      expect(await msUntil(() => report(onTwo), 403)).toBeLessThan(1_000);
      expect(await msUntil(() => report(onOne), 403)).toBeLessThan(1_000);
    } finally {
      await one.db.insert(userAuthorities).values(removed);
    }
  });

  it('a user deactivated through one instance is signed out on the other within 1 s', async () => {
    const onOne = await signedIn(one, 'frontoffice');
    const onTwo = sameBrowserOn(two, onOne);
    expect((await onTwo.get('/api/user/contact')).statusCode).toBe(200);
    await one.db.update(users).set({ active: false }).where(eq(users.username, 'frontoffice'));
    try {
      expect(await msUntil(() => onTwo.get('/api/user/contact'), 401)).toBeLessThan(1_000);
    } finally {
      await one.db.update(users).set({ active: true }).where(eq(users.username, 'frontoffice'));
    }
  });
});
