import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const lastAction = async () =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('impersonation', () => {
  it('lets support act as a practice user and return', async () => {
    const support = await signedIn(t.app, 'support');
    expect((await support.get('/api/practice/listTherapists')).statusCode).toBe(403);
    const practicesList = (await support.get('/api/system/impersonation/practices')).json().data;
    const riverbend = practicesList.find(
      (p: { name: string }) => p.name === 'Riverbend Counseling Collective',
    );
    const people = (
      await support.get(`/api/system/impersonation/users?practiceId=${riverbend.id}`)
    ).json().data;
    const manager = people.find((u: { username: string }) => u.username === 'manager');

    const start = await support.post('/api/system/impersonateUser/default', {
      user_id: manager.id,
      practice_id: riverbend.id,
      reason: 'Ticket 17: reports page is blank',
    });
    expect(start.statusCode).toBe(200);
    expect(await lastAction()).toMatchObject({
      action: 'auth.impersonation_start',
      actorUserId: manager.id,
      practiceId: riverbend.id,
      detail: expect.objectContaining({ reason: 'Ticket 17: reports page is blank' }),
    });

    const identity = (await support.get('/api/user/identity')).json();
    expect(identity).toMatchObject({
      isAuthenticated: true,
      id: manager.id,
      practiceId: riverbend.id,
      impersonating: true,
      impersonationType: 'IMPERSONATION',
      impersonatorName: 'Sam Support',
      authorities: ['customer.manager'],
    });
    expect((await support.get('/api/practice/listTherapists')).statusCode).toBe(200);

    expect((await support.post('/api/system/impersonateUser/stop')).statusCode).toBe(200);
    expect(await lastAction()).toMatchObject({ action: 'auth.impersonation_end' });
    const back = (await support.get('/api/user/identity')).json();
    expect(back).toMatchObject({
      impersonating: false,
      impersonationType: null,
      practiceId: null,
      type: 'support',
    });
  });

  it("refuses anyone without a ta role: 'Permission denied'", async () => {
    const owner = await signedIn(t.app, 'owner');
    const response = await owner.post('/api/system/impersonateUser/default', {
      user_id: 1,
      practice_id: 1,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Permission denied');
  });

  it('refuses a user who is not in the named practice', async () => {
    const support = await signedIn(t.app, 'support');
    const people = (await support.get('/api/system/impersonation/users?practiceId=2')).json().data;
    const response = await support.post('/api/system/impersonateUser/default', {
      user_id: people[0].id,
      practice_id: 1,
      reason: 'Checking a setting',
    });
    expect(response.statusCode).toBe(404);
  });

  it('says so when stop is called while not impersonating', async () => {
    const support = await signedIn(t.app, 'support');
    const response = await support.post('/api/system/impersonateUser/stop');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You are not impersonating anyone.');
  });
});

describe('external agents', () => {
  it('lets the agent assume its agent identity (EXTERNAL_AGENT), audited', async () => {
    const agent = await signedIn(t.app, 'agent');
    const identities = (await agent.get('/api/externalagent/main/identities')).json().data;
    expect(identities).toHaveLength(1);
    const response = await agent.post('/api/externalagent/main/assume', { id: identities[0].id });
    expect(response.statusCode).toBe(200);
    expect(await lastAction()).toMatchObject({
      action: 'auth.external_agent_assumed',
      practiceId: identities[0].practiceId,
    });
    expect((await agent.get('/api/user/identity')).json()).toMatchObject({
      impersonationType: 'EXTERNAL_AGENT',
      practiceId: identities[0].practiceId,
      type: 'agent',
    });
  });

  it('refuses an agent identity that belongs to someone else', async () => {
    const therapist = await signedIn(t.app, 'therapist1');
    expect((await therapist.get('/api/externalagent/main/identities')).json().data).toEqual([]);
    const response = await therapist.post('/api/externalagent/main/assume', { id: 1 });
    expect(response.statusCode).toBe(403);
  });
});
