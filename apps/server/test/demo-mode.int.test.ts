import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase, openPglite, wrapPglite, type Database } from '../src/db/client.ts';
import { clients, practices, users } from '../src/db/schema/index.ts';
import { PUBLIC_URL_REQUIRED, resolvePublicUrl } from '../src/platform/links.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { holdsDemo, prepareDemo } from '../src/seed/demo-mode.ts';
import { createOwner, type OwnerInput } from '../src/seed/owner.ts';
import { Browser } from './harness.ts';

/**
 * Demo mode (issue 13, finding 5): the demo is seeded only on an empty
 * embedded database (not with SEED_DEMO=0 nor on DATABASE_URL's server), in
 * one transaction, and says so at start; the server listens on this machine
 * unless HOST says otherwise; outside demo mode the first owner comes from
 * `npm run create-owner`.
 */

const SERVER_DIR = new URL('..', import.meta.url).pathname;
const temporaryDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'op-demo-mode-'));
  temporaryDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<Database> {
  const database = wrapPglite(await openPglite(undefined));
  await database.migrate();
  return database;
}

const countOf = async (db: Database['db'], table: typeof practices | typeof users) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

const OWNER: OwnerInput = {
  practiceName: 'Lakeside Family Therapy',
  firstName: 'Rosa',
  lastName: 'Lindqvist',
  username: 'rosa.lindqvist',
  email: 'rosa@lakeside.example',
  password: 'plum-Orchard-71-Kestrel',
  timezone: 'America/Chicago',
};

describe('configuration', () => {
  it('listens on 127.0.0.1 unless HOST is set', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('builds links from PUBLIC_URL; the local address only in demo mode; else refuses', () => {
    expect(resolvePublicUrl({ publicUrl: undefined, demoMode: true, port: 4100 })).toBe(
      'http://localhost:4100',
    );
    expect(
      resolvePublicUrl({ publicUrl: 'https://p.example.com/', demoMode: true, port: 4100 }),
    ).toBe('https://p.example.com');
    expect(() => resolvePublicUrl({ publicUrl: undefined, demoMode: false, port: 4100 })).toThrow(
      /PUBLIC_URL/,
    );
  });
});

describe('seeding the demo', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('seeds nothing with SEED_DEMO=0, nor on a server (DATABASE_URL) without SEED_DEMO=1', async () => {
    expect(await prepareDemo(database, false)).toEqual({ seeded: false, demoMode: false });
    const asServer = { db: database.db, kind: 'postgres' as const };
    expect(await prepareDemo(asServer, undefined)).toEqual({ seeded: false, demoMode: false });
    expect(await countOf(database.db, practices)).toBe(0);
    expect(await countOf(database.db, users)).toBe(0);
  });

  it('rolls back entirely when the seed fails midway, and seeds again on the next start', async () => {
    const failure = new Error('killed mid-seed');
    await expect(
      prepareDemo(database, undefined, (step) => {
        if (step === 'clients') throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await countOf(database.db, practices)).toBe(0);
    expect(await countOf(database.db, users)).toBe(0);
    expect((await database.db.select({ n: count() }).from(clients))[0]?.n).toBe(0);
    expect(await holdsDemo(database.db)).toBe(false);

    expect(await prepareDemo(database, undefined)).toEqual({ seeded: true, demoMode: true });
    expect(await countOf(database.db, practices)).toBe(2);
    // A second start finds it done: no second copy, still demo mode.
    expect(await seedDemo(database.db)).toBe(false);
    expect(await prepareDemo(database, false)).toEqual({ seeded: false, demoMode: true });
  });

  it('refuses to add a real owner beside the demo accounts', async () => {
    await expect(createOwner(database.db, OWNER)).rejects.toThrow(/demo practices/);
  });
});

describe('the first owner outside demo mode', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it.each([
    ['too short', 'Sh0rt!', /at least 10/],
    ['the published demo password', DEMO_PASSWORD, /demo password/],
    ['containing the username', 'rosa.lindqvist-2026!', /username/],
    ['one repeated character', 'aaaaaaaaaaaa', /too few/],
  ])('refuses a weak password: %s', async (_name, password, message) => {
    await expect(createOwner(database.db, { ...OWNER, password })).rejects.toThrow(message);
    expect(await countOf(database.db, users)).toBe(0);
  });

  it('creates the practice and an owner who signs in through the API', async () => {
    await createOwner(database.db, OWNER);
    const app = await buildApp({ database, logLevel: 'silent', publicUrl: 'https://x.example' });
    try {
      const browser = new Browser(app);
      const response = await browser.signIn('Rosa.Lindqvist', OWNER.password);
      expect(response.statusCode, response.body).toBe(200);
      const identity = (await browser.get('/api/user/identity')).json();
      expect(identity.isAuthenticated).toBe(true);
      expect(JSON.stringify(identity)).toContain('customer.owner');
      expect((await browser.get('/api/config')).json().demoMode).toBe(false);
      expect(await holdsDemo(database.db)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('refuses a taken username', async () => {
    await expect(createOwner(database.db, OWNER)).rejects.toThrow(/taken/);
  });
});

// --- The real commands, as child processes ------------------------------------------
// They use the embedded database whatever the run, so the PostgreSQL run (TEST_DATABASE_URL)
// would only repeat them.
const describeCommands = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));

type Run = { code: number | null; output: string };

function run(script: string, env: Record<string, string>, args: string[] = [], stdin = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(stdin);
  let exited = false;
  const done = new Promise<Run>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve({ code, output });
    }),
  );
  return { child, done, output: () => output, exited: () => exited };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor(
  text: string,
  process: { output: () => string; exited: () => boolean },
  // Migrating and seeding a fresh embedded database took 98 s with CI's other suites running
  // (load average 13) and over 150 s once: the test is of what start does, not how fast.
  timeoutMs = 300_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!process.output().includes(text)) {
    if (process.exited() || Date.now() > until)
      throw new Error(`no "${text}" in the output:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeCommands('npm start on an empty embedded database', () => {
  it('seeds the demo, says DEMO MODE, listens on 127.0.0.1 only, and flags it in /api/config', async () => {
    const port = await freePort();
    const server = run('src/main.ts', { DATA_DIR: tempDir(), PORT: String(port) });
    try {
      await waitFor('DEMO MODE', server);
      const output = server.output();
      expect(output).toContain(`Server listening at http://127.0.0.1:${port}`);
      expect(output).not.toContain('0.0.0.0');
      expect(output).toContain('Demo practices created');
      expect(output).toContain(`share the published password\n${DEMO_PASSWORD}`);
      expect(output).toContain('Do not store real client information here.');
      const config = await fetch(`http://127.0.0.1:${port}/api/config`);
      expect(await config.json()).toMatchObject({ demoMode: true });
    } finally {
      server.child.kill('SIGTERM');
      await server.done;
    }
  }, 360_000);
});

describeCommands('npm run create-owner', () => {
  it('creates a working sign-in with a generated password; start then needs PUBLIC_URL', async () => {
    const dataDir = tempDir();
    const created = await run('src/create-owner.ts', { DATA_DIR: dataDir }, [
      '--practice',
      OWNER.practiceName,
      '--first-name',
      OWNER.firstName,
      '--last-name',
      OWNER.lastName,
      '--username',
      OWNER.username,
      '--email',
      OWNER.email,
    ]).done;
    expect(created.code, created.output).toBe(0);
    const password = /write it down\): (\S+)/.exec(created.output)?.[1];
    expect(password).toMatch(/^[\w-]{20,}$/);

    // Not demo mode: the server refuses to start without PUBLIC_URL, naming it.
    const port = await freePort();
    const refused = await run('src/main.ts', { DATA_DIR: dataDir, PORT: String(port) }).done;
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(PUBLIC_URL_REQUIRED);
    expect(refused.output).not.toContain('DEMO MODE');

    const database = await openDatabase({ dataDir });
    const app = await buildApp({ database, logLevel: 'silent', publicUrl: 'https://x.example' });
    try {
      expect(await countOf(database.db, practices)).toBe(1);
      const response = await new Browser(app).signIn(OWNER.username, password);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 360_000);
});
