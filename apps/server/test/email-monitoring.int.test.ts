import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, outboundEmails } from '../src/db/schema/index.ts';
import { createMailer, suppressedText } from '../src/platform/mail.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Email monitoring (spec-1 §3, §7; spec-2 §3, §7): the suppression list and
 * the search of the outgoing email log. The mail adapter never sends to a
 * suppressed address and logs that it did not.
 */
let t: TestApp;
const ids = { margaret: 0, bob: 0 };
const MARGARET = 'margaret.hamilton@example.com';
let owner: Browser;
let manager: Browser;

async function clientId(lastName: string) {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.lastName, lastName));
  return row!.id;
}

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * 86_400_000);
const isoDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

async function latestEmail(clientId: number) {
  const [row] = await t.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.clientId, clientId))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  return row!;
}

beforeAll(async () => {
  t = await testApp();
  ids.margaret = await clientId('Hamilton');
  ids.bob = await clientId('Sinclair');
  owner = await signedIn(t.app, 'owner');
  manager = await signedIn(t.app, 'manager');
});
afterAll(() => t.close());

describe('the suppression list', () => {
  it('adds an address with the reason COMPLAINT unless told, whatever its letter case', async () => {
    const added = await owner.request('PUT', '/api/emailMonitoring/addSuppressed', {
      email: 'Margaret.Hamilton@Example.com',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      email: 'Margaret.Hamilton@Example.com',
      reason: 'COMPLAINT',
      addedBy: 'Olivia Owens',
    });
    const list = (await owner.get(`/api/emailMonitoring/getSuppressed?email=${MARGARET}`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ reason: 'COMPLAINT' });
    // Adding again with another reason replaces it, not a second entry.
    const again = await owner.request('PUT', '/api/emailMonitoring/addSuppressed', {
      email: MARGARET,
      reason: 'BOUNCE',
    });
    expect(again.json()).toMatchObject({ reason: 'BOUNCE' });
    expect((await owner.get('/api/emailMonitoring/getSuppressed')).json().total).toBe(1);
    const bad = await owner.request('PUT', '/api/emailMonitoring/addSuppressed', {
      email: 'not an address',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Please enter a valid e-mail address');
    // The change is audited, naming the client whose address it is.
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'practice.email_suppression_added'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      patientId: ids.margaret,
      detail: expect.objectContaining({ kind: 'change' }),
    });
    expect(JSON.stringify(row!.detail)).not.toContain('margaret');
  });

  it('never sends to a suppressed address, and logs the message as suppressed', async () => {
    const response = await manager.post(
      `/api/patient/sendActivationLink?patientId=${ids.margaret}`,
    );
    expect(response.statusCode).toBe(200);
    const row = await latestEmail(ids.margaret);
    expect(row).toMatchObject({
      recipient: MARGARET,
      status: 'suppressed',
      kind: 'portal_invitation',
      error: suppressedText('BOUNCE'),
      sentAt: null,
    });
  });

  it('the SMTP adapter is not even tried for a suppressed address', async () => {
    // A port that refuses connections: had the adapter tried, the message would be 'failed'.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const message = { practiceId: 1, clientId: ids.margaret, subject: 'Hi', text: 'Body' };
      const suppressed = await mailer.sendMail(t.database.db, { ...message, to: MARGARET });
      expect(suppressed.status).toBe('suppressed');
      const other = await mailer.sendMail(t.database.db, { ...message, to: 'x@example.com' });
      expect(other.status).toBe('failed');
      // Another practice's list does not apply.
      const elsewhere = await createMailer().sendMail(t.database.db, {
        ...message,
        practiceId: 2,
        clientId: null,
        to: MARGARET,
      });
      expect(elsewhere.status).toBe('logged');
    } finally {
      mailer.close();
    }
  });

  it('removes an address, after which mail goes again', async () => {
    const removed = await owner.request(
      'DELETE',
      `/api/emailMonitoring/removeSuppressed?email=${encodeURIComponent('MARGARET.hamilton@example.com')}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await owner.get('/api/emailMonitoring/getSuppressed')).json().total).toBe(0);
    const twice = await owner.request(
      'DELETE',
      `/api/emailMonitoring/removeSuppressed?email=${MARGARET}`,
    );
    expect(twice.statusCode).toBe(404);
    await manager.post(`/api/patient/sendActivationLink?patientId=${ids.margaret}`);
    expect((await latestEmail(ids.margaret)).status).toBe('logged');
  });

  it('is for practice-wide reporting only, and per practice', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const refused = await therapist1.request('PUT', '/api/emailMonitoring/addSuppressed', {
      email: MARGARET,
    });
    expect(refused.statusCode).toBe(403);
    const owner2 = await signedIn(t.app, 'owner2');
    await owner2.request('PUT', '/api/emailMonitoring/addSuppressed', { email: MARGARET });
    expect((await owner.get('/api/emailMonitoring/getSuppressed')).json().total).toBe(0);
    expect((await owner2.get('/api/emailMonitoring/getSuppressed')).json().total).toBe(1);
    await manager.post(`/api/patient/sendActivationLink?patientId=${ids.margaret}`);
    expect((await latestEmail(ids.margaret)).status).toBe('logged');
  });
});

describe('searching the email log', () => {
  beforeAll(async () => {
    const base = { practiceId: 1, recipient: MARGARET, status: 'logged' as const };
    await t.database.db.insert(outboundEmails).values([
      {
        ...base,
        clientId: ids.margaret,
        subject: 'Ten days ago',
        body: 'B10',
        createdAt: daysAgo(10),
      },
      { ...base, clientId: ids.margaret, subject: 'Old', body: 'B130', createdAt: daysAgo(130) },
      {
        ...base,
        clientId: ids.bob,
        recipient: 'robert.sinclair@example.com',
        subject: 'To Bob',
        body: 'BB',
        createdAt: daysAgo(5),
      },
    ]);
  });

  it("the client's record: this client, sent after 120 days ago and before today", async () => {
    const sentAfter = isoDay(daysAgo(120));
    const sentBefore = isoDay(t.clock.now());
    const page = (
      await manager.get(
        `/api/emailMonitoring/search?userId=${ids.margaret}&sentAfter=${sentAfter}&sentBefore=${sentBefore}&pageSize=100`,
      )
    ).json();
    const subjects = page.data.map((r: { subject: string }) => r.subject);
    expect(subjects).toContain('Ten days ago');
    expect(subjects).not.toContain('Old');
    expect(subjects).not.toContain('To Bob');
    expect(page.data.every((r: { clientId: number }) => r.clientId === ids.margaret)).toBe(true);
    expect(page.data.find((r: { subject: string }) => r.subject === 'Ten days ago').body).toBe(
      'B10',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.email_log_viewed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ patientId: ids.margaret });
  });

  it('hides bodies from those who may not see the client record details', async () => {
    const frontoffice = await signedIn(t.app, 'frontoffice');
    const page = (
      await frontoffice.get(`/api/emailMonitoring/search?userId=${ids.margaret}&pageSize=100`)
    ).json();
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((r: { body: string | null }) => r.body === null)).toBe(true);
    // All of the practice's email needs reporting.
    expect((await frontoffice.get('/api/emailMonitoring/search')).statusCode).toBe(403);
  });

  it('shows the whole practice to owners, own clients to therapists with reporting', async () => {
    const all = (await owner.get('/api/emailMonitoring/search?pageSize=100')).json();
    expect(all.scope).toBe('practice');
    const allClients = all.data.map((r: { clientId: number }) => r.clientId);
    expect(allClients).toEqual(expect.arrayContaining([ids.margaret, ids.bob]));
    const therapist1 = await signedIn(t.app, 'therapist1');
    const own = (await therapist1.get('/api/emailMonitoring/search?pageSize=100')).json();
    expect(own.scope).toBe('ownClients');
    const ownClients = own.data.map((r: { clientId: number }) => r.clientId);
    expect(ownClients).toContain(ids.margaret);
    expect(ownClients).not.toContain(ids.bob);
    const byStatus = (
      await owner.get('/api/emailMonitoring/search?status=suppressed&pageSize=100')
    ).json();
    expect(byStatus.data.length).toBeGreaterThan(0);
    expect(byStatus.data.every((r: { status: string }) => r.status === 'suppressed')).toBe(true);
    const byAddress = (await owner.get('/api/emailMonitoring/search?email=ROBERT.')).json();
    expect(byAddress.data.map((r: { subject: string }) => r.subject)).toEqual(['To Bob']);
  });

  it('keeps practices apart', async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (await owner2.get(`/api/emailMonitoring/search?userId=${ids.margaret}`)).statusCode,
    ).toBe(404);
    const theirs = (await owner2.get('/api/emailMonitoring/search?pageSize=100')).json();
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.some((r: { clientId: number | null }) => r.clientId === ids.margaret)).toBe(
      false,
    );
  });
});
