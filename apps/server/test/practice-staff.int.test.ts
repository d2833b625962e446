import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  outboundEmails,
  staffAccountLinks,
  therapists,
  userAuthorities,
  users,
} from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
let manager: Browser;
let owner: Browser;
let staffadmin: Browser;

const PASSWORD = 'Harbour-lights-2026';
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

beforeAll(async () => {
  t = await testApp();
  manager = await signedIn(t.app, 'manager');
  owner = await signedIn(t.app, 'owner');
  staffadmin = await signedIn(t.app, 'staffadmin');
});
afterAll(() => t.close());

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function auditRows(action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
}

type Member = {
  userId: number;
  accountStatus: string;
  authorities: string[];
  active: boolean;
  manageable: boolean;
  therapist: { therapistId: number; supervisorIds: number[]; npi: string | null } | null;
};

async function invite(
  as: Browser,
  body: Partial<{ email: string; authorities: string[]; username: string }> = {},
) {
  const suffix = unique();
  return as.post('/api/practice/staff', {
    firstName: 'Tara',
    lastName: `Therapist${suffix}`,
    email: `tara.${suffix}@example.com`,
    authorities: ['customer.therapist'],
    ...body,
  });
}

async function tokenFor(email: string, path = '/n/public/staff/activate') {
  const [mail] = await t.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.recipient, email))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=(\\S+)`).exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error(`no link to ${path} in the email to ${email}`);
  return decodeURIComponent(match[1]);
}

describe('who may use the staff page', () => {
  it.each([
    ['owner', 200],
    ['manager', 200],
    ['staffadmin', 200],
    ['therapist1', 403],
    ['scheduler', 403],
    ['biller', 403],
    ['frontoffice', 403],
    ['custodian', 403],
  ])('%s lists staff: %i', async (username, status) => {
    const browser = await signedIn(t.app, username);
    expect((await browser.get('/api/practice/staff')).statusCode).toBe(status);
  });

  it('refuses an anonymous caller', async () => {
    expect((await new Browser(t.app).get('/api/practice/staff')).statusCode).toBe(401);
  });

  it.each(['therapist1', 'scheduler'])('%s cannot invite, and nothing is written', async (u) => {
    const browser = await signedIn(t.app, u);
    const before = await t.database.db.select({ id: users.id }).from(users);
    expect((await invite(browser)).statusCode).toBe(403);
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});

describe('the list', () => {
  it('holds the practice’s staff and external agents, never another practice’s', async () => {
    const body = (await manager.get('/api/practice/staff')).json<{
      data: { username: string; type: string; agentTherapistIds: number[] }[];
      grantable: string[];
    }>();
    const names = body.data.map((m) => m.username);
    expect(names).toEqual(expect.arrayContaining(['owner', 'manager', 'therapist1', 'staffadmin']));
    expect(names).not.toContain('owner2');
    expect(names).not.toContain('client1');
    expect(names).not.toContain('support');
    expect(body.data.find((m) => m.username === 'agent')?.agentTherapistIds).toHaveLength(2);
    expect(body.grantable).not.toContain('customer.owner');

    const other = await signedIn(t.app, 'owner2');
    const theirs = (await other.get('/api/practice/staff')).json<{
      data: { username: string }[];
    }>();
    expect(theirs.data.map((m) => m.username)).not.toContain('therapist1');
    const therapist1 = await userIdOf('therapist1');
    expect(
      (
        await other.request('PUT', `/api/practice/staff/${therapist1}/roles`, {
          authorities: ['customer.biller'],
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.post(`/api/practice/staff/${therapist1}/disable`)).statusCode).toBe(404);
  });

  it('a staff administrator may not grant owner or manager, nor touch a manager', async () => {
    const body = (await staffadmin.get('/api/practice/staff')).json<{
      data: (Member & { username: string })[];
      grantable: string[];
    }>();
    expect(body.grantable).not.toContain('customer.owner');
    expect(body.grantable).not.toContain('customer.manager');
    expect(body.data.find((m) => m.username === 'manager')?.manageable).toBe(false);
    expect(body.data.find((m) => m.username === 'therapist1')?.manageable).toBe(true);
  });
});

describe('invite → activation → sign in', () => {
  it('creates the account, emails a link from the public address, and the person signs in', async () => {
    const email = `new.${unique()}@example.com`;
    const response = await invite(manager, { email });
    expect(response.statusCode).toBe(200);
    const { data, email: delivery } = response.json<{ data: Member; email: string }>();
    expect(data.accountStatus).toBe('ACTIVATION_LINK_SENT');
    expect(delivery).toBe('logged');
    expect(data.therapist).not.toBeNull();

    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, email));
    expect(mail?.kind).toBe('staff_invitation');
    expect(mail?.body).toContain(`${t.app.publicUrl}/n/public/staff/activate?token=`);
    const [stored] = await t.database.db
      .select()
      .from(staffAccountLinks)
      .where(eq(staffAccountLinks.userId, data.userId));
    const token = await tokenFor(email);
    expect(stored?.tokenHash).not.toBe(token);

    // Before activation the person cannot sign in.
    expect((await new Browser(t.app).signIn(email, PASSWORD)).statusCode).not.toBe(200);

    const anon = new Browser(t.app);
    const check = await anon.post('/api/public/staff/checkToken', { token });
    expect(check.json()).toMatchObject({ purpose: 'activate', username: email });
    const weak = await anon.post('/api/public/staff/setPassword', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ field: 'password' });
    const set = await anon.post('/api/public/staff/setPassword', { token, password: PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ status: 'ENABLED', username: email });

    const [user] = await t.database.db.select().from(users).where(eq(users.id, data.userId));
    expect(user?.accountStatus).toBe('ENABLED');
    expect(user?.activatedAt).not.toBeNull();
    expect((await new Browser(t.app).signIn(email, PASSWORD)).statusCode).toBe(200);

    // The link works once.
    const again = await anon.post('/api/public/staff/setPassword', { token, password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'token' });

    const [row] = await auditRows('practice.staff_invited');
    expect(row?.detail).toMatchObject({ userId: data.userId, delivery: 'logged' });
    const [setRow] = await auditRows('practice.staff_password_set');
    expect(setRow?.actorUserId).toBe(data.userId);
  });

  it('resend ends the earlier link; a reset link sets a new password', async () => {
    const email = `resend.${unique()}@example.com`;
    const { data } = (await invite(manager, { email })).json<{ data: Member }>();
    const first = await tokenFor(email);
    expect(
      (await manager.post(`/api/practice/staff/${data.userId}/resendActivation`)).statusCode,
    ).toBe(200);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    const anon = new Browser(t.app);
    expect((await anon.post('/api/public/staff/checkToken', { token: first })).statusCode).toBe(
      400,
    );
    // A reset is refused before activation.
    expect(
      (await manager.post(`/api/practice/staff/${data.userId}/resetPassword`)).statusCode,
    ).toBe(409);
    await anon.post('/api/public/staff/setPassword', { token: second, password: PASSWORD });

    const reset = await manager.post(`/api/practice/staff/${data.userId}/resetPassword`);
    expect(reset.json<{ data: Member }>().data.accountStatus).toBe('PASSWORD_RESET_LINK_SENT');
    const resetToken = await tokenFor(email, '/n/public/staff/resetPassword');
    const newPassword = 'Lantern-harbour-2027';
    expect(
      (
        await anon.post('/api/public/staff/setPassword', {
          token: resetToken,
          password: newPassword,
        })
      ).statusCode,
    ).toBe(200);
    expect((await new Browser(t.app).signIn(email, newPassword)).statusCode).toBe(200);
    expect((await auditRows('practice.staff_password_reset_sent'))[0]?.detail).toMatchObject({
      userId: data.userId,
    });
  });

  it('ignores the Host header when building links', async () => {
    const email = `host.${unique()}@example.com`;
    await manager.request(
      'POST',
      '/api/practice/staff',
      {
        firstName: 'Hal',
        lastName: 'Host',
        email,
        authorities: ['customer.biller'],
      },
      { headers: { host: 'evil.example' } },
    );
    const [mail] = await t.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, email));
    expect(mail?.body).not.toContain('evil.example');
  });
});

describe('bad input names the field and writes nothing', () => {
  it.each([
    ['an invalid email', { email: 'not-an-email' }, 400, 'email'],
    ['a duplicate email', { email: 'manager@example.com' }, 409, 'email'],
    ['a duplicate username', { username: 'therapist1' }, 409, 'username'],
    ['no roles', { authorities: [] }, 400, 'authorities'],
    ['a patient role', { authorities: ['patient.patient'] }, 400, 'authorities.0'],
  ])('%s', async (_name, body, status, field) => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const mailsBefore = await t.database.db.select({ id: outboundEmails.id }).from(outboundEmails);
    const response = await invite(manager, body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ field });
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    expect(await t.database.db.select({ id: outboundEmails.id }).from(outboundEmails)).toHaveLength(
      mailsBefore.length,
    );
  });

  it('an invalid NPI is refused naming npi; a valid one is stored and audited', async () => {
    const therapist2 = await userIdOf('therapist2');
    const body = {
      credentials: 'LCSW',
      npi: '1234567890',
      taxonomyCode: '1041C0700X',
      licenseNumber: 'L-1',
      licenseState: 'ME',
      timezone: 'America/New_York',
      telehealthEnabled: true,
      usesCharting: true,
      supervisorIds: [],
      superviseeIds: [],
    };
    const [seeded] = await t.database.db
      .select()
      .from(therapists)
      .where(eq(therapists.userId, therapist2));
    const bad = await manager.request('PUT', `/api/practice/staff/${therapist2}/therapist`, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'npi' });
    const [row] = await t.database.db
      .select()
      .from(therapists)
      .where(eq(therapists.userId, therapist2));
    expect(row).toEqual(seeded);

    const good = await manager.request('PUT', `/api/practice/staff/${therapist2}/therapist`, {
      ...body,
      npi: '1234567893',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json<{ data: Member }>().data.therapist?.npi).toBe('1234567893');
    expect((await auditRows('practice.staff_therapist_changed'))[0]?.detail).toMatchObject({
      userId: therapist2,
      changed: expect.arrayContaining(['npi', 'taxonomyCode']) as unknown,
    });
  });

  it('supervisors: this practice’s therapists only, never oneself', async () => {
    const therapist3 = await userIdOf('therapist3');
    const list = (await manager.get('/api/practice/staff')).json<{
      data: (Member & { username: string })[];
    }>();
    const t3 = list.data.find((m) => m.username === 'therapist3')?.therapist?.therapistId ?? 0;
    const t1 = list.data.find((m) => m.username === 'therapist1')?.therapist?.therapistId ?? 0;
    const base = {
      credentials: null,
      npi: null,
      taxonomyCode: null,
      licenseNumber: null,
      licenseState: null,
      timezone: null,
      telehealthEnabled: false,
      usesCharting: true,
      superviseeIds: [],
    };
    const self = await manager.request('PUT', `/api/practice/staff/${therapist3}/therapist`, {
      ...base,
      supervisorIds: [t3],
    });
    expect(self.json()).toMatchObject({ field: 'supervisorIds' });
    const [mine] = await t.database.db
      .select({ practiceId: therapists.practiceId })
      .from(therapists)
      .where(eq(therapists.id, t3));
    const [foreign] = await t.database.db
      .select({ id: therapists.id })
      .from(therapists)
      .where(ne(therapists.practiceId, mine?.practiceId ?? 0))
      .limit(1);
    const other = await manager.request('PUT', `/api/practice/staff/${therapist3}/therapist`, {
      ...base,
      supervisorIds: [foreign?.id ?? 0],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ field: 'supervisorIds' });
    const ok = await manager.request('PUT', `/api/practice/staff/${therapist3}/therapist`, {
      ...base,
      supervisorIds: [t1],
    });
    expect(ok.json<{ data: Member }>().data.therapist?.supervisorIds).toEqual([t1]);
  });
});

describe('roles', () => {
  it('staff administrators cannot grant owner or manager', async () => {
    const therapist4 = await userIdOf('therapist4');
    for (const role of ['customer.owner', 'customer.manager']) {
      const response = await staffadmin.request('PUT', `/api/practice/staff/${therapist4}/roles`, {
        authorities: ['customer.therapist', role],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ field: 'authorities' });
    }
    expect((await invite(staffadmin, { authorities: ['customer.manager'] })).statusCode).toBe(403);
    const grants = await t.database.db
      .select()
      .from(userAuthorities)
      .where(eq(userAuthorities.userId, therapist4));
    expect(grants.map((g) => g.authority)).not.toContain('customer.manager');
  });

  it('nobody raises their own roles', async () => {
    const me = await userIdOf('manager');
    const response = await manager.request('PUT', `/api/practice/staff/${me}/roles`, {
      authorities: ['customer.manager', 'customer.biller'],
    });
    expect(response.statusCode).toBe(403);
    const self = await userIdOf('staffadmin');
    expect(
      (
        await staffadmin.request('PUT', `/api/practice/staff/${self}/roles`, {
          authorities: ['customer.staffadministrator', 'customer.biller'],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('an owner grants a role; it is audited with what changed', async () => {
    const biller = await userIdOf('biller');
    const response = await owner.request('PUT', `/api/practice/staff/${biller}/roles`, {
      authorities: ['customer.frontoffice', 'customer.biller', 'customer.manager.reporting'],
    });
    expect(response.statusCode).toBe(200);
    const [row] = await auditRows('practice.staff_roles_changed');
    expect(row?.detail).toMatchObject({
      userId: biller,
      added: ['customer.manager.reporting'],
      removed: [],
    });
    expect(row?.actorUserId).toBe(await userIdOf('owner'));
  });
});

describe('disable and enable', () => {
  it('a disabled user’s session ends at once, and they cannot sign in', async () => {
    const email = `dis.${unique()}@example.com`;
    const { data } = (await invite(manager, { email })).json<{ data: Member }>();
    await new Browser(t.app).post('/api/public/staff/setPassword', {
      token: await tokenFor(email),
      password: PASSWORD,
    });
    const person = new Browser(t.app);
    expect((await person.signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await person.get('/api/user/identity')).json()).toMatchObject({
      isAuthenticated: true,
    });

    const disabled = await manager.post(`/api/practice/staff/${data.userId}/disable`);
    expect(disabled.json<{ data: Member }>().data).toMatchObject({
      accountStatus: 'DISABLED',
      active: false,
    });
    // The very next request, without waiting for any cache.
    const after = await person.get('/api/calendar/getMyCalendars');
    expect(after.statusCode).toBe(401);
    expect((await new Browser(t.app).signIn(email, PASSWORD)).statusCode).not.toBe(200);
    const [therapist] = await t.database.db
      .select()
      .from(therapists)
      .where(eq(therapists.userId, data.userId));
    expect(therapist?.active).toBe(false);

    // Hidden from the list unless inactive people are asked for.
    const list = (await manager.get('/api/practice/staff')).json<{ data: Member[] }>();
    expect(list.data.map((m) => m.userId)).not.toContain(data.userId);
    const all = (await manager.get('/api/practice/staff?includeInactive=true')).json<{
      data: Member[];
    }>();
    expect(all.data.map((m) => m.userId)).toContain(data.userId);

    const enabled = await manager.post(`/api/practice/staff/${data.userId}/enable`);
    expect(enabled.json<{ data: Member }>().data).toMatchObject({
      accountStatus: 'ENABLED',
      active: true,
    });
    expect((await new Browser(t.app).signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await auditRows('practice.staff_disabled'))[0]?.detail).toMatchObject({
      userId: data.userId,
      sessionsEnded: 1,
    });
    expect((await auditRows('practice.staff_enabled'))[0]?.detail).toMatchObject({
      userId: data.userId,
    });
  });

  it('nobody disables themself', async () => {
    const me = await userIdOf('manager');
    expect((await manager.post(`/api/practice/staff/${me}/disable`)).statusCode).toBe(403);
  });
});

// Last: it changes the demo owner's roles.
describe('the last owner', () => {
  it('is kept: nobody removes or disables the practice’s only active owner', async () => {
    const email = `own.${unique()}@example.com`;
    const invited = await invite(owner, {
      email,
      authorities: ['customer.owner', 'customer.therapist'],
    });
    expect(invited.statusCode).toBe(200);
    const b = invited.json<{ data: Member }>().data.userId;
    await new Browser(t.app).post('/api/public/staff/setPassword', {
      token: await tokenFor(email),
      password: PASSWORD,
    });
    const second = new Browser(t.app);
    expect((await second.signIn(email, PASSWORD)).statusCode).toBe(200);

    // The empty list is bad input.
    const a = await userIdOf('owner');
    const empty = await second.request('PUT', `/api/practice/staff/${a}/roles`, {
      authorities: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'authorities' });

    // B makes A a manager: B is now the only owner.
    const demote = await second.request('PUT', `/api/practice/staff/${a}/roles`, {
      authorities: ['customer.manager'],
    });
    expect(demote.statusCode).toBe(200);
    const last = await second.request('PUT', `/api/practice/staff/${b}/roles`, {
      authorities: ['customer.therapist'],
    });
    expect(last.statusCode).toBe(403);
    expect(last.json()).toMatchObject({
      message: 'The practice must keep at least one active owner.',
      field: 'authorities',
    });
    const formerOwner = await signedIn(t.app, 'owner');
    expect((await formerOwner.post(`/api/practice/staff/${b}/disable`)).statusCode).toBe(403);
    const grants = await t.database.db
      .select()
      .from(userAuthorities)
      .where(and(eq(userAuthorities.userId, b), eq(userAuthorities.authority, 'customer.owner')));
    expect(grants).toHaveLength(1);
  });
});
