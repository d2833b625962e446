import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { CHANGE_PASSWORD_MESSAGES } from '../src/modules/identity/change-password-routes.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Changing one's own password on the real database (issue 21 item 5): the current password is
 * required, the new one follows the staff password rules, the account's other sessions end
 * (within the session cache's life) while this one stays, and it is audited; bad input names
 * its field and changes nothing; it needs the CSRF token and a signed-in user.
 */

let t: TestApp;
const NEW_PASSWORD = 'Quayside-beacon-2033';

const change = (browser: Browser, currentPassword: string, newPassword: string) =>
  browser.post('/api/user/changePassword', { currentPassword, newPassword });

async function untilRefused(browser: Browser): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 2_000) {
    if ((await browser.get('/api/user/contact')).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the other session still works after 2 s');
}

beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(() => t.close());

describe('changing one’s password', () => {
  it('needs the current password, ends the other sessions, keeps this one and signs in with the new one', async () => {
    const here = await signedIn(t.app, 'therapist2');
    const elsewhere = await signedIn(t.app, 'therapist2');
    expect((await elsewhere.get('/api/user/contact')).statusCode).toBe(200);
    const answer = await change(here, DEMO_PASSWORD, NEW_PASSWORD);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', endedSessions: 1 });
    expect((await here.get('/api/user/contact')).statusCode).toBe(200);
    expect(await untilRefused(elsewhere)).toBeLessThan(1_000);
    expect((await new Browser(t.app).signIn('therapist2', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await new Browser(t.app).signIn('therapist2', NEW_PASSWORD)).statusCode).toBe(200);
    const [audit] = await rowsOf<{ detail: { endedSessions: number } }>(
      t.database.db,
      sql`select detail from audit_log where action = 'auth.password_changed' order by id desc limit 1`,
    );
    expect(audit?.detail.endedSessions).toBe(1);
  });

  it.each([
    [
      'a wrong current password',
      'not-the-password',
      NEW_PASSWORD,
      'currentPassword',
      CHANGE_PASSWORD_MESSAGES.wrongCurrent,
    ],
    [
      'a short new password',
      DEMO_PASSWORD,
      'short',
      'newPassword',
      'Must be at least 10 characters',
    ],
    [
      'the username inside',
      DEMO_PASSWORD,
      'scheduler-2033!',
      'newPassword',
      'The password must not contain the username.',
    ],
    [
      'the same password',
      DEMO_PASSWORD,
      DEMO_PASSWORD,
      'newPassword',
      CHANGE_PASSWORD_MESSAGES.same,
    ],
    ['no current password', '', NEW_PASSWORD, 'currentPassword', 'This is required.'],
  ])(
    'refuses %s, naming the field, and changes nothing',
    async (_case, current, next, field, message) => {
      const browser = await signedIn(t.app, 'scheduler');
      const answer = await change(browser, current, next);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(field);
      expect(answer.body).toContain(message);
      expect((await new Browser(t.app).signIn('scheduler', DEMO_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('needs the CSRF token and a signed-in user', async () => {
    const browser = await signedIn(t.app, 'frontoffice');
    const noToken = await browser.post(
      '/api/user/changePassword',
      { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    const anonymous = await change(new Browser(t.app), DEMO_PASSWORD, NEW_PASSWORD);
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await new Browser(t.app).signIn('frontoffice', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
