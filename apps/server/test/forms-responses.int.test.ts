import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Clients' forms (issue 18 items 2 and 4): assignment, the portal client's own answers saved as
 * they go, required items enforced by the server, signatures, signed documents immutable (even
 * by SQL), revocation with its history and report, and no reach beyond one's own record.
 */

let t: TestApp;
let manager: Browser;
let client1: Browser;
let owner: Browser;
let owner2: Browser;
let therapist2: Browser;
let chris: number;
let margaret: number;
const defs = new Map<string, number>();

const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(t.database.db, query))[0];

beforeAll(async () => {
  t = await testApp();
  [manager, client1, owner, owner2, therapist2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'client1'),
    signedIn(t.app, 'owner'),
    signedIn(t.app, 'owner2'),
    signedIn(t.app, 'therapist2'),
  ]);
  chris = (await one<{ id: number }>(
    sql`select c.id from clients c join users u on u.id = c.portal_user_id where u.username = 'client1'`,
  ))!.id;
  margaret = (await one<{ id: number }>(
    sql`select id from clients where first_name = 'Margaret' and last_name = 'Hamilton'`,
  ))!.id;
  for (const d of (await manager.get('/api/form/definition')).json().data as {
    id: number;
    libraryKey: string | null;
  }[])
    if (d.libraryKey) defs.set(d.libraryKey, d.id);
});
afterAll(() => t.close());

/** The database's refusal (drizzle wraps it: the trigger's message is the cause). */
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: unknown) =>
      (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message,
  );

describe('assigning', () => {
  it('gives several forms at once, not twice while open; lists them with states', async () => {
    const ids = [defs.get('release-of-information'), defs.get('intake')];
    const response = await manager.post('/api/form/assignment', {
      patientId: margaret,
      formDefinitionIds: ids,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toHaveLength(2);
    const again = await manager.post('/api/form/assignment', {
      patientId: margaret,
      formDefinitionIds: ids,
    });
    expect(again.json()).toEqual({ data: [], alreadyOpen: ids });
    const list = await manager.get(`/api/client/forms?patientId=${margaret}`);
    expect(list.json().data.map((r: { state: string }) => r.state)).toEqual([
      'assigned',
      'assigned',
    ]);
  });

  it('before the next appointment, or 409 when there is none', async () => {
    const next = await one<{ clientId: number }>(
      sql`select a.client_id as "clientId" from calendar_event_attendees a join calendar_events e on e.id = a.event_id
          join clients c on c.id = a.client_id
          where e.practice_id = 1 and e.type = 'appointment' and e.cancelled_at is null and e.start_at > now() and not c.is_group
          order by e.start_at limit 1`,
    );
    const response = await manager.post('/api/form/assignment', {
      patientId: next!.clientId,
      formDefinitionIds: [defs.get('gad7')],
      when: 'nextAppointment',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data[0]).toMatchObject({
      source: 'appointment',
      dueBefore: expect.any(String),
    });
    const none = await manager.post('/api/form/assignment', {
      patientId: margaret,
      formDefinitionIds: [defs.get('gad7')],
      when: 'nextAppointment',
    });
    expect([201, 409]).toContain(none.statusCode);
  });

  it('refuses forms of another practice or unknown ids (400 naming the field); another practice 404', async () => {
    const bad = await manager.post('/api/form/assignment', {
      patientId: margaret,
      formDefinitionIds: [999999],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('formDefinitionIds');
    expect(
      (
        await owner2.post('/api/form/assignment', {
          patientId: margaret,
          formDefinitionIds: [defs.get('intake')],
        })
      ).statusCode,
    ).toBe(404);
    expect((await owner2.get(`/api/client/forms?patientId=${margaret}`)).statusCode).toBe(404);
  });
});

describe('the portal client', () => {
  let consent: number;
  let release: number;

  it('sees their own forms only', async () => {
    const mine = await client1.get('/api/form/patient');
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().data as { id: number; name: string; patientId: number }[];
    expect(rows.every((r) => r.patientId === chris)).toBe(true);
    consent = rows.find((r) => r.name === 'Consent to treatment')!.id;
    const given = await manager.post('/api/form/assignment', {
      patientId: chris,
      formDefinitionIds: [defs.get('release-of-information')],
    });
    release = given.json().data[0].id;
    // Another client's assignment is unknown to them: 404 for reading, saving and signing.
    const margaretsForm = (await manager.get(`/api/client/forms?patientId=${margaret}`)).json()
      .data[0].id;
    expect((await client1.get(`/api/form/patient/${margaretsForm}`)).statusCode).toBe(404);
    expect(
      (await client1.request('PUT', `/api/form/patient/${margaretsForm}`, { answers: {} }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await client1.post(`/api/form/patient/${margaretsForm}/sign`, {
          typedName: 'Chris Client',
          signedOn: '2026-01-01',
        })
      ).statusCode,
    ).toBe(404);
    // Staff routes are not theirs.
    expect((await client1.get(`/api/form/response/${consent}`)).statusCode).toBe(403);
  });

  it('saves as they go; a wrong answer type is 400 naming the item and stores nothing', async () => {
    const saved = await client1.request('PUT', `/api/form/patient/${release}`, {
      answers: { recipient: 'Dr. Lee' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.assignment.state).toBe('in_progress');
    expect(saved.json().data.missing).toEqual(['recipientContact', 'scope', 'purpose', 'expires']);
    const wrong = await client1.request('PUT', `/api/form/patient/${release}`, {
      answers: { recipient: 'X', expires: 'soon' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('answers.expires');
    const unknown = await client1.request('PUT', `/api/form/patient/${release}`, {
      answers: { nope: 'x' },
    });
    expect(unknown.json().field).toBe('answers.nope');
    expect((await client1.get(`/api/form/patient/${release}`)).json().data.answers).toEqual({
      recipient: 'Dr. Lee',
    });
  });

  it('submitting enforces required items on the server, only those shown', async () => {
    const answers = {
      recipient: 'Dr. Lee',
      recipientContact: '(207) 555-0100',
      scope: ['attendance', 'other'],
      purpose: 'Coordination',
      expires: '2027-01-01',
    };
    const missing = await client1.post(`/api/form/patient/${release}/submit`, { answers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('answers.scopeOther');
    expect((await client1.get(`/api/form/patient/${release}`)).json().data.assignment.state).toBe(
      'in_progress',
    );
    const done = await client1.post(`/api/form/patient/${release}/submit`, {
      answers: { ...answers, scope: ['attendance'], scopeOther: 'hidden' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.assignment.state).toBe('completed');
    expect(done.json().data.answers.scopeOther).toBeUndefined();
  });

  it('signs with a typed name and date; who, when and from where are kept', async () => {
    const signed = await client1.post(`/api/form/patient/${release}/sign`, {
      typedName: 'Chris Client',
      signedOn: '2026-03-02',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.assignment.state).toBe('signed');
    expect(signed.json().data.signatures).toEqual([
      expect.objectContaining({
        typedName: 'Chris Client',
        signedOn: '2026-03-02',
        signerRole: 'client',
        ip: '127.0.0.1',
      }),
    ]);
    // A blank name is refused by the contract.
    expect(
      (
        await client1.post(`/api/form/patient/${consent}/sign`, {
          typedName: '',
          signedOn: '2026-03-02',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a signed form cannot change: 409 through the API, refused by the database itself', async () => {
    expect(
      (
        await client1.request('PUT', `/api/form/patient/${release}`, {
          answers: { recipient: 'Other' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      await refusal(
        t.database.db.execute(
          sql`update form_responses set answers = '{}'::jsonb where assignment_id = ${release}`,
        ),
      ),
    ).toMatch(/signed/);
    expect(
      await refusal(
        t.database.db.execute(sql`delete from form_responses where assignment_id = ${release}`),
      ),
    ).toMatch(/signed/);
    expect(
      await refusal(t.database.db.execute(sql`update form_signatures set typed_name = 'X'`)),
    ).toMatch(/cannot change/);
  });

  it('staff view the response with the version it was given with, even after a new version', async () => {
    const id = defs.get('release-of-information')!;
    const detail = (await manager.get(`/api/form/definition/${id}`)).json().data;
    await manager.request('PUT', `/api/form/definition/${id}/draft`, {
      questionnaire: { ...detail.published, title: 'Release of information (2027)' },
    });
    await manager.post(`/api/form/definition/${id}/publish`);
    const viewed = await manager.get(`/api/form/response/${release}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().data.questionnaire.title).toBe('Release of information');
    expect(viewed.json().data.assignment.version).toBeLessThan(Number(detail.currentVersion) + 1);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, chris), eq(auditLog.action, 'client.form_response_viewed')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toHaveLength(1);
    expect((await therapist2.get(`/api/form/response/${release}`)).statusCode).toBe(403);
    expect((await owner2.get(`/api/form/response/${release}`)).statusCode).toBe(404);
  });

  it('revokes a signed release: the document stays, the revocation is audited and reported', async () => {
    const revoked = await client1.post(`/api/form/patient/${release}/revoke`, {
      reason: 'Changed providers',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.assignment.state).toBe('revoked');
    expect(revoked.json().data.signatures).toHaveLength(1);
    expect(revoked.json().data.answers.recipient).toBe('Dr. Lee');
    expect(revoked.json().data.revocations).toEqual([
      expect.objectContaining({ reason: 'Changed providers', revokedByRole: 'client' }),
    ]);
    expect(
      (await client1.post(`/api/form/patient/${release}/revoke`, { reason: '' })).statusCode,
    ).toBe(409);
    const rows = await t.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, chris), eq(auditLog.action, 'client.form_revoked')));
    expect(rows).toHaveLength(1);

    const report = await owner.get(`/api/reporting/audit/documentRevocations?patientId=${chris}`);
    expect(report.statusCode).toBe(200);
    expect(report.json().timezone).toBe('America/New_York');
    expect(report.json()).toMatchObject({
      total: 1,
      data: [
        {
          formName: 'Release of information',
          revokedByRole: 'client',
          clientName: 'Chris Client',
          reason: 'Changed providers',
        },
      ],
    });
    expect(
      (await owner.get('/api/reporting/audit/documentRevocations?revokedBy=staff')).json().total,
    ).toBe(0);
    const csv = await owner.get('/api/reporting/audit/documentRevocations/export');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Chris Client,Release of information');
    expect((await owner2.get('/api/reporting/audit/documentRevocations')).json().total).toBe(0);
    expect((await therapist2.get('/api/reporting/audit/documentRevocations')).statusCode).toBe(403);
  });

  it('staff complete a form with the client in session and revoke a signed consent', async () => {
    const saved = await manager.request('PUT', `/api/form/response/${consent}`, {
      answers: { understood: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await manager.post(`/api/form/response/${consent}/submit`, {
      answers: { understood: true },
    });
    expect(refused.json().field).toBe('answers.consent');
    const done = await manager.post(`/api/form/response/${consent}/submit`, {
      answers: { understood: true, consent: true },
    });
    expect(done.json().data.completedVia).toBe('staff');
    const signed = await manager.post(`/api/form/response/${consent}/sign`, {
      typedName: 'Chris Client',
      signedOn: '2026-03-02',
    });
    expect(signed.json().data.signatures[0]).toMatchObject({ signerRole: 'staff' });
    const revoked = await manager.post(`/api/form/response/${consent}/revoke`, {
      reason: 'Client asked by phone',
    });
    expect(revoked.json().data.revocations[0]).toMatchObject({ revokedByRole: 'staff' });
    expect(
      (await owner.get('/api/reporting/audit/documentRevocations?revokedBy=staff')).json().total,
    ).toBe(1);
  });
});
