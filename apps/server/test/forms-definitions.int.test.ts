import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/** Form definitions and the library (issue 18 item 1): versions kept, locked forms, practices apart. */

let t: TestApp;
let manager: Browser;
let frontoffice: Browser;
let owner2: Browser;

const form = (title: string, extra: Record<string, unknown>[] = []) => ({
  resourceType: 'Questionnaire',
  title,
  item: [{ linkId: 'q1', type: 'string', text: 'Your question', required: true }, ...extra],
});

beforeAll(async () => {
  t = await testApp();
  [manager, frontoffice, owner2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'frontoffice'),
    signedIn(t.app, 'owner2'),
  ]);
});
afterAll(() => t.close());

/** The database's refusal (drizzle wraps it: the trigger's message is the cause). */
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: unknown) =>
      (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message,
  );

describe('the library', () => {
  it('lists the seven forms, each already added to the demo practice, the measures locked', async () => {
    const response = await frontoffice.get('/api/guide/list');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as {
      key: string;
      locked: boolean;
      addedDefinitionId: number | null;
      questionnaire: { code?: { code: string }[] };
    }[];
    expect(data.map((f) => f.key)).toEqual([
      'intake',
      'consent-to-treatment',
      'telehealth-consent',
      'release-of-information',
      'hipaa-acknowledgement',
      'phq9',
      'gad7',
    ]);
    expect(data.every((f) => f.addedDefinitionId !== null)).toBe(true);
    expect(data.filter((f) => f.locked).map((f) => f.questionnaire.code?.[0]?.code)).toEqual([
      '44249-1',
      '69737-5',
    ]);
  });

  it('adds a form in one call (published as version 1); twice is refused; unknown keys 404', async () => {
    const added = await owner2.post('/api/guide/form', { key: 'gad7' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({
      name: 'GAD-7',
      currentVersion: 1,
      locked: true,
      measure: 'gad7',
    });
    expect((await owner2.post('/api/guide/form', { key: 'gad7' })).statusCode).toBe(409);
    expect((await owner2.post('/api/guide/form', { key: 'nope' })).statusCode).toBe(404);
    // Only managers add forms.
    expect((await frontoffice.post('/api/guide/form', { key: 'gad7' })).statusCode).toBe(403);
  });
});

describe('definitions and versions', () => {
  let id: number;

  it('creates a draft, which is not assignable until published', async () => {
    const created = await manager.post('/api/form/definition', {
      questionnaire: form('Sleep diary'),
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().data.id;
    expect(created.json().data).toMatchObject({ currentVersion: null, hasDraft: true });
    const list = (await frontoffice.get('/api/form/definition/practiceList')).json().data as {
      id: number;
    }[];
    expect(list.some((d) => d.id === id)).toBe(false);
  });

  it('publishes versions 1 and 2; version 1 is still readable as it was', async () => {
    expect(
      (await manager.post(`/api/form/definition/${id}/publish`)).json().data.currentVersion,
    ).toBe(1);
    expect((await manager.post(`/api/form/definition/${id}/publish`)).statusCode).toBe(409);
    const edited = await manager.request('PUT', `/api/form/definition/${id}/draft`, {
      questionnaire: form('Sleep diary', [{ linkId: 'q2', type: 'integer', text: 'Hours slept' }]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await manager.post(`/api/form/definition/${id}/publish`);
    expect(second.json().data.currentVersion).toBe(2);
    expect(second.json().data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v1 = await frontoffice.get(`/api/form/definition/${id}?version=1`);
    expect(v1.json().data.shown.item).toHaveLength(1);
    expect(v1.json().data.published.item).toHaveLength(2);
  });

  it('the database refuses to change a published version', async () => {
    expect(
      await refusal(
        t.database.db.execute(
          sql`update form_definition_versions set questionnaire = '{}'::jsonb where definition_id = ${id}`,
        ),
      ),
    ).toMatch(/cannot change/);
  });

  it('refuses a bad definition with 400 naming the field, storing nothing', async () => {
    const before = (await manager.get('/api/form/definition')).json().data.length;
    const bad = await manager.post('/api/form/definition', {
      questionnaire: form('Bad', [{ linkId: 'q1', type: 'string', text: 'Again' }]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('questionnaire.item.1.linkId');
    const badType = await manager.post('/api/form/definition', {
      questionnaire: form('Bad', [{ linkId: 'q9', type: 'signature', text: 'x' }]),
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toMatch(/^questionnaire\.item\.1/);
    expect((await manager.get('/api/form/definition')).json().data.length).toBe(before);
  });

  it('locked forms are never edited', async () => {
    const phq = (
      (await manager.get('/api/form/definition')).json().data as { id: number; name: string }[]
    ).find((d) => d.name === 'PHQ-9');
    const response = await manager.request('PUT', `/api/form/definition/${phq?.id}/draft`, {
      questionnaire: form('PHQ-9'),
    });
    expect(response.statusCode).toBe(409);
  });

  it('unsupported lists forms the renderer cannot show, with why', async () => {
    const response = await owner2.get('/api/form/definition/unsupported');
    expect(response.statusCode).toBe(200);
    // The demo forms all have content; a form from before the builder would say it has none.
    expect(response.json().data).toEqual([]);
    await t.database.db.execute(
      sql`insert into form_definition_versions (practice_id, definition_id, version, questionnaire)
          select practice_id, id, 99, '{"resourceType":"Questionnaire","title":"Old","item":[]}'::jsonb
            from form_definitions where practice_id = 2 order by id limit 1`,
    );
    await t.database.db.execute(
      sql`update form_definitions set current_version = 99 where id = (select min(id) from form_definitions where practice_id = 2)`,
    );
    const after = (await owner2.get('/api/form/definition/unsupported')).json().data;
    expect(after[0].reasons).toEqual(['It has no questions yet.']);
  });

  it('another practice gets 404 for a definition; front office cannot write', async () => {
    expect((await owner2.get(`/api/form/definition/${id}`)).statusCode).toBe(404);
    expect((await owner2.post(`/api/form/definition/${id}/publish`)).statusCode).toBe(404);
    expect(
      (await frontoffice.post('/api/form/definition', { questionnaire: form('X') })).statusCode,
    ).toBe(403);
  });
});
