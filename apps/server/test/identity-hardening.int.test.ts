import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clients,
  impersonations,
  outboundEmails,
  sessions,
  users,
} from '../src/db/schema/index.ts';
import { readConfig } from '../src/config.ts';
import { SIGN_IN_LOCKED } from '../src/modules/identity/sign-in.ts';
import {
  ADDRESS_BRAKE_FAILURES,
  ADDRESS_BRAKE_MESSAGE,
  DEVICE_COOKIE,
} from '../src/modules/identity/sign-in-brakes.ts';
import { NOT_WHILE_IMPERSONATING } from '../src/platform/impersonation.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { NAMED_CLIENTS } from '../src/seed/demo-clients.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const REASON = 'Ticket 4821: the manager cannot see the week view.';

const userIdOf = async (username: string) => {
  const [row] = await t.database.db
    .select({ id: users.id, practiceId: users.practiceId })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return { id: row.id, practiceId: row.practiceId! };
};

const impersonate = (support: Browser, userId: number, practiceId: number, reason?: unknown) =>
  support.post('/api/system/impersonateUser/default', {
    user_id: userId,
    practice_id: practiceId,
    ...(reason === undefined ? {} : { reason }),
  });

async function actingAsManager() {
  const support = await signedIn(t.app, 'support');
  const manager = await userIdOf('manager');
  const response = await impersonate(support, manager.id, manager.practiceId, REASON);
  expect(response.statusCode).toBe(200);
  return { support, manager, supportId: (await userIdOf('support')).id };
}

describe('starting an impersonation', () => {
  it.each([
    ['missing', undefined],
    ['empty', '   '],
    ['longer than 500 characters', 'x'.repeat(501)],
  ])('requires a reason (%s): 400 naming reason', async (_label, reason) => {
    const support = await signedIn(t.app, 'support');
    const manager = await userIdOf('manager');
    const response = await impersonate(support, manager.id, manager.practiceId, reason);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'reason' });
    expect((await support.get('/api/user/identity')).json().impersonating).toBe(false);
  });

  it('refuses to act as a client (a portal user), and does not offer clients', async () => {
    const support = await signedIn(t.app, 'support');
    const client = await userIdOf('client1');
    const response = await impersonate(support, client.id, client.practiceId, REASON);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Support cannot act as a client: only practice staff can be impersonated.',
    );
    expect((await support.get('/api/user/identity')).json().impersonating).toBe(false);
    const offered = (
      await support.get(`/api/system/impersonation/users?practiceId=${client.practiceId}`)
    ).json().data as { type: string }[];
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((u) => u.type === 'staff')).toBe(true);
  });

  it('records who, whom, where, why and until when, and puts the reason on the audit row', async () => {
    const { support, manager, supportId } = await actingAsManager();
    const [row] = await t.database.db
      .select()
      .from(impersonations)
      .orderBy(desc(impersonations.id))
      .limit(1);
    expect(row).toMatchObject({
      supportUserId: supportId,
      impersonatedUserId: manager.id,
      practiceId: manager.practiceId,
      reason: REASON,
      endedAt: null,
    });
    expect(row!.endsAt.getTime() - row!.startedAt.getTime()).toBe(60 * MINUTE);
    const [start] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.impersonation_start'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(start).toMatchObject({ actorUserId: manager.id, impersonatorUserId: supportId });
    expect(start!.detail).toMatchObject({ impersonationId: row!.id, reason: REASON });
    const identity = (await support.get('/api/user/identity')).json();
    expect(identity.impersonationEndsAt).toBe(row!.endsAt.toISOString());
    await support.post('/api/system/impersonateUser/stop');
    const [ended] = await t.database.db
      .select()
      .from(impersonations)
      .where(eq(impersonations.id, row!.id));
    expect(ended!.endedAt).not.toBeNull();
  });
});

describe('while impersonating', () => {
  it('ends after 60 minutes: the session goes back to the support user', async () => {
    const { support, supportId } = await actingAsManager();
    t.clock.advance(30 * MINUTE);
    expect((await support.get('/api/user/identity')).json().impersonating).toBe(true);
    t.clock.advance(29 * MINUTE);
    expect((await support.get('/api/practice/listTherapists')).statusCode).toBe(200);
    t.clock.advance(1 * MINUTE);
    expect((await support.get('/api/practice/listTherapists')).statusCode).toBe(403);
    expect((await support.get('/api/user/identity')).json()).toMatchObject({
      isAuthenticated: true,
      impersonating: false,
      id: supportId,
      type: 'support',
      impersonationEndsAt: null,
    });
    const [row] = await t.database.db
      .select()
      .from(impersonations)
      .orderBy(desc(impersonations.id))
      .limit(1);
    expect(row!.endedAt?.getTime()).toBe(row!.endsAt.getTime());
    const [end] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.impersonation_end'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(end!.impersonatorUserId).toBe(supportId);
    expect(end!.detail).toMatchObject({ impersonationId: row!.id, cause: 'time_limit' });
  });

  it('refuses Verify Password, with either person’s password, and verifies nothing', async () => {
    const { support } = await actingAsManager();
    // Every demo user shares DEMO_PASSWORD: support's own password must not count.
    const response = await support.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_WHILE_IMPERSONATING);
    expect(
      (await support.get('/api/user/passwordRecentlyVerified')).json().hasRecentlyVerifiedPassword,
    ).toBe(false);
    const verifiedAt = await t.database.db
      .select({ at: sessions.passwordVerifiedAt })
      .from(sessions)
      .where(eq(sessions.userId, (await userIdOf('support')).id));
    expect(verifiedAt.every((s) => s.at === null)).toBe(true);
  });

  it("refuses a client's password reset and turning off their two-factor sign-in", async () => {
    const { support } = await actingAsManager();
    const [chris] = await t.database.db
      .select({ id: clients.id, twoFactorType: clients.twoFactorType })
      .from(clients)
      .where(
        and(
          eq(clients.firstName, NAMED_CLIENTS.portalClient.firstName),
          eq(clients.lastName, NAMED_CLIENTS.portalClient.lastName),
        ),
      );
    const emailsBefore = await t.database.db.$count(outboundEmails);
    for (const path of ['/api/patient/resetPassword', '/api/patient/disableTwoFactorAuth']) {
      const response = await support.post(path, { patientId: chris!.id });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_WHILE_IMPERSONATING);
    }
    expect(await t.database.db.$count(outboundEmails)).toBe(emailsBefore);
    const [after] = await t.database.db
      .select({ twoFactorType: clients.twoFactorType })
      .from(clients)
      .where(eq(clients.id, chris!.id));
    expect(after!.twoFactorType).toBe(chris!.twoFactorType);
  });

  it('names both people on every audit row written meanwhile', async () => {
    const [before] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const { support, manager, supportId } = await actingAsManager();
    await support.get('/api/practice/listTherapists');
    await support.get('/api/calendar/getMyCalendars');
    await support.post('/api/user/verifyPassword', { password: 'nope' });
    await support.post('/api/system/impersonateUser/stop');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, before!.id))
      .orderBy(auditLog.id);
    const during = rows.filter((r) => r.action !== 'auth.sign_in');
    expect(during.map((r) => r.action)).toContain('auth.impersonation_start');
    expect(during.map((r) => r.action)).toContain('auth.impersonation_end');
    for (const row of during) {
      expect({ action: row.action, actor: row.actorUserId, by: row.impersonatorUserId }).toEqual({
        action: row.action,
        actor: manager.id,
        by: supportId,
      });
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes the proxies’ addresses and refuses the old 1/true form', () => {
    expect(readConfig({}).trustProxy).toEqual([]);
    expect(readConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const old of ['1', 'true', 'yes', '10.0.0.300', '10.0.0.0/33']) {
      expect(() => readConfig({ TRUST_PROXY: old })).toThrow(/TRUST_PROXY/);
    }
  });

  const failedSignInIp = async (
    app: TestApp['app'],
    remoteAddress: string,
    forwardedFor: string,
  ) => {
    const username = `probe-${Math.random().toString(36).slice(2)}`;
    await app.inject({
      method: 'POST',
      url: '/api/public/auth/doLogin',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { user_username: username, user_password: 'wrong' },
    });
    const [row] = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sign_in_failed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row?.ip;
  };

  it('by default believes no X-Forwarded-For', async () => {
    expect(await failedSignInIp(t.app, '127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const proxied = await testApp({ trustProxy: ['10.0.0.5'] });
    const ipOf = async (remoteAddress: string, forwardedFor: string) => {
      await proxied.app.inject({
        method: 'POST',
        url: '/api/public/auth/doLogin',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { user_username: 'nobody-at-all', user_password: 'wrong' },
      });
      const [row] = await proxied.database.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.sign_in_failed'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row?.ip;
    };
    try {
      expect(await ipOf('10.0.0.5', '203.0.113.7')).toBe('203.0.113.7');
      expect(await ipOf('198.51.100.9', '203.0.113.8')).toBe('198.51.100.9');
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-in brakes', () => {
  const attempt = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/auth/doLogin',
      remoteAddress,
      payload: { user_username: username, user_password: password },
    });

  it('stops an address after 20 failed sign-ins in 15 minutes: 429 with Retry-After', async () => {
    const address = '198.51.100.20';
    expect(ADDRESS_BRAKE_FAILURES).toBe(20);
    for (let i = 0; i < ADDRESS_BRAKE_FAILURES; i++) {
      expect((await attempt(address, `spray-${i}`, 'wrong')).statusCode).toBe(401);
    }
    t.clock.advance(MINUTE);
    const braked = await attempt(address, 'therapist1', DEMO_PASSWORD);
    expect(braked.statusCode).toBe(429);
    expect(braked.json().message).toBe(ADDRESS_BRAKE_MESSAGE);
    expect(Number(braked.headers['retry-after'])).toBe(14 * 60);
    expect((await attempt('198.51.100.21', 'therapist1', DEMO_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(14 * MINUTE);
    expect((await attempt(address, 'therapist1', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('sets a long-lived HttpOnly device cookie at sign-in', async () => {
    const response = await new Browser(t.app).signIn('therapist2');
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / (24 * 3_600_000);
    expect(days).toBeGreaterThan(300);
  });

  it("a stranger's five failures lock strangers only; the user's own browser still signs in", async () => {
    const own = await signedIn(t.app, 'therapist3');
    await own.post('/api/logout');
    const stranger = new Browser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await stranger.signIn('therapist3', 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await stranger.signIn('therapist3')).json().message).toBe(SIGN_IN_LOCKED);

    expect((await own.signIn('therapist3')).statusCode).toBe(200);
    expect((await stranger.signIn('therapist3')).statusCode).toBe(429);

    // A forged or borrowed device cookie does not make a stranger known.
    const forger = new Browser(t.app);
    const genuine = own.cookie(DEVICE_COOKIE)!;
    forger.setCookie(DEVICE_COOKIE, genuine.slice(0, -2) + (genuine.endsWith('A') ? 'BB' : 'AA'));
    expect((await forger.signIn('therapist3')).statusCode).toBe(429);
    const otherUser = await signedIn(t.app, 'therapist4');
    const borrowed = new Browser(t.app);
    borrowed.setCookie(DEVICE_COOKIE, otherUser.cookie(DEVICE_COOKIE)!);
    expect((await borrowed.signIn('therapist3')).statusCode).toBe(429);
  });

  it('counts the known device apart: its own five failures lock that device alone', async () => {
    const own = await signedIn(t.app, 'therapist5');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await own.signIn('therapist5', 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await own.signIn('therapist5')).statusCode).toBe(429);
    expect((await new Browser(t.app).signIn('therapist5')).statusCode).toBe(200);
  });
});
