import { CLIENT_FORBIDDEN } from '../src/platform/client-gate.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, users } from '../src/db/schema/index.ts';
import { recordAudit } from '../src/platform/audit.ts';
import { writeAuditCheckpoint } from '../src/platform/audit-checkpoint.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * The audit pages (issue 13 item 13): /reporting/audit/patientRecordAccess
 * answers who touched which client's record, how, from where and through
 * which impersonation; practice-wide for owners, own clients for therapists
 * with reporting; its CSV is itself audited; the chain's state is shown.
 */
let t: TestApp;
const ids = { margaret: 0, bob: 0, manager: 0 };
let owner: Browser;

const REPORT = '/api/reporting/audit/patientRecordAccess';

type Row = {
  id: number;
  action: string;
  kind: string;
  reason: string | null;
  ip: string | null;
  actor: { id: number; username: string } | null;
  impersonator: { username: string } | null;
  impersonationReason: string | null;
  clients: { id: number; name: string }[];
  clientCount: number;
};

async function clientId(lastName: string) {
  const [row] = await t.database.db.select().from(clients).where(eq(clients.lastName, lastName));
  return row!.id;
}
async function userId(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row!.id;
}

async function report(
  browser: Browser,
  query = '',
): Promise<{ data: Row[]; total: number } & Record<string, unknown>> {
  const response = await browser.get(`${REPORT}?pageSize=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await testApp();
  ids.margaret = await clientId('Hamilton');
  ids.bob = await clientId('Sinclair');
  ids.manager = await userId('manager');
  owner = await signedIn(t.app, 'owner');

  const manager = await signedIn(t.app, 'manager');
  // A view, a list naming many clients, a refusal.
  expect((await owner.get(`/api/patient/getProfile?patientId=${ids.margaret}`)).statusCode).toBe(
    200,
  );
  expect((await manager.get(`/api/patient/getProfile?patientId=${ids.bob}`)).statusCode).toBe(200);
  expect(
    (await manager.get('/api/patient/findPatients?context=all&limit=50&search=Hamilton'))
      .statusCode,
  ).toBe(200);
  const therapist2 = await signedIn(t.app, 'therapist2');
  expect(
    (await therapist2.get(`/api/patient/getProfile?patientId=${ids.margaret}`)).statusCode,
  ).toBe(403);
});
afterAll(() => t.close());

describe('the record access report', () => {
  it('shows who saw a client: views, lists that returned them, refusals', async () => {
    const page = await report(owner, `&patientId=${ids.margaret}`);
    expect(page.scope).toBe('practice');
    expect(page.client).toMatchObject({ id: ids.margaret, name: 'Margaret Hamilton' });
    const kinds = page.data.map((r) => `${r.actor?.username}:${r.kind}:${r.action}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'owner:view:client.profile_read',
        'manager:list:client.searched',
        'therapist2:denied:client.denied',
      ]),
    );
    const denied = page.data.find((r) => r.kind === 'denied')!;
    expect(denied.reason).toBe(CLIENT_FORBIDDEN);
    expect(denied.clients[0]).toMatchObject({ id: ids.margaret });
    expect(denied.ip).toBe('127.0.0.1');
    // Bob's profile read is not about Margaret.
    expect(
      page.data.some((r) => r.action === 'client.profile_read' && r.actor?.username === 'manager'),
    ).toBe(false);
  });

  it('finds a list read under every client it returned', async () => {
    const [search] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.searched'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const named = search!.patientIds ?? [search!.patientId!];
    expect(named).toContain(ids.margaret);
    for (const id of named) {
      const page = await report(owner, `&patientId=${id}&kind=list`);
      expect(page.data.map((r) => r.id)).toContain(search!.id);
    }
  });

  it('filters by user, kind and period (the shared default: this year to today)', async () => {
    const page = await report(owner, `&userId=${ids.manager}`);
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((r) => r.actor?.username === 'manager')).toBe(true);
    const denied = await report(owner, '&kind=denied');
    expect(denied.data.every((r) => r.kind === 'denied')).toBe(true);
    expect(denied.total).toBeGreaterThan(0);
    const today = t.clock.now().toLocaleDateString('en-CA', { timeZone: String(page.timezone) });
    expect(page.to).toBe(today);
    expect(page.from).toBe(`${today.slice(0, 4)}-01-01`);
    const past = await report(owner, '&from=2001-01-01&to=2001-12-31');
    expect(past.total).toBe(0);
    const backwards = await owner.get(`${REPORT}?from=2001-02-01&to=2001-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().field).toBe('from');
  });

  it('derives the kind of rows written before routes declared it', async () => {
    await recordAudit(
      t.database.db,
      {
        action: 'client.profile_read',
        practiceId: 1,
        actorUserId: ids.manager,
        patientId: ids.margaret,
      },
      t.clock.now(),
    );
    const page = await report(owner, `&patientId=${ids.margaret}&userId=${ids.manager}&kind=view`);
    expect(page.data[0]).toMatchObject({ action: 'client.profile_read', kind: 'view' });
  });

  it('shows a therapist with reporting only the events on their own clients', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const page = await report(therapist1);
    expect(page.scope).toBe('ownClients');
    expect(page.data.length).toBeGreaterThan(0);
    const named = page.data.flatMap((r) => r.clients.map((c) => c.id));
    expect(named).not.toContain(ids.bob);
    expect(named).toContain(ids.margaret);
    // Bob is therapist2's: asking for his history is refused, and that refusal is recorded.
    const refused = await therapist1.get(`${REPORT}?patientId=${ids.bob}`);
    expect(refused.statusCode).toBe(403);
    const own = await report(owner, `&patientId=${ids.bob}&kind=denied`);
    expect(own.data[0]).toMatchObject({ actor: { username: 'therapist1' } });
    // Without reporting at all: no page.
    const therapist2 = await signedIn(t.app, 'therapist2');
    expect((await therapist2.get(REPORT)).statusCode).toBe(403);
    // Another practice's client is not found.
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await owner2.get(`${REPORT}?patientId=${ids.margaret}`)).statusCode).toBe(404);
    const theirs = await report(owner2);
    expect(theirs.data.flatMap((r) => r.clients.map((c) => c.id))).not.toContain(ids.margaret);
  });

  it('names the impersonation and its reason', async () => {
    const support = await signedIn(t.app, 'support');
    const start = await support.post('/api/system/impersonateUser/default', {
      user_id: ids.manager,
      practice_id: 1,
      reason: 'Ticket 42: profile will not load',
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(
      (await support.get(`/api/patient/getProfile?patientId=${ids.margaret}`)).statusCode,
    ).toBe(200);
    await support.post('/api/system/impersonateUser/stop');
    const page = await report(owner, `&patientId=${ids.margaret}&userId=${ids.manager}&kind=view`);
    expect(page.data[0]).toMatchObject({
      actor: { username: 'manager' },
      impersonator: { username: 'support' },
      impersonationReason: 'Ticket 42: profile will not load',
    });
  });

  it('exports CSV, and the export is itself audited with every client in it', async () => {
    const response = await owner.get(`${REPORT}/export?patientId=${ids.margaret}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date,Time,Timestamp \(UTC\),User,/);
    expect(lines.some((l) => l.includes('Margaret Hamilton') && l.includes('client.denied'))).toBe(
      true,
    );
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.access_report_exported'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ detail: expect.objectContaining({ kind: 'export' }) });
    expect([row!.patientId, ...(row!.patientIds ?? [])]).toContain(ids.margaret);
    // Reading the report is a list read naming the clients it showed.
    const [read] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.access_report_viewed')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(read?.detail).toMatchObject({ kind: 'list' });
  });
});

describe('the chain state', () => {
  it('is verified through the newest checkpoint, then shows the first broken link', async () => {
    await writeAuditCheckpoint(t.database.db, t.app.auditKey, t.clock.now());
    const ok = (await owner.get('/api/reporting/audit/chainState')).json();
    expect(ok).toMatchObject({ ok: true });
    expect(typeof ok.verifiedThrough).toBe('string');

    const [victim] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'client.denied'))
      .orderBy(auditLog.id)
      .limit(1);
    // As the table owner, behind the append-only trigger.
    await t.database.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    try {
      await t.database.db
        .update(auditLog)
        .set({ detail: { kind: 'view', route: 'nothing to see' } })
        .where(eq(auditLog.id, victim!.id));
    } finally {
      await t.database.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    }
    const broken = (await owner.get('/api/reporting/audit/chainState')).json();
    expect(broken).toMatchObject({
      ok: false,
      brokenAtId: victim!.id,
      reason: 'this row was changed',
    });
    expect(typeof broken.brokenAt).toBe('string');
  });
});
