import { sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';
import { signInAtProvider, startLocalOidc, type LocalOidc } from './local-oidc.ts';

/**
 * Single sign-on (issue 16 item 7) against a real OpenID provider on this
 * machine (oidc-provider): the settings (owners and managers only, the
 * secret never sent back, an issuer that does not answer refused with nothing
 * saved), and sign-in (PKCE, state, nonce and issuer checked; only a
 * verified email of an active staff account of the same practice).
 */

const SETTINGS = '/api/practice/sso/settings';
const CALLBACK = 'http://localhost:3000/api/public/auth/sso/callback';

let t: TestApp;
let idp: LocalOidc;
/** Answers a discovery document that names another issuer than its own address. */
let liar: Server;
let liarHostPort: string;
const logLines: string[] = [];

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    }),
  );

const settingsBody = (over: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  allowedDomains: ['example.com'],
  enabled: true,
  requireForStaff: false,
  ...over,
});

async function audits(action: string) {
  return rowsOf<{
    practice_id: number | null;
    actor_user_id: number | null;
    detail: Record<string, unknown>;
  }>(
    t.database.db,
    sql`select practice_id, actor_user_id, detail from audit_log where action = ${action} order by id`,
  );
}

async function userId(username: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id from users where username = ${username}`,
  );
  if (!row) throw new Error(username);
  return row.id;
}

/** Starts a sign-in in a fresh browser; returns the browser and the provider's address. */
async function start(email: string) {
  const browser = new Browser(t.app);
  const response = await browser.post('/api/public/auth/sso/start', { email });
  expect(response.statusCode, response.body).toBe(200);
  return {
    browser,
    authorizationUrl: response.json<{ authorizationUrl: string }>().authorizationUrl,
  };
}

/** Brings the provider's answer back to the app in `browser`. */
async function callback(browser: Browser, url: URL) {
  const response = await browser.get(`${url.pathname}${url.search}`);
  expect(response.statusCode).toBe(302);
  // The app loads afresh after the redirect and takes the new session's CSRF token.
  browser.csrf = undefined;
  return String(response.headers.location);
}

async function identityOf(browser: Browser) {
  return (await browser.get('/api/user/identity')).json<{
    isAuthenticated: boolean;
    id: number | null;
  }>();
}

beforeAll(async () => {
  idp = await startLocalOidc({ redirectUris: [CALLBACK] });
  liar = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        issuer: 'https://someone-else.example',
        authorization_endpoint: 'https://someone-else.example/auth',
        token_endpoint: 'https://someone-else.example/token',
        jwks_uri: 'https://someone-else.example/jwks',
        response_types_supported: ['code'],
      }),
    );
  });
  liarHostPort = `127.0.0.1:${String(await listen(liar))}`;
  for (const name of ['therapist1', 'therapist2', 'owner', 'owner2']) {
    idp.accounts.set(`${name}@example.com`, { email: `${name}@example.com` });
  }
  idp.accounts.set('therapist3@example.com', {
    email: 'therapist3@example.com',
    emailVerified: false,
  });
  t = await testApp({
    outboundFetch: { allowPrivate: [idp.hostPort, liarHostPort, '127.0.0.1:9'], timeoutMs: 3000 },
    logStream: { write: (line) => logLines.push(line) },
    logLevel: 'trace',
  });
});

afterAll(async () => {
  await t.close();
  await idp.close();
  await new Promise((resolve) => liar.close(resolve));
});

describe('single sign-on settings', () => {
  it('only owners and managers may read or change them', async () => {
    for (const name of ['owner', 'manager']) {
      const browser = await signedIn(t.app, name);
      const read = await browser.get(SETTINGS);
      expect(read.statusCode).toBe(200);
      expect(
        read.json<{ data: { configured: boolean; redirectUri: string } }>().data,
      ).toMatchObject({
        configured: false,
        redirectUri: CALLBACK,
      });
    }
    for (const name of ['staffadmin', 'therapist1', 'scheduler', 'biller']) {
      const browser = await signedIn(t.app, name);
      expect((await browser.get(SETTINGS)).statusCode).toBe(403);
      expect((await browser.request('PUT', SETTINGS, settingsBody())).statusCode).toBe(403);
      expect(
        (await browser.post('/api/practice/sso/test', { issuer: idp.issuer })).statusCode,
      ).toBe(403);
      expect((await browser.request('DELETE', SETTINGS)).statusCode).toBe(403);
    }
    expect((await new Browser(t.app).get(SETTINGS)).statusCode).toBe(401);
  });

  it('tests the connection through the outbound guard', async () => {
    const manager = await signedIn(t.app, 'manager');
    const ok = await manager.post('/api/practice/sso/test', { issuer: idp.issuer });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: { issuer: string } }>().data.issuer).toBe(idp.issuer);

    const cases: [string, RegExp][] = [
      // The guard refuses a private address that the tests did not name.
      ['http://127.0.0.1:1/', /https:\/\//],
      ['https://127.0.0.1:1/', /did not answer/],
      // Allowed, but nothing listens there.
      ['http://127.0.0.1:9/', /did not answer/],
      // Answers, but its document names another issuer.
      [`http://${liarHostPort}`, /did not answer as an OpenID Connect provider/],
      ['not a url', /starting with https/],
    ];
    for (const [issuer, message] of cases) {
      const response = await manager.post('/api/practice/sso/test', { issuer });
      expect(response.statusCode, issuer).toBe(400);
      expect(response.json<{ field: string; message: string }>()).toMatchObject({
        field: 'issuer',
      });
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
  });

  it('refuses an issuer that does not answer and saves nothing', async () => {
    const manager = await signedIn(t.app, 'manager');
    for (const issuer of ['http://127.0.0.1:9/', `http://${liarHostPort}`]) {
      const response = await manager.request('PUT', SETTINGS, settingsBody({ issuer }));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ field: string }>().field).toBe('issuer');
    }
    const missing = await manager.request('PUT', SETTINGS, settingsBody({ allowedDomains: [] }));
    expect(missing.statusCode).toBe(400);
    const badDomain = await manager.request(
      'PUT',
      SETTINGS,
      settingsBody({ allowedDomains: ['@x'] }),
    );
    expect(badDomain.statusCode).toBe(400);
    const noSecret = await manager.request('PUT', SETTINGS, settingsBody({ clientSecret: '' }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json<{ field: string }>().field).toBe('clientSecret');
    const [count] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from practice_sso`,
    );
    expect(count?.n).toBe(0);
  });

  it('saves, keeps the secret encrypted and never sends it back', async () => {
    const manager = await signedIn(t.app, 'manager');
    const saved = await manager.request('PUT', SETTINGS, settingsBody());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(idp.clientSecret);
    expect(saved.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      allowedDomains: ['example.com'],
      enabled: true,
      requireForStaff: false,
    });
    const read = await manager.get(SETTINGS);
    expect(read.body).not.toContain(idp.clientSecret);
    const [stored] = await rowsOf<{ client_secret_encrypted: string }>(
      t.database.db,
      sql`select client_secret_encrypted from practice_sso`,
    );
    expect(stored?.client_secret_encrypted).toMatch(/^v1\./);
    expect(stored?.client_secret_encrypted).not.toContain(idp.clientSecret);
    // Saving again without a secret keeps the stored one.
    const again = await manager.request('PUT', SETTINGS, settingsBody({ clientSecret: undefined }));
    expect(again.statusCode, again.body).toBe(200);
    const rows = await audits('practice.sso_saved');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.actor_user_id).toBe(await userId('manager'));
    expect(rows[0]?.detail).toMatchObject({
      clientSecretChanged: true,
      allowedDomains: ['example.com'],
    });
    expect(rows[1]?.detail).toMatchObject({ clientSecretChanged: false });
    expect(JSON.stringify(rows)).not.toContain(idp.clientSecret);
    expect(logLines.join('\n')).not.toContain(idp.clientSecret);
  });

  it('refuses a domain another practice already signs in with', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const response = await owner2.request('PUT', SETTINGS, settingsBody());
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/example\.com already signs in/);
  });
});

describe('signing in through the provider', () => {
  it('signs a staff member in with a session like the password sign-in', async () => {
    const { browser, authorizationUrl } = await start('Therapist1@Example.com');
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const answer = await signInAtProvider(authorizationUrl, 'therapist1@example.com');
    expect(await callback(browser, answer)).toBe('/n/');
    const identity = await identityOf(browser);
    expect(identity).toMatchObject({ isAuthenticated: true, id: await userId('therapist1') });
    // The same kind of session: a CSRF token and a mutating call work.
    expect(
      (await browser.post('/api/user/verifyPassword', { password: 'wrong-password' })).statusCode,
    ).toBe(200);
    const rows = await audits('auth.sign_in');
    expect(rows.at(-1)).toMatchObject({
      actor_user_id: await userId('therapist1'),
      detail: { method: 'sso', issuer: idp.issuer },
    });
    // The provider's answer works once.
    expect(await callback(browser, answer)).toBe('/n/public/login?sso_error=expired');
  });

  it('refuses a wrong state, another browser, a wrong nonce and a wrong issuer', async () => {
    const before = (await audits('auth.sign_in')).length;

    const wrongState = await start('therapist1@example.com');
    const answer = await signInAtProvider(wrongState.authorizationUrl, 'therapist1@example.com');
    answer.searchParams.set('state', 'not-the-state-we-sent');
    expect(await callback(wrongState.browser, answer)).toBe('/n/public/login?sso_error=expired');
    expect((await identityOf(wrongState.browser)).isAuthenticated).toBe(false);

    const otherBrowser = await start('therapist1@example.com');
    const stolen = await signInAtProvider(otherBrowser.authorizationUrl, 'therapist1@example.com');
    expect(await callback(new Browser(t.app), stolen)).toBe('/n/public/login?sso_error=expired');

    const wrongNonce = await start('therapist1@example.com');
    const tampered = new URL(wrongNonce.authorizationUrl);
    tampered.searchParams.set('nonce', 'a-nonce-the-app-never-made');
    const nonceAnswer = await signInAtProvider(tampered.href, 'therapist1@example.com');
    expect(await callback(wrongNonce.browser, nonceAnswer)).toBe(
      '/n/public/login?sso_error=provider',
    );
    expect((await identityOf(wrongNonce.browser)).isAuthenticated).toBe(false);

    const wrongIssuer = await start('therapist1@example.com');
    const issuerAnswer = await signInAtProvider(
      wrongIssuer.authorizationUrl,
      'therapist1@example.com',
    );
    expect(issuerAnswer.searchParams.get('iss')).toBe(idp.issuer);
    issuerAnswer.searchParams.set('iss', 'https://someone-else.example');
    expect(await callback(wrongIssuer.browser, issuerAnswer)).toBe(
      '/n/public/login?sso_error=provider',
    );
    expect((await identityOf(wrongIssuer.browser)).isAuthenticated).toBe(false);

    expect(await audits('auth.sign_in')).toHaveLength(before);
    const failed = (await audits('auth.sign_in_failed')).map((r) => r.detail.reason);
    expect(failed).toEqual(expect.arrayContaining(['sso_state_mismatch', 'sso_rejected']));
    expect(failed.filter((reason) => reason === 'sso_rejected')).toHaveLength(2);
  });

  it('refuses an unverified email, another practice’s user and a disabled user', async () => {
    await t.database.db.execute(sql`update users set active = false where username = 'therapist2'`);
    const cases: [string, string, string][] = [
      ['therapist3@example.com', 'unverified', 'sso_email_unverified'],
      ['owner2@example.com', 'no_account', 'sso_no_account'],
      ['therapist2@example.com', 'no_account', 'sso_user_disabled'],
    ];
    for (const [email, error, reason] of cases) {
      const { browser, authorizationUrl } = await start(email);
      const answer = await signInAtProvider(authorizationUrl, email);
      expect(await callback(browser, answer), email).toBe(`/n/public/login?sso_error=${error}`);
      expect((await identityOf(browser)).isAuthenticated).toBe(false);
      const [last] = (await audits('auth.sign_in_failed')).slice(-1);
      expect(last?.detail).toMatchObject({ method: 'sso', reason });
      expect(last?.practice_id).toBe(
        (
          await rowsOf<{ practice_id: number }>(
            t.database.db,
            sql`select practice_id from users where username = 'owner'`,
          )
        )[0]?.practice_id,
      );
    }
    await t.database.db.execute(sql`update users set active = true where username = 'therapist2'`);
  });

  it('refuses an email whose domain has no single sign-on', async () => {
    const response = await new Browser(t.app).post('/api/public/auth/sso/start', {
      email: 'someone@not-configured.example',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field: string; message: string }>()).toMatchObject({
      field: 'email',
      message: expect.stringMatching(/not set up/),
    });
  });
});

describe('requiring single sign-on for staff', () => {
  it('refuses staff passwords, keeps the owners’ break-glass password, and still signs in by SSO', async () => {
    const owner = await signedIn(t.app, 'owner');
    const saved = await owner.request(
      'PUT',
      SETTINGS,
      settingsBody({ requireForStaff: true, clientSecret: undefined }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const therapist = new Browser(t.app);
    const refused = await therapist.signIn('therapist1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/requires single sign-on/);
    expect((await identityOf(therapist)).isAuthenticated).toBe(false);
    const [last] = (await audits('auth.sign_in_failed')).slice(-1);
    expect(last?.detail).toMatchObject({ reason: 'sso_required' });

    // A wrong password still reads as a wrong password (the rule says nothing to a guesser).
    const guess = await new Browser(t.app).signIn('therapist1', 'not-the-password-1');
    expect(guess.statusCode).toBe(401);

    const breakGlass = await new Browser(t.app).signIn('owner');
    expect(breakGlass.statusCode).toBe(200);
    const [ownerAudit] = (await audits('auth.sign_in')).slice(-1);
    expect(ownerAudit?.detail).toMatchObject({ method: 'password', breakGlass: true });

    const { browser, authorizationUrl } = await start('therapist1@example.com');
    const answer = await signInAtProvider(authorizationUrl, 'therapist1@example.com');
    expect(await callback(browser, answer)).toBe('/n/');

    // Turned off again: the password works.
    const off = await owner.request(
      'PUT',
      SETTINGS,
      settingsBody({ requireForStaff: false, clientSecret: undefined }),
    );
    expect(off.statusCode).toBe(200);
    expect((await new Browser(t.app).signIn('therapist1')).statusCode).toBe(200);
  });

  it('removing the provider ends single sign-on and is audited', async () => {
    const manager = await signedIn(t.app, 'manager');
    const removed = await manager.request('DELETE', SETTINGS);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ data: { configured: boolean } }>().data.configured).toBe(false);
    const [row] = (await audits('practice.sso_removed')).slice(-1);
    expect(row?.detail).toMatchObject({ removed: true, issuer: idp.issuer });
    const response = await new Browser(t.app).post('/api/public/auth/sso/start', {
      email: 'therapist1@example.com',
    });
    expect(response.statusCode).toBe(400);
  });
});
