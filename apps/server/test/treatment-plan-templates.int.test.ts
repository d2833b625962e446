import { SHIPPED_PLAN_TEMPLATE } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Treatment plan templates on the real database (issue 18 items 5 and 8): the shipped
 * default equals the domain's; managers add their own; a template that could not be shown
 * is refused naming the field and stores nothing; the unsupported list says why.
 */

let t: TestApp;
let therapist: Browser;
let manager: Browser;
let otherPractice: Browser;

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer it reads
const data = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(t.database.db, query))[0]!;

beforeAll(async () => {
  t = await testApp();
  therapist = await signedIn(t.app, 'therapist3');
  manager = await signedIn(t.app, 'manager');
  otherPractice = await signedIn(t.app, 'owner2');
});
afterAll(() => t.close());

describe('templates', () => {
  it('lists the shipped default, equal to the domain’s', async () => {
    const response = await therapist.get('/api/treatmentPlan/definition/practiceList');
    expect(response.statusCode, response.body).toBe(200);
    const [shipped] = data<{ name: string; shipped: boolean; definition: unknown }[]>(response);
    expect(shipped).toMatchObject({ name: SHIPPED_PLAN_TEMPLATE.name, shipped: true });
    expect(shipped!.definition).toEqual(SHIPPED_PLAN_TEMPLATE.definition);
  });

  it('managers add one; one without goals is refused naming the field, and nothing is stored', async () => {
    const sections = SHIPPED_PLAN_TEMPLATE.definition.sections.filter((s) => s.key !== 'strengths');
    const created = await manager.post('/api/treatmentPlan/definition', {
      name: 'Brief plan',
      definition: { sections },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = data<{ templateId: number }>(created).templateId;
    expect((await otherPractice.get(`/api/treatmentPlan/definition/${id}`)).statusCode).toBe(404);
    expect(
      (
        await therapist.post('/api/treatmentPlan/definition', {
          name: 'x',
          definition: { sections },
        })
      ).statusCode,
    ).toBe(403);

    const before = await one<{ n: number }>(
      sql`select count(*)::int as n from treatment_plan_templates`,
    );
    const bad = await manager.post('/api/treatmentPlan/definition', {
      name: 'No goals',
      definition: { sections: sections.filter((s) => s.key !== 'goals') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'definition.sections' });
    const unknownKey = await manager.post('/api/treatmentPlan/definition', {
      name: 'Odd',
      definition: {
        sections: [...sections, { key: 'risk', title: 'Risk', help: '', required: false }],
      },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json()).toMatchObject({ field: 'definition.sections.6.key' });
    const after = await one<{ n: number }>(
      sql`select count(*)::int as n from treatment_plan_templates`,
    );
    expect(after.n).toBe(before.n);
  });

  it('the shipped one is read-only; a stored template this version cannot show is listed with why', async () => {
    const [shipped] = data<{ templateId: number }[]>(
      await manager.get('/api/treatmentPlan/definition/practiceList'),
    );
    const change = await manager.request(
      'PUT',
      `/api/treatmentPlan/definition/${shipped!.templateId}`,
      {
        name: 'Mine',
        definition: SHIPPED_PLAN_TEMPLATE.definition,
      },
    );
    expect(change.statusCode).toBe(403);
    await t.database.db.execute(
      sql`insert into treatment_plan_templates (practice_id, name, definition) values (1, 'Imported', '{"sections":[{"key":"goals"}]}')`,
    );
    const unsupported = data<{ name: string; problems: string[] }[]>(
      await manager.get('/api/treatmentPlan/definition/unsupported'),
    );
    expect(unsupported).toEqual([
      expect.objectContaining({
        name: 'Imported',
        problems: ["The section 'diagnoses' is missing; every plan needs it."],
      }),
    ]);
  });
});
