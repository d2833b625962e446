import { PASSWORD_RESET_REQUESTED } from '@openpractice/contracts/identity-password';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { outboundEmails, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * "Forgot password?" on the real database (issue 21 item 5): by username or email address, a
 * staff member gets the staff reset link and a client the portal's, each lasting an hour and
 * working once; the answer is the same whether or not an account matches, and nothing is sent
 * for an unknown name or a disabled account; the audit row counts links, naming no one.
 */

let t: TestApp;
const NEW_PASSWORD = 'Harbour-lantern-2031';

const answerOf = (username: string) =>
  new Browser(t.app).post('/api/public/auth/forgotPassword', { username });

async function mailCount(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from outbound_emails`,
  );
  return row?.n ?? 0;
}

async function newestMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.recipient, email))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  if (!mail) throw new Error(`no email to ${email}`);
  return mail;
}

function tokenIn(body: string, path: string): string {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=(\\S+)`).exec(body);
  if (!match?.[1]) throw new Error(`no link to ${path}`);
  return decodeURIComponent(match[1]);
}

async function userRow(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

beforeAll(async () => {
  t = await testApp();
}, 120_000);
afterAll(() => t.close());

describe('forgot password', () => {
  it('emails a staff member a link lasting an hour from the public address; the new password signs in', async () => {
    const staff = await userRow('scheduler');
    if (!staff.email) throw new Error('the demo scheduler has no email');
    const answer = await answerOf('Scheduler');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ message: string }>().message).toBe(PASSWORD_RESET_REQUESTED);
    const mail = await newestMailTo(staff.email);
    expect(mail.body).toContain('You asked for a link to choose a new password');
    expect(mail.body).toContain('within an hour');
    expect(mail.body).toMatch(/^http:\/\/localhost:\d+\/n\/public\/staff\/resetPassword\?token=/m);
    expect((await userRow('scheduler')).accountStatus).toBe('PASSWORD_RESET_LINK_SENT');
    // The old password still signs in until the link is used.
    expect((await new Browser(t.app).signIn('scheduler', DEMO_PASSWORD)).statusCode).toBe(200);
    const token = tokenIn(mail.body, '/n/public/staff/resetPassword');
    const set = await new Browser(t.app).post('/api/public/staff/setPassword', {
      token,
      password: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await new Browser(t.app).signIn('scheduler', NEW_PASSWORD)).statusCode).toBe(200);
    // The link works once.
    const again = await new Browser(t.app).post('/api/public/staff/setPassword', {
      token,
      password: `${NEW_PASSWORD}x`,
    });
    expect(again.statusCode).toBe(400);
  });

  it('finds a staff member by email address, whatever its case', async () => {
    const staff = await userRow('biller');
    if (!staff.email) throw new Error('the demo biller has no email');
    const before = await mailCount();
    expect((await answerOf(staff.email.toUpperCase())).statusCode).toBe(200);
    expect(await mailCount()).toBe(before + 1);
    expect((await newestMailTo(staff.email)).body).toContain(
      '/n/public/staff/resetPassword?token=',
    );
  });

  it('expires the link after an hour', async () => {
    const staff = await userRow('frontoffice');
    if (!staff.email) throw new Error('the demo front office user has no email');
    await answerOf('frontoffice');
    const token = tokenIn((await newestMailTo(staff.email)).body, '/n/public/staff/resetPassword');
    t.clock.advance(61 * 60_000);
    const late = await new Browser(t.app).post('/api/public/staff/setPassword', {
      token,
      password: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(400);
  });

  it('emails a client the portal’s reset link; the new password signs in to the portal', async () => {
    const before = await mailCount();
    expect((await answerOf('client1')).statusCode).toBe(200);
    expect(await mailCount()).toBe(before + 1);
    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .orderBy(desc(outboundEmails.id))
      .limit(1);
    if (!mail) throw new Error('no email');
    expect(mail.body).toContain('You asked for a link to choose a new password');
    const token = tokenIn(mail.body, '/n/public/resetPassword');
    const set = await new Browser(t.app).post('/api/public/portal/activate', {
      token,
      password: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await new Browser(t.app).signIn('client1', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same for a name no account has, and sends nothing', async () => {
    const before = await mailCount();
    const answer = await answerOf('nobody-at-all@example.com');
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ message: string }>().message).toBe(PASSWORD_RESET_REQUESTED);
    expect(await mailCount()).toBe(before);
  });

  it('sends nothing for a disabled account, with the same answer', async () => {
    const manager = await signedIn(t.app, 'manager');
    const staff = await userRow('staffadmin');
    const disabled = await manager.post(`/api/practice/staff/${staff.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    const before = await mailCount();
    expect((await answerOf('staffadmin')).statusCode).toBe(200);
    expect(await mailCount()).toBe(before);
  });

  it('asks for a username, naming the field, and audits how many links went without naming anyone', async () => {
    const empty = await new Browser(t.app).post('/api/public/auth/forgotPassword', {
      username: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('username');
    await answerOf('therapist2');
    const [row] = await rowsOf<{ detail: Record<string, unknown> }>(
      t.database.db,
      sql`select detail from audit_log where action = 'auth.password_reset_requested' order by id desc limit 1`,
    );
    expect(row?.detail).toMatchObject({ accounts: 1, linksSent: 1 });
    expect(JSON.stringify(row?.detail)).not.toContain('therapist2');
  });
});
