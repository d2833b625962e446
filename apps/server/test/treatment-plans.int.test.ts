import { PLAN_MESSAGES, defaultReviewDate, zonedIsoDate } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-cast.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Treatment plans on the real database (issue 18 items 5 and 8): a supervisee's
 * plan through its signature, the supervisor's and the client's in the portal; versions
 * kept; what is signed cannot change, even by SQL; who may read; bad input names its field
 * and stores nothing; the dashboard lists.
 */

let t: TestApp;
let therapist: Browser; // therapist3, supervised by therapist1
let supervisor: Browser; // therapist1
let biller: Browser;
let portal: Browser; // client1
let otherPractice: Browser;
let clientId: number;
let therapistId: number;
let planId: number;

type Plan = {
  planId: number;
  state: string;
  version: number;
  isCurrent: boolean;
  reviewDate: string;
  updatedAt: string;
  content: Record<string, unknown>;
  signatures: { role: string; typedName: string | null }[];
  comments: { text: string }[];
  progress: { goalId: string; progress: string }[];
  versions: { planId: number; version: number; state: string }[];
  actions: Record<string, boolean>;
};

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer it reads
const data = <T = Plan>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(t.database.db, query))[0]!;

const content = {
  diagnoses: ['F41.1'],
  presentingProblem: 'Worries most days about work and health.',
  strengths: 'Supportive partner; motivated.',
  goals: [
    {
      id: 'g1',
      text: 'Reduce anxiety',
      objectives: [
        { id: 'o1', text: 'GAD-7 below 5 on two measures in a row', targetDate: '2027-03-01' },
      ],
    },
  ],
  interventions: 'CBT; worry exposure; relaxation training.',
  frequency: 'Weekly 53-minute sessions',
  dischargeCriteria: 'GAD-7 below 5 for a month.',
};

async function verify(browser: Browser) {
  const response = await browser.post('/api/user/verifyPassword', { password: DEMO_PASSWORD });
  expect(response.json()).toEqual({ verified: true });
}

const put = (browser: Browser, id: number, body: unknown) =>
  browser.request('PUT', `/api/treatmentPlans/${id}`, body);

beforeAll(async () => {
  t = await testApp();
  therapist = await signedIn(t.app, 'therapist3');
  supervisor = await signedIn(t.app, 'therapist1');
  biller = await signedIn(t.app, 'biller');
  portal = await signedIn(t.app, 'client1');
  otherPractice = await signedIn(t.app, 'owner2');
  therapistId = (
    await one<{ id: number }>(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist3'`,
    )
  ).id;
  clientId = (
    await one<{ id: number }>(
      sql`select c.id from clients c join users u on u.id = c.portal_user_id where u.username = 'client1'`,
    )
  ).id;
  // therapist3 also sees client1 (their therapist1 plan is the demo's; this one is new).
  await t.database.db.execute(
    sql`insert into client_therapists (client_id, therapist_id) values (${clientId}, ${therapistId}) on conflict do nothing`,
  );
});
afterAll(() => t.close());

describe('a supervisee’s plan, signed by therapist, supervisor and client', () => {
  let plan: Plan;

  it('starts as a draft reviewed in 90 days; outsiders are refused', async () => {
    const response = await therapist.post('/api/treatmentPlans', {
      patientId: clientId,
      therapistId,
    });
    expect(response.statusCode, response.body).toBe(200);
    plan = data(response);
    planId = plan.planId;
    expect(plan).toMatchObject({ state: 'draft', version: 1, isCurrent: true });
    expect(plan.reviewDate).toBe(
      defaultReviewDate(zonedIsoDate(t.clock.now(), 'America/New_York')),
    );
    expect(plan.actions).toMatchObject({ canEdit: true, canSign: true, canCosign: false });

    expect((await biller.get(`/api/treatmentPlans/${planId}`)).statusCode).toBe(403);
    expect((await otherPractice.get(`/api/treatmentPlans/${planId}`)).statusCode).toBe(404);
    const foreign = await otherPractice.post('/api/treatmentPlans', {
      patientId: clientId,
      therapistId,
    });
    expect(foreign.statusCode).toBe(404);
    const again = await therapist.post('/api/treatmentPlans', { patientId: clientId, therapistId });
    expect(again.statusCode).toBe(409);
  });

  it('bad input names the field and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...content, diagnoses: ['nope'] }, 'content.diagnoses.0'],
      [{ ...content, diagnoses: ['Z99.999'] }, 'content.diagnoses.0'],
      [
        {
          ...content,
          goals: [
            {
              id: 'g1',
              text: 'x',
              objectives: [{ id: 'o1', text: 'y', targetDate: '2027-13-45' }],
            },
          ],
        },
        'content.goals.0.objectives.0.targetDate',
      ],
      [{ ...content, frequency: 5 }, 'content.frequency'],
    ];
    for (const [bad, field] of cases) {
      const response = await put(therapist, planId, {
        content: bad,
        reviewDate: plan.reviewDate,
        updatedAt: plan.updatedAt,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
    const stored = await one<{ content: { presentingProblem: string } }>(
      sql`select content from treatment_plans where id = ${planId}`,
    );
    expect(stored.content.presentingProblem).toBe('');
  });

  it('signing an incomplete plan names what is missing; signing needs the password check', async () => {
    const incomplete = await therapist.post(`/api/treatmentPlans/${planId}/sign`);
    expect(incomplete.statusCode).toBe(403);
    expect(incomplete.json()).toMatchObject({ field: 'password' });
    await verify(therapist);
    const missing = await therapist.post(`/api/treatmentPlans/${planId}/sign`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'content.diagnoses' });

    const saved = await put(therapist, planId, {
      content,
      reviewDate: plan.reviewDate,
      updatedAt: plan.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await put(therapist, planId, {
      content,
      reviewDate: plan.reviewDate,
      updatedAt: plan.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    plan = data(saved);

    expect((await supervisor.post(`/api/treatmentPlans/${planId}/sign`)).statusCode).toBe(403);
    const signed = await therapist.post(`/api/treatmentPlans/${planId}/sign`);
    expect(signed.statusCode, signed.body).toBe(200);
    plan = data(signed);
    expect(plan.state).toBe('awaiting_supervisor');
    expect(plan.signatures).toEqual([
      expect.objectContaining({ role: 'therapist', typedName: null }),
    ]);
  });

  it('a signed plan cannot change, by the API or by SQL', async () => {
    const change = await put(therapist, planId, {
      content,
      reviewDate: plan.reviewDate,
      updatedAt: plan.updatedAt,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ message: PLAN_MESSAGES.signedImmutable });
    const db = t.database.db;
    await expect(
      db.execute(sql`update treatment_plans set review_date = '2030-01-01' where id = ${planId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from treatment_plans where id = ${planId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`update treatment_plan_signatures set signer_name = 'x' where plan_id = ${planId}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from treatment_plan_signatures where plan_id = ${planId}`),
    ).rejects.toThrow();
  });

  it('the client sees it only once the supervisor co-signs (with the password check)', async () => {
    const before = data<{ plans: { planId: number }[] }>(
      await portal.get('/api/portal/treatmentPlans'),
    );
    expect(before.plans.map((p) => p.planId)).not.toContain(planId);
    expect((await therapist.post(`/api/treatmentPlans/${planId}/cosign`)).statusCode).toBe(403);
    const unverified = await supervisor.post(`/api/treatmentPlans/${planId}/cosign`);
    expect(unverified.json()).toMatchObject({ field: 'password' });
    await verify(supervisor);
    const cosigned = await supervisor.post(`/api/treatmentPlans/${planId}/cosign`);
    expect(cosigned.statusCode, cosigned.body).toBe(200);
    expect(data(cosigned).state).toBe('awaiting_client');
  });

  it('the client signs only their own plan, with their name, recorded with who, when and from where', async () => {
    const list = data<{ plans: { planId: number; canSign: boolean }[] }>(
      await portal.get('/api/portal/treatmentPlans'),
    );
    expect(list.plans).toContainEqual(expect.objectContaining({ planId, canSign: true }));
    expect((await therapist.get('/api/portal/treatmentPlans')).statusCode).toBe(403);

    // Someone else's plan (another client of therapist1): not found for client1.
    const otherClient = await one<{ id: number }>(
      sql`select ct.client_id as id from client_therapists ct join therapists t on t.id = ct.therapist_id
          join users u on u.id = t.user_id where u.username = 'therapist1' and ct.client_id <> ${clientId}
            and not exists (select 1 from treatment_plans p where p.client_id = ct.client_id) limit 1`,
    );
    const theirs = await supervisor.post('/api/treatmentPlans', {
      patientId: otherClient.id,
      therapistId: (
        await one<{ id: number }>(
          sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist1'`,
        )
      ).id,
    });
    const other = { id: data(theirs).planId };
    const foreign = await portal.post(`/api/portal/treatmentPlans/${other.id}/sign`, {
      typedName: 'Anyone',
    });
    expect(foreign.statusCode).toBe(404);

    const wrong = await portal.post(`/api/portal/treatmentPlans/${planId}/sign`, {
      typedName: 'Someone Else',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'typedName' });
    const me = await one<{ name: string }>(
      sql`select first_name || ' ' || last_name as name from clients where id = ${clientId}`,
    );
    const signed = await portal.post(`/api/portal/treatmentPlans/${planId}/sign`, {
      typedName: me.name.toUpperCase(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(data<{ state: string }>(signed).state).toBe('signed');
    const row = await one<{ ip: string | null; typedName: string; userId: number }>(
      sql`select ip, typed_name as "typedName", user_id as "userId" from treatment_plan_signatures where plan_id = ${planId} and role = 'client'`,
    );
    expect(row.typedName).toBe(me.name.toUpperCase());
    expect(row.ip).toBeTruthy();
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'client.treatment_plan_signed_by_client' and patient_id = ${clientId}`,
    );
    expect(audit.n).toBe(1);
    expect(
      (await portal.post(`/api/portal/treatmentPlans/${planId}/sign`, { typedName: me.name }))
        .statusCode,
    ).toBe(409);
  });

  it('records goal progress and comments on the signed plan', async () => {
    const progress = await therapist.post(`/api/treatmentPlans/${planId}/progress`, {
      goalId: 'g1',
      progress: 'improving',
    });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(data(progress).progress).toEqual([
      expect.objectContaining({ goalId: 'g1', progress: 'improving' }),
    ]);
    expect(
      (
        await therapist.post(`/api/treatmentPlans/${planId}/progress`, {
          goalId: 'nope',
          progress: 'improving',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await therapist.post(`/api/treatmentPlans/${planId}/progress`, {
          goalId: 'g1',
          progress: 'better',
        })
      ).statusCode,
    ).toBe(400);
    const comment = await supervisor.post(`/api/treatmentPlans/${planId}/comments`, {
      text: 'Add a sleep goal next time.',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(data(comment).comments).toEqual([
      expect.objectContaining({ text: 'Add a sleep goal next time.' }),
    ]);
  });

  it('revising makes the next version as a draft; the signed one is kept as a past plan', async () => {
    const revised = await therapist.post(`/api/treatmentPlans/${planId}/revise`);
    expect(revised.statusCode, revised.body).toBe(200);
    const next = data(revised);
    expect(next).toMatchObject({ version: 2, state: 'draft', isCurrent: true });
    expect(next.content).toEqual(content);
    expect(next.versions.map((v) => [v.version, v.state])).toEqual([
      [2, 'draft'],
      [1, 'signed'],
    ]);
    const past = data(await therapist.get(`/api/treatmentPlans/${planId}`));
    expect(past).toMatchObject({ isCurrent: false, state: 'signed' });
    expect(past.actions).toMatchObject({ canRevise: false, canEdit: false });
    expect((await therapist.post(`/api/treatmentPlans/${planId}/revise`)).statusCode).toBe(409);
    expect((await therapist.post(`/api/treatmentPlans/${next.planId}/revise`)).statusCode).toBe(
      409,
    );

    // The next version, due for review in 5 days, signed: expiring; the client's signature pending: unsigned.
    const soon = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const saved = await put(therapist, next.planId, {
      content,
      reviewDate: soon,
      updatedAt: next.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await verify(therapist);
    expect((await therapist.post(`/api/treatmentPlans/${next.planId}/sign`)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`insert into treatment_plan_comments (plan_id, user_id, author_name, text) select ${next.planId}, user_id, 'x', 'y' from therapists where id = ${therapistId}`,
    );

    type Item = {
      planId: number;
      days_old: number;
      display_name: string;
      has_comments: boolean;
      is_treatment_plan_therapist: boolean;
      therapistName: string;
    };
    const mine = data<{ items: Item[]; count: number }>(
      await therapist.get('/api/treatmentPlans/lists/expiring'),
    );
    expect(mine.items).toContainEqual(
      expect.objectContaining({
        planId: next.planId,
        days_old: 0,
        has_comments: true,
        is_treatment_plan_therapist: true,
      }),
    );
    const theirs = data<{ items: Item[] }>(
      await supervisor.get('/api/treatmentPlans/lists/unsigned'),
    );
    const row = theirs.items.find((i) => i.planId === next.planId);
    expect(row).toMatchObject({ is_treatment_plan_therapist: false, days_old: 0 });
    expect(row?.display_name).toBeTruthy();
    expect(row?.therapistName).toBeTruthy();
    expect(theirs.items.map((i) => i.planId)).not.toContain(planId);
    const foreign = data<{ items: Item[] }>(
      await otherPractice.get('/api/treatmentPlans/lists/unsigned'),
    );
    expect(foreign.items.map((i) => i.planId)).not.toContain(next.planId);
    expect((await therapist.get('/api/treatmentPlans/lists/other')).statusCode).toBe(400);
  });

  it('lists the client’s therapists with their current plans', async () => {
    const list = data<
      { therapistId: number; current: { version: number } | null; versions: number }[]
    >(await therapist.get(`/api/treatmentPlans/clients/${clientId}`));
    expect(list).toContainEqual(
      expect.objectContaining({
        therapistId,
        versions: 2,
        current: expect.objectContaining({ version: 2 }),
      }),
    );
    expect((await otherPractice.get(`/api/treatmentPlans/clients/${clientId}`)).statusCode).toBe(
      404,
    );
    expect((await biller.get(`/api/treatmentPlans/clients/${clientId}`)).statusCode).toBe(403);
  });
});
