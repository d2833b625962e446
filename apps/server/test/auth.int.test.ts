import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceSettings, users } from '../src/db/schema/index.ts';
import { SIGN_IN_FAILED, SIGN_IN_LOCKED } from '../src/modules/identity/sign-in.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe('sign-in', () => {
  it('signs in and returns the identity fields of spec-1 §3', async () => {
    const browser = new Browser(t.app);
    const response = await browser.signIn('therapist1');
    expect(response.statusCode).toBe(200);
    const { identity } = response.json();
    expect(identity).toMatchObject({
      isAuthenticated: true,
      type: 'staff',
      professionalName: 'Theresa Quinn, PsyD',
      email: 'therapist1@example.com',
      screenReader: false,
      isAgency: false,
      impersonating: false,
      impersonationType: null,
    });
    expect(identity.authorities).toEqual(
      expect.arrayContaining(['customer.therapist', 'customer.dosespot']),
    );
    expect(typeof identity.csrf).toBe('string');
    const again = await browser.get('/api/user/identity');
    expect(again.json()).toMatchObject({
      isAuthenticated: true,
      id: identity.id,
      practiceId: identity.practiceId,
    });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that ends with the browser by default', async () => {
    const response = await new Browser(t.app).signIn('therapist2');
    const cookie = response.cookies.find((c) => c.name === 'op_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
  });

  it('keeps the session past closing the browser with remember_me, until its 12-hour end', async () => {
    const response = await new Browser(t.app).signIn('therapist2', undefined, true);
    const cookie = response.cookies.find((c) => c.name === 'op_session');
    const hours = ((cookie?.expires?.getTime() ?? 0) - t.clock.now().getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const browser = await signedIn(t.app, 'therapist3');
    const first = browser.cookie('op_session')!;
    await browser.signIn('therapist3');
    const second = browser.cookie('op_session')!;
    expect(second).not.toBe(first);
    const replay = new Browser(t.app);
    replay.setCookie('op_session', first);
    expect((await replay.get('/api/user/contact')).statusCode).toBe(401);
  });

  it('rejects a wrong password and an unknown username with the same 401 message', async () => {
    const wrong = await new Browser(t.app).signIn('therapist4', 'not-it');
    const unknown = await new Browser(t.app).signIn('nobody-here', 'not-it');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 'error', message: SIGN_IN_FAILED });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('accepts the username in any case', async () => {
    expect((await new Browser(t.app).signIn('  Therapist5 ')).statusCode).toBe(200);
  });
});

describe('lockout', () => {
  it.each([
    ['an existing account', 'frontoffice'],
    ['an unknown username, exactly alike', 'ghost-user'],
  ])('locks %s for 15 minutes after 5 failures', async (_label, username) => {
    const browser = new Browser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await browser.signIn(username, 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await browser.signIn(username);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(SIGN_IN_LOCKED);
    t.clock.advance(14 * MINUTE);
    expect((await browser.signIn(username)).statusCode).toBe(429);
    t.clock.advance(2 * MINUTE);
    const after = await browser.signIn(username);
    expect(after.statusCode).toBe(username === 'frontoffice' ? 200 : 401);
  });

  it('stores failedLoginCount and loginLockExpiration on the user', async () => {
    const browser = new Browser(t.app);
    for (let i = 0; i < 5; i++) await browser.signIn('staffadmin', 'wrong');
    const [row] = await t.database.db
      .select({ count: users.failedLoginCount, until: users.loginLockExpiration })
      .from(users)
      .where(eq(users.username, 'staffadmin'));
    expect(row?.count).toBe(5);
    expect(row!.until!.getTime() - t.clock.now().getTime()).toBe(15 * MINUTE);
    t.clock.advance(16 * MINUTE);
    expect((await browser.signIn('staffadmin')).statusCode).toBe(200);
    const [reset] = await t.database.db
      .select({ count: users.failedLoginCount })
      .from(users)
      .where(eq(users.username, 'staffadmin'));
    expect(reset?.count).toBe(0);
  });
});

describe('sign-out and expiry', () => {
  it('ends the session on the server: a replayed cookie gets 401', async () => {
    const browser = await signedIn(t.app, 'biller');
    const cookie = browser.cookie('op_session')!;
    expect((await browser.post('/api/logout')).statusCode).toBe(200);
    const replay = new Browser(t.app);
    replay.setCookie('op_session', cookie);
    expect((await replay.get('/api/user/contact')).statusCode).toBe(401);
    expect((await replay.get('/api/user/identity')).json().isAuthenticated).toBe(false);
  });

  it('ends every session 12 hours after sign-in, however active', async () => {
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 0 });
    const browser = await signedIn(t.app, 'scheduler');
    for (let h = 0; h < 11; h++) {
      t.clock.advance(60 * MINUTE);
      expect((await browser.get('/api/user/contact')).statusCode).toBe(200);
    }
    t.clock.advance(61 * MINUTE);
    expect((await browser.get('/api/user/contact')).statusCode).toBe(401);
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 60 });
  });

  it("ends a session after the practice's inactivity minutes without a request", async () => {
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 5 });
    const browser = await signedIn(t.app, 'manager');
    t.clock.advance(4 * MINUTE);
    expect((await browser.get('/api/user/contact')).statusCode).toBe(200);
    t.clock.advance(4 * MINUTE);
    expect((await browser.get('/api/user/contact')).statusCode).toBe(200);
    t.clock.advance(5 * MINUTE + 1000);
    expect((await browser.get('/api/user/contact')).statusCode).toBe(401);
  });

  it('does not count background polls as activity', async () => {
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 5 });
    const browser = await signedIn(t.app, 'manager');
    t.clock.advance(3 * MINUTE);
    expect(
      (await browser.get('/api/user/contact', { 'x-background-request': '1' })).statusCode,
    ).toBe(200);
    t.clock.advance(3 * MINUTE);
    expect((await browser.get('/api/user/contact')).statusCode).toBe(401);
  });

  it('never ends an idle session when the practice limit is 0', async () => {
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 0 });
    const browser = await signedIn(t.app, 'manager');
    t.clock.advance(8 * 60 * MINUTE);
    expect((await browser.get('/api/user/contact')).statusCode).toBe(200);
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 60 });
  });
});

describe('CSRF', () => {
  it('hands out the token and the header to send it in', async () => {
    const response = await new Browser(t.app).get('/api/user/csrf');
    expect(response.json()).toMatchObject({
      headerName: 'x-csrf-token',
      token: expect.any(String),
    });
  });

  it.each([
    ['missing', undefined],
    ['wrong', 'forged-token'],
  ])('refuses a POST with a %s token: 403 csrf-expired', async (_label, token) => {
    const browser = await signedIn(t.app, 'owner');
    const response = await browser.request(
      'POST',
      '/api/user/verifyPassword',
      { password: 'x' },
      {
        csrf: false,
        headers: token ? { 'x-csrf-token': token } : {},
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      status: 'csrf-expired',
      message: expect.stringMatching(/\w/),
    });
  });

  it("refuses another session's token", async () => {
    const alice = await signedIn(t.app, 'owner');
    const bob = await signedIn(t.app, 'manager');
    await bob.refreshCsrf();
    const response = await alice.request(
      'POST',
      '/api/user/verifyPassword',
      { password: 'x' },
      {
        csrf: false,
        headers: { 'x-csrf-token': bob.csrf! },
      },
    );
    expect(response.statusCode).toBe(403);
  });

  it('accepts the right token', async () => {
    const browser = await signedIn(t.app, 'owner');
    expect((await browser.post('/api/user/verifyPassword', { password: 'x' })).statusCode).toBe(
      200,
    );
  });
});

describe('password re-verification and contact', () => {
  it('is not recent until verified, then is for 10 minutes', async () => {
    const browser = await signedIn(t.app, 'custodian');
    const recent = async () =>
      (await browser.get('/api/user/passwordRecentlyVerified')).json().hasRecentlyVerifiedPassword;
    expect(await recent()).toBe(false);
    expect((await browser.post('/api/user/verifyPassword', { password: 'wrong' })).json()).toEqual({
      verified: false,
    });
    expect(await recent()).toBe(false);
    expect(
      (await browser.post('/api/user/verifyPassword', { password: 'DemoPass!2026' })).json(),
    ).toEqual({ verified: true });
    expect(await recent()).toBe(true);
    t.clock.advance(11 * MINUTE);
    expect(await recent()).toBe(false);
  });

  it('returns the signed-in user contact details', async () => {
    const browser = await signedIn(t.app, 'therapist2');
    expect((await browser.get('/api/user/contact')).json()).toEqual({
      firstName: 'Daniel',
      lastName: 'Okafor',
      professionalName: 'Daniel Okafor, LCSW',
      email: 'therapist2@example.com',
      phone: '2075550100',
    });
  });
});
