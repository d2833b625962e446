import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientFormAssignments,
  clients,
  formDefinitions,
  therapists,
  users,
} from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let manager: Browser;
let therapist2: Browser;
let owner2: Browser;
let frontoffice: Browser;
let margaret: number;
let harriet: number;
let intake: number;
let release: number;

const clientIdOf = async (firstName: string, lastName: string) => {
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)));
  if (!row) throw new Error(`no demo client ${firstName} ${lastName}`);
  return row.id;
};

const formIdOf = async (name: string) => {
  const [row] = await t.database.db
    .select({ id: formDefinitions.id })
    .from(formDefinitions)
    .where(eq(formDefinitions.name, name));
  if (!row) throw new Error(`no demo form ${name}`);
  return row.id;
};

const assignmentsOf = (clientId: number) =>
  t.database.db
    .select({
      formDefinitionId: clientFormAssignments.formDefinitionId,
      status: clientFormAssignments.status,
      assignedByUserId: clientFormAssignments.assignedByUserId,
    })
    .from(clientFormAssignments)
    .where(eq(clientFormAssignments.clientId, clientId))
    .orderBy(asc(clientFormAssignments.id));

const audits = (clientId: number, action: string) =>
  t.database.db
    .select({ detail: auditLog.detail, practiceId: auditLog.practiceId })
    .from(auditLog)
    .where(and(eq(auditLog.patientId, clientId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));

const userIdOf = async (username: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]
    ?.id;

beforeAll(async () => {
  t = await testApp();
  [manager, therapist2, owner2, frontoffice] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist2'),
    signedIn(t.app, 'owner2'),
    signedIn(t.app, 'frontoffice'),
  ]);
  margaret = await clientIdOf('Margaret', 'Hamilton');
  harriet = await clientIdOf('Harriet', 'Harbor');
  intake = await formIdOf('Intake questionnaire');
  release = await formIdOf('Release of information');
});
afterAll(() => t.close());

describe('POST /api/patient/autoAssignForms', () => {
  it('gives every active automatic form of the practice, once', async () => {
    expect(await assignmentsOf(margaret)).toEqual([]);
    const response = await manager.post('/api/patient/autoAssignForms', { patientId: margaret });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.assigned).toBe(1);
    expect(body.forms).toEqual([
      {
        id: expect.any(Number),
        formDefinitionId: intake,
        name: 'Intake questionnaire',
        status: 'pending',
        assignedAt: t.clock.now().toISOString(),
      },
    ]);
    expect(await assignmentsOf(margaret)).toEqual([
      {
        formDefinitionId: intake,
        status: 'assigned',
        assignedByUserId: await userIdOf('manager'),
      },
    ]);
    const [audit] = await audits(margaret, 'client.forms_assigned');
    expect(audit).toEqual({
      detail: {
        kind: 'change',
        route: 'POST /api/patient/autoAssignForms',
        formDefinitionIds: [intake],
      },
      practiceId: 1,
    });
  });

  it('is idempotent: a second call assigns nothing, its row naming no forms', async () => {
    const before = (await audits(margaret, 'client.forms_assigned')).length;
    const again = await manager.post('/api/patient/autoAssignForms', { patientId: margaret });
    expect(again.json()).toEqual({ assigned: 0, forms: [] });
    expect(await assignmentsOf(margaret)).toHaveLength(1);
    // The client's forms were read to find none missing: that read is audited.
    const rows = await audits(margaret, 'client.forms_assigned');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]?.detail).toMatchObject({ formDefinitionIds: [] });
  });

  it('does not give again a form the client completed; gives a form newly made automatic', async () => {
    await t.database.db
      .update(clientFormAssignments)
      .set({ status: 'completed' })
      .where(eq(clientFormAssignments.clientId, margaret));
    await t.database.db
      .update(formDefinitions)
      .set({ autoAssign: true })
      .where(eq(formDefinitions.id, release));
    const response = await manager.post('/api/patient/autoAssignForms', { patientId: margaret });
    expect(response.json()).toMatchObject({
      assigned: 1,
      forms: [{ formDefinitionId: release, name: 'Release of information' }],
    });
    await t.database.db
      .update(formDefinitions)
      .set({ autoAssign: false })
      .where(eq(formDefinitions.id, release));
  });

  it('skips inactive forms', async () => {
    const bob = await clientIdOf('Robert', 'Sinclair');
    await t.database.db
      .update(formDefinitions)
      .set({ active: false })
      .where(eq(formDefinitions.id, intake));
    const response = await manager.post('/api/patient/autoAssignForms', { patientId: bob });
    expect(response.json()).toEqual({ assigned: 0, forms: [] });
    await t.database.db
      .update(formDefinitions)
      .set({ active: true })
      .where(eq(formDefinitions.id, intake));
  });

  it('never gives one practice the forms of another', async () => {
    const response = await owner2.post('/api/patient/autoAssignForms', { patientId: harriet });
    expect(response.json()).toMatchObject({
      assigned: 1,
      forms: [{ name: 'Harbor Light new client packet' }],
    });
    const [audit] = await audits(harriet, 'client.forms_assigned');
    expect(audit?.practiceId).toBe(2);
    // The second practice cannot reach the first one's client, and the other way round.
    expect(
      (await owner2.post('/api/patient/autoAssignForms', { patientId: margaret })).statusCode,
    ).toBe(404);
    expect(
      (await manager.post('/api/patient/autoAssignForms', { patientId: harriet })).statusCode,
    ).toBe(404);
  });

  it('403 without demographic access to the client; 400 for a bad id; 403 without CSRF', async () => {
    expect(
      (await therapist2.post('/api/patient/autoAssignForms', { patientId: margaret })).statusCode,
    ).toBe(403);
    expect(
      (await manager.post('/api/patient/autoAssignForms', { patientId: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await manager.post('/api/patient/autoAssignForms', {}, { csrf: false })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/patientRegistration/listPendingForms', () => {
  it('lists pending forms only, and audits the read', async () => {
    const response = await manager.get(
      `/api/patientRegistration/listPendingForms?patientId=${margaret}`,
    );
    expect(response.statusCode).toBe(200);
    // The intake questionnaire was completed above; the release is pending.
    expect(response.json().forms).toEqual([
      expect.objectContaining({ formDefinitionId: release, status: 'pending' }),
    ]);
    const reads = await audits(margaret, 'client.forms_read');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.detail).toEqual({
      kind: 'view',
      route: 'GET /api/patientRegistration/listPendingForms',
    });
  });

  it('keeps practices apart', async () => {
    expect(
      (await owner2.get(`/api/patientRegistration/listPendingForms?patientId=${margaret}`))
        .statusCode,
    ).toBe(404);
    const own = await owner2.get(`/api/patientRegistration/listPendingForms?patientId=${harriet}`);
    expect(own.json().forms.map((f: { name: string }) => f.name)).toEqual([
      'Harbor Light new client packet',
    ]);
  });

  it('403 for a therapist who does not treat the client', async () => {
    expect(
      (await therapist2.get(`/api/patientRegistration/listPendingForms?patientId=${margaret}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('creating a client', () => {
  it('gives the new client the automatic forms in the same transaction, audited', async () => {
    const [therapist] = await t.database.db
      .select({ id: therapists.id })
      .from(therapists)
      .where(eq(therapists.practiceId, 1))
      .limit(1);
    const created = await frontoffice.post('/api/patient/addNewPatientForTherapists', {
      firstName: 'Fiona',
      lastName: 'Formsworth',
      therapistIds: [therapist?.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().patientId as number;
    expect(await assignmentsOf(id)).toEqual([
      {
        formDefinitionId: intake,
        status: 'assigned',
        assignedByUserId: await userIdOf('frontoffice'),
      },
    ]);
    // The creation's audit row names the forms it gave.
    expect((await audits(id, 'client.created'))[0]?.detail).toMatchObject({
      formDefinitionIds: [intake],
    });
    const pending = await manager.get(`/api/patientRegistration/listPendingForms?patientId=${id}`);
    expect(pending.json().forms.map((f: { name: string }) => f.name)).toEqual([
      'Intake questionnaire',
    ]);
  });
});
