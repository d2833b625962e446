import { CLIENT_FORBIDDEN } from '../src/platform/client-gate.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../src/db/schema/index.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Issue 13 findings 2 and 3 for the clients area's lists: every answer that
 * carries client data leaves one audit row naming the clients it returned,
 * committed with the answer; a refusal leaves a `client.denied` row.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** The newest audit row written for a route ("GET /api/..."). */
async function lastRowOf(route: string) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.detail}->>'route' = ${route}`)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const idsOf = (row: { patientId: number | null; patientIds: number[] | null }) =>
  [...(row.patientIds ?? (row.patientId === null ? [] : [row.patientId]))].sort((a, b) => a - b);

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function margaretId() {
  const [row] = await db().select().from(clients).where(eq(clients.lastName, 'Hamilton'));
  return row!.id;
}

/** The route's audit row names exactly `ids`, as a read of the given kind. */
async function expectAudited(route: string, action: string, kind: string, ids: number[]) {
  const row = await lastRowOf(route);
  expect(row, `no audit row for ${route}`).toBeDefined();
  expect(row).toMatchObject({ action, detail: expect.objectContaining({ kind, route }) });
  expect(idsOf(row!)).toEqual(sorted(ids));
}

describe('every list read is audited with the clients it returned', () => {
  let manager: Browser;
  beforeAll(async () => {
    manager = await signedIn(t.app, 'manager');
  });

  it('the client search page and the typeahead', async () => {
    const page = (
      await manager.get('/api/patient/findPatients?context=all&limit=50&includeTotal=true')
    ).json();
    expect(page.data).toHaveLength(50);
    await expectAudited(
      'GET /api/patient/findPatients',
      'client.searched',
      'list',
      page.data.map((r: { user_id: number }) => r.user_id),
    );
    const typeahead = (await manager.get('/api/patient/findPatients?context=all&search=ham'))
      .json()
      .data.map((r: { user_id: number }) => r.user_id);
    expect(typeahead.length).toBeGreaterThan(0);
    await expectAudited('GET /api/patient/findPatients', 'client.searched', 'list', typeahead);
  });

  it('linked clients and the search groups', async () => {
    const linked = (
      await manager.get('/api/patient/linkedPatients?context=all&search=hamilton')
    ).json().data as { user_id: number; member_ids: number[] }[];
    expect(linked).toHaveLength(1);
    await expectAudited(
      'GET /api/patient/linkedPatients',
      'client.searched',
      'list',
      linked.flatMap((g) => [g.user_id, ...g.member_ids]),
    );
    const groups = (await manager.get('/api/therapist/listSearchGroups')).json().data;
    await expectAudited(
      'GET /api/therapist/listSearchGroups',
      'client.searched',
      'list',
      groups.map((g: { id: number }) => g.id),
    );
  });

  it('the CSV export, naming every exported client', async () => {
    const all: { user_id: number }[] = (
      await manager.get('/api/patient/findPatients?context=all&limit=500')
    ).json().data;
    const response = await manager.get('/api/patient/exportPatients?context=all');
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\r\n')).toHaveLength(all.length + 1);
    await expectAudited(
      'GET /api/patient/exportPatients',
      'client.search_exported',
      'export',
      all.map((r) => r.user_id),
    );
  });

  it('the duplicate check', async () => {
    const data = (
      await manager.get('/api/patient/listDuplicateClients?firstName=Margaret&lastName=Hamilton')
    ).json().data;
    expect(data).toHaveLength(1);
    await expectAudited(
      'GET /api/patient/listDuplicateClients',
      'client.duplicates_checked',
      'list',
      [await margaretId()],
    );
  });

  it('retention and intake lists, and a new client', async () => {
    const created = await manager.post('/api/patient/addNewPatientForTherapists', {
      firstName: 'Audra',
      lastName: 'Listed',
      therapistIds: [(await manager.get('/api/practice/listTherapists')).json().data[0].id],
    });
    expect(created.statusCode).toBe(201);
    const newId: number = created.json().patientId;
    await expectAudited(
      'POST /api/patient/addNewPatientForTherapists',
      'client.created',
      'change',
      [newId],
    );

    const retention = (await manager.post('/api/patient/getRetention', { limit: 50 })).json();
    expect(retention.data.length).toBeGreaterThan(0);
    await expectAudited(
      'POST /api/patient/getRetention',
      'client.retention_listed',
      'list',
      retention.data.map((r: { patientId: number }) => r.patientId),
    );

    const without = (await manager.post('/api/patient/getNewClients', { days: 30 })).json();
    expect(without.data.map((r: { patientId: number }) => r.patientId)).toContain(newId);
    await expectAudited(
      'POST /api/patient/getNewClients',
      'client.intake_listed',
      'list',
      without.data.map((r: { patientId: number }) => r.patientId),
    );

    const withAppointments = (
      await manager.get('/api/patient/listNewClientsWithAppointments?days=90')
    ).json();
    expect(withAppointments.data.length).toBeGreaterThan(0);
    await expectAudited(
      'GET /api/patient/listNewClientsWithAppointments',
      'client.intake_listed',
      'list',
      withAppointments.data.map((r: { patientId: number }) => r.patientId),
    );
  });

  it('writes no row for answers without client data', async () => {
    const before = (
      await db().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    )[0]!.id;
    for (const url of [
      '/api/patient/searchContexts',
      '/api/setting/getCustomSearchCapabilities',
      '/api/patient/getIntake?days=30',
    ]) {
      expect((await manager.get(url)).statusCode).toBe(200);
    }
    const after = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} > ${before}`);
    expect(after).toEqual([]);
  });
});

describe('refusals are audited with the reason', () => {
  async function expectDenied(
    response: LightMyRequestResponse,
    route: string,
    status: number,
    reason: string,
    patientId: number | null = null,
  ) {
    expect(response.statusCode).toBe(status);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'client.denied'), sql`${auditLog.detail}->>'route' = ${route}`),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      patientId,
      detail: { kind: 'denied', route, status, reason },
    });
  }

  it('a search outside the caller contexts, and one by a hidden field', async () => {
    const therapist2 = await signedIn(t.app, 'therapist2');
    await expectDenied(
      await therapist2.get('/api/patient/findPatients?context=all&search=ham'),
      'GET /api/patient/findPatients',
      403,
      'Permission denied',
    );
    const front = await signedIn(t.app, 'frontoffice');
    await expectDenied(
      await front.get('/api/patient/exportPatients?context=all&noInsurance=true'),
      'GET /api/patient/exportPatients',
      403,
      "You cannot search by clients' insurance.",
    );
  });

  it('an anonymous read', async () => {
    await expectDenied(
      await new Browser(t.app).get('/api/patient/findPatients?context=all'),
      'GET /api/patient/findPatients',
      401,
      'not signed in',
    );
  });

  it("snoozing another therapist's client", async () => {
    const id = await margaretId();
    const therapist2 = await signedIn(t.app, 'therapist2');
    await expectDenied(
      await therapist2.post('/api/patient/snoozeClientRetention', { patientId: id }),
      'POST /api/patient/snoozeClientRetention',
      403,
      CLIENT_FORBIDDEN,
      id,
    );
  });
});

describe('an answer or change never outlives its audit row', () => {
  /** A test-only trigger that makes writing the audit row for `action` fail. */
  async function failAuditOf(action: string) {
    await db().execute(
      sql.raw(`create or replace function test_fail_audit() returns trigger language plpgsql as $$
        begin if new.action = '${action}' then raise exception 'audit refused'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger test_fail_audit before insert on audit_log
        for each row execute function test_fail_audit()`),
    );
  }
  async function restoreAudit() {
    await db().execute(sql.raw('drop trigger if exists test_fail_audit on audit_log'));
  }

  it('a snooze is rolled back when its audit row cannot be written', async () => {
    const manager = await signedIn(t.app, 'manager');
    const id = await margaretId();
    await failAuditOf('client.retention_snoozed');
    try {
      const response = await manager.post('/api/patient/snoozeClientRetention', {
        patientId: id,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await restoreAudit();
    }
    const [row] = await db().select().from(clients).where(eq(clients.id, id));
    expect(row!.retentionSnoozedUntil).toBeNull();
  });

  it('a new client is rolled back, and a search is not answered, without the audit row', async () => {
    const manager = await signedIn(t.app, 'manager');
    const therapistId = (await manager.get('/api/practice/listTherapists')).json().data[0].id;
    await failAuditOf('client.created');
    try {
      const response = await manager.post('/api/patient/addNewPatientForTherapists', {
        firstName: 'Never',
        lastName: 'Audited',
        therapistIds: [therapistId],
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await restoreAudit();
    }
    expect(await db().select().from(clients).where(eq(clients.lastName, 'Audited'))).toEqual([]);

    await failAuditOf('client.searched');
    try {
      const response = await manager.get('/api/patient/findPatients?context=all&search=ham');
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('Hamilton');
    } finally {
      await restoreAudit();
    }
  });
});
