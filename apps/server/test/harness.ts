import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openPostgres, PGLITE_EXTENSIONS, wrapPglite, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';

/** A clock the test moves by hand, shared by the app. */
export type TestClock = { now: () => Date; advance: (ms: number) => void; set: (d: Date) => void };

export function testClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}

/** pg's Pool.end() resolves before its sockets finish closing; wait for them rather than kill them. */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** A copy of the migrated, seeded template: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function testDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `op_test_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 5);
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropWhenIdle(admin, name);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({
    loadDataDir: new Blob([dump]),
    extensions: PGLITE_EXTENSIONS,
  });
  return wrapPglite(client);
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  /** A temporary DATA_DIR for this app's local files; removed on close. */
  dataDir: string;
  close: () => Promise<void>;
};

/** true: the proxy is the test's own address (light-my-request calls from 127.0.0.1). */
type TestTrustProxy = { trustProxy?: string[] | true };

export async function testApp(
  options: Pick<
    AppOptions,
    'publicRateLimit' | 'logStream' | 'logLevel' | 'mail' | 'fax' | 'outboundFetch' | 'stripe'
  > &
    TestTrustProxy = {},
): Promise<TestApp> {
  const database = await testDatabase();
  const clock = testClock();
  const dataDir = mkdtempSync(join(tmpdir(), 'op-data-'));
  const app = await buildApp({
    database,
    dataDir,
    now: clock.now,
    // Tests that read the log may ask for 'trace' to prove nothing leaks at any level.
    logLevel: options.logLevel ?? (options.logStream ? 'info' : 'silent'),
    publicRateLimit: options.publicRateLimit ?? 10_000,
    ...(options.trustProxy
      ? { trustProxy: options.trustProxy === true ? ['127.0.0.1'] : options.trustProxy }
      : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.fax ? { fax: options.fax } : {}),
    ...(options.outboundFetch ? { outboundFetch: options.outboundFetch } : {}),
    ...(options.stripe ? { stripe: options.stripe } : {}),
  });
  return {
    app,
    database,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in (or anonymous) browser: carries cookies and the CSRF token like the web app does. */
export class Browser {
  private cookies = new Map<string, string>();
  csrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (method !== 'GET' && options.csrf !== false) {
      if (!this.csrf) await this.refreshCsrf();
      if (this.csrf) headers['x-csrf-token'] = this.csrf;
      if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()))
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request('GET', url, undefined, headers ? { headers } : {});
  post = (
    url: string,
    body?: unknown,
    options?: { csrf?: boolean; headers?: Record<string, string> },
  ) => this.request('POST', url, body ?? {}, options);

  async refreshCsrf(): Promise<void> {
    const response = await this.request('GET', '/api/user/csrf');
    this.csrf = response.json<{ token: string }>().token;
  }

  async signIn(
    username: string,
    password = DEMO_PASSWORD,
    rememberMe = false,
  ): Promise<LightMyRequestResponse> {
    const response = await this.post(
      '/api/public/auth/doLogin',
      {
        user_username: username,
        user_password: password,
        user_rememberme: rememberMe ? 'remember_me' : 'remember_tillclose',
      },
      { csrf: false },
    );
    this.csrf = undefined;
    return response;
  }
}

export async function signedIn(app: FastifyInstance, username: string): Promise<Browser> {
  const browser = new Browser(app);
  const response = await browser.signIn(username);
  if (response.statusCode !== 200)
    throw new Error(`sign-in as ${username} failed: ${response.body}`);
  return browser;
}
