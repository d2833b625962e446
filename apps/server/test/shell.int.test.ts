import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, practiceSettings, supportTickets } from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('names the deployment, local by default, and says whether this is the demo', async () => {
    expect((await new Browser(t.app).get('/api/config')).json()).toEqual({
      environment: 'local',
      demoMode: false,
    });
  });
});

describe('navigation data', () => {
  it('is built from the database for the user', async () => {
    const owner = await signedIn(t.app, 'owner');
    const nav = (
      await owner.get('/api/dashboard/main/navigation?refreshNotifications=false')
    ).json();
    expect(nav.currentPractice).toMatchObject({ name: 'Riverbend Counseling Collective' });
    expect(nav.user).toMatchObject({
      displayedName: 'Olivia Owens',
      initials: 'OO',
      canSeeSettings: true,
      practiceName: 'Riverbend Counseling Collective',
    });
    expect(nav.features.inactivityLockoutMinutes).toBe(60);
    expect(nav.accountStanding).toMatchObject({
      inGoodStanding: true,
      currentUserIsResponsibleParty: true,
      lastPaymentAmount: 12900,
    });
    expect(nav.dashboardAlerts).toEqual([]);
  });

  it('warns the second practice that its card expires soon', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const nav = (await owner2.get('/api/dashboard/main/navigation')).json();
    expect(nav.dashboardAlerts).toEqual([
      expect.objectContaining({ id: 'card-expiring', severity: 'warning' }),
    ]);
  });

  it('is polled without keeping the session alive', async () => {
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 5 });
    const manager = await signedIn(t.app, 'manager');
    t.clock.advance(4 * 60_000);
    const poll = await manager.get('/api/dashboard/main/navigation?refreshNotifications=true', {
      'x-background-request': '1',
    });
    expect(poll.statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await manager.get('/api/dashboard/main/navigation')).statusCode).toBe(401);
    await t.database.db.update(practiceSettings).set({ inactivityLockoutMinutes: 60 });
  });
});

describe('PUT /api/practice/settings', () => {
  it('lets managers change the inactivity limit, audited', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.request('PUT', '/api/practice/settings', {
      inactivityLockoutMinutes: 15,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.inactivityLockoutMinutes).toBe(15);
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: 'practice.settings_changed',
      detail: { inactivityLockoutMinutes: { from: 60, to: 15 } },
    });
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (await owner2.get('/api/practice/listPracticeSettings')).json().data.inactivityLockoutMinutes,
    ).toBe(60);
  });

  it.each([[-1], [481], [1.5]])('refuses %s minutes with 400', async (minutes) => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.request('PUT', '/api/practice/settings', {
      inactivityLockoutMinutes: minutes,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('inactivityLockoutMinutes');
  });

  it('refuses a therapist', async () => {
    const therapist = await signedIn(t.app, 'therapist2');
    expect(
      (await therapist.request('PUT', '/api/practice/settings', { inactivityLockoutMinutes: 1 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('support tickets', () => {
  it('stores a report from a signed-in user with the page and error', async () => {
    const scheduler = await signedIn(t.app, 'scheduler');
    const response = await scheduler.post('/api/support/tickets', {
      subject: 'Error on the calendar',
      message: 'It broke when I clicked next week',
      pageUrl: '/n/schedule',
      errorMessage: 'TypeError: x is undefined',
    });
    expect(response.statusCode).toBe(201);
    const [ticket] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, response.json().id));
    expect(ticket).toMatchObject({
      subject: 'Error on the calendar',
      pageUrl: '/n/schedule',
      practiceId: 1,
      status: 'open',
    });
    expect(ticket?.userId).not.toBeNull();
  });

  it('accepts a report from a visitor who is not signed in, with the CSRF token', async () => {
    const visitor = new Browser(t.app);
    expect(
      (
        await visitor.post('/api/support/tickets', {
          subject: 'Hi',
          message: 'Broken',
          pageUrl: '/n/public/login',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await visitor.post(
          '/api/support/tickets',
          { subject: 'Hi', message: 'Broken', pageUrl: '/' },
          { csrf: false },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an empty message', async () => {
    const response = await new Browser(t.app).post('/api/support/tickets', {
      subject: 'Hi',
      message: '   ',
      pageUrl: '/',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'message',
      message: expect.stringContaining('This is required.'),
    });
  });
});
