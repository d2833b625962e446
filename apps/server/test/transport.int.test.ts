import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { clients, outboundEmails } from '../src/db/schema/index.ts';
import { NAMED_CLIENTS } from '../src/seed/demo-clients.ts';
import { Browser, signedIn, testApp, testDatabase, type TestApp } from './harness.ts';

/**
 * Transport details (issue 13, finding 12): HSTS only over HTTPS, the
 * `__Host-` session cookie on HTTPS, the API document for staff only, and
 * email links built from the configured public address, never the Host header.
 */

const HTTPS = { 'x-forwarded-proto': 'https' };

let t: TestApp;
beforeAll(async () => {
  // light-my-request's requests come from 127.0.0.1: that is the trusted proxy here.
  t = await testApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => t.close());

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent over HTTPS (the proxy says so and is trusted)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: HTTPS });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('is not sent when an untrusted caller claims HTTPS', async () => {
    const direct = await testApp();
    try {
      const response = await direct.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: HTTPS,
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});

describe('the session cookie on HTTPS', () => {
  const signInOverHttps = (browser: Browser) =>
    browser.request(
      'POST',
      '/api/public/auth/doLogin',
      { user_username: 'owner', user_password: 'DemoPass!2026' },
      { csrf: false, headers: HTTPS },
    );

  it('is named with the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const response = await signInOverHttps(new Browser(t.app));
    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((c) => c.name)).not.toContain('op_session');
    const cookie = response.cookies.find((c) => c.name === '__Host-op_session');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie?.domain).toBeUndefined();
  });

  it('is read back on HTTPS, and the unprefixed name is not', async () => {
    const browser = new Browser(t.app);
    await signInOverHttps(browser);
    const token = browser.cookie('__Host-op_session');
    expect(token).toBeTruthy();
    const identity = (cookie: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/user/identity', headers: { cookie, ...headers } });
    expect((await identity(`__Host-op_session=${token}`, HTTPS)).json().isAuthenticated).toBe(true);
    // A cookie without the prefix could have been planted by a sibling host or over HTTP.
    expect((await identity(`op_session=${token}`, HTTPS)).json().isAuthenticated).toBe(false);
  });

  it('is cleared under its own name at sign-out', async () => {
    const browser = new Browser(t.app);
    await signInOverHttps(browser);
    browser.csrf = (await browser.get('/api/user/csrf', HTTPS)).json().token;
    const out = await browser.request('POST', '/api/logout', {}, { headers: HTTPS });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === '__Host-op_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.secure).toBe(true);
  });

  it('keeps the plain name over HTTP (the __Host- prefix needs Secure)', async () => {
    const response = await new Browser(t.app).signIn('owner');
    expect(response.cookies.map((c) => c.name)).toContain('op_session');
  });

  it('binds the anonymous CSRF token to a __Host- cookie too', async () => {
    const browser = new Browser(t.app);
    const response = await browser.get('/api/user/csrf', HTTPS);
    const cookie = response.cookies.find((c) => c.name === '__Host-op_csrf');
    expect(cookie).toMatchObject({ secure: true, path: '/' });
  });
});

describe('the API document /api/docs', () => {
  it('asks an anonymous caller to sign in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
  });

  it('refuses a portal client', async () => {
    const client = await signedIn(t.app, 'client1');
    expect((await client.get('/api/docs')).statusCode).toBe(403);
  });

  it.each(['owner', 'frontoffice', 'support'])('is served to staff (%s)', async (username) => {
    const staff = await signedIn(t.app, username);
    const response = await staff.get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);
  });
});

describe('links in emails', () => {
  let database: Database;
  let app: FastifyInstance;
  let clientId: number;

  beforeAll(async () => {
    database = await testDatabase();
    app = await buildApp({
      database,
      logLevel: 'silent',
      publicRateLimit: 10_000,
      publicUrl: 'https://practice.example.com/',
    });
    const person = NAMED_CLIENTS.portalClient;
    const [row] = await database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.firstName, person.firstName), eq(clients.lastName, person.lastName)));
    clientId = row!.id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const lastEmailBody = async () => {
    const [row] = await database.db
      .select({ body: outboundEmails.body })
      .from(outboundEmails)
      .where(eq(outboundEmails.clientId, clientId))
      .orderBy(desc(outboundEmails.id))
      .limit(1);
    return row?.body ?? '';
  };

  it.each([
    ['resetPassword', '/n/public/resetPassword'],
    ['sendActivationLink', '/n/public/activate'],
  ])(
    '%s links to PUBLIC_URL even when the request says Host: evil.example',
    async (action, path) => {
      const manager = await signedIn(app, 'manager');
      const response = await manager.post(
        `/api/patient/${action}?patientId=${clientId}`,
        {},
        {
          headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        },
      );
      expect(response.statusCode).toBe(200);
      const body = await lastEmailBody();
      expect(body).toContain(`https://practice.example.com${path}?token=`);
      expect(body).not.toContain('evil.example');
    },
  );

  it('never takes the Host header when no public address is configured', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post(
      `/api/patient/resetPassword?patientId=${clientId}`,
      {},
      {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ body: outboundEmails.body })
      .from(outboundEmails)
      .where(eq(outboundEmails.clientId, clientId))
      .orderBy(desc(outboundEmails.id))
      .limit(1);
    expect(row?.body).toMatch(/http:\/\/localhost:\d+\/n\/public\/resetPassword\?token=/);
    expect(row?.body).not.toContain('evil.example');
  });
});
