import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, sessions, users } from '../src/db/schema/index.ts';
import { toErrorResponse } from '../src/platform/errors.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;

describe('bad input gets a 4xx that names the problem, never a 500 or a partial write', () => {
  it('400 for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/auth/doLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"user_username": "owner", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'The request body is not valid JSON.',
    });
  });

  it.each([
    ['a missing field', { user_password: 'x' }, 'user_username'],
    ['a wrong type', { user_username: 42, user_password: 'x' }, 'user_username'],
    [
      'an over-long field',
      { user_username: 'owner', user_password: 'x'.repeat(129) },
      'user_password',
    ],
    [
      'an unknown remember mode',
      { user_username: 'owner', user_password: 'x', user_rememberme: 'forever' },
      'user_rememberme',
    ],
  ])('400 naming the field for %s', async (_label, body, field) => {
    const before = await sessionCount();
    const response = await new Browser(t.app).post('/api/public/auth/doLogin', body, {
      csrf: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', field });
    expect(response.json().message).toContain(field);
    expect(await sessionCount()).toBe(before);
  });

  it('400 naming the field for a bad query parameter', async () => {
    const support = await signedIn(t.app, 'support');
    const response = await support.get('/api/system/impersonation/users?practiceId=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'practiceId' });
  });

  it('413 for a body over the limit', async () => {
    const response = await new Browser(t.app).post(
      '/api/public/auth/doLogin',
      { user_username: 'x'.repeat(2 * 1024 * 1024), user_password: 'x' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(413);
  });

  it('415 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/auth/doLogin',
      headers: { 'content-type': 'text/plain' },
      payload: 'user_username=owner',
    });
    expect(response.statusCode).toBe(415);
  });

  it('404 with a JSON message for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'There is no GET /api/no/such/thing.',
    });
  });
});

describe('the platform input guard: a 400 naming the field, on every route (issue 13, finding 7)', () => {
  let owner: Browser;
  let patientId: number;
  beforeAll(async () => {
    owner = await signedIn(t.app, 'owner');
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'owner'));
    const [client] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.practiceId, me!.practiceId!))
      .limit(1);
    patientId = client!.id;
  });

  const expectRefused = (response: LightMyRequestResponse, field: string, words: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', field });
    expect(response.json().message).toContain(`field '${field}': ${words}`);
  };

  it('refuses a NUL in text before sign-in looks the user up', async () => {
    const response = await new Browser(t.app).post(
      '/api/public/auth/doLogin',
      { user_username: 'own\u0000er', user_password: 'x' },
      { csrf: false },
    );
    expectRefused(response, 'user_username', 'must not contain control characters (found U+0000)');
  });

  it('refuses U+0001 in a memo, and keeps its tabs and line breaks', async () => {
    const bad = await owner.post('/api/patient/saveMemo', { patientId, text: 'a\u0001b' });
    expectRefused(bad, 'text', 'must not contain control characters (found U+0001)');
    const good = await owner.post('/api/patient/saveMemo', { patientId, text: 'one\n\ttwo\r\n' });
    expect(good.statusCode, good.body).toBe(200);
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, patientId));
    expect(row!.memo).toContain('\ttwo');
  });

  it('names a field inside an array or an object with dots', async () => {
    const inArray = await owner.post('/api/patientChartDiagnosis/updateClinicalInformation', {
      patientId,
      diagnosisCode: ['F41\u0000'],
    });
    expectRefused(inArray, 'diagnosisCode.0', 'must not contain control characters');
    const inObject = await owner.post('/api/patientChartDiagnosis/updateClinicalInformation', {
      patientId,
      diagnosisCode: [],
      accidentInformation: {
        accidentCauseEmployment: false,
        accidentCauseDriving: false,
        accidentCauseOther: true,
        accidentCauseState: 'M\u0007',
      },
    });
    expectRefused(inObject, 'accidentInformation.accidentCauseState', 'must not contain');
  });

  it('refuses an id beyond 2,147,483,647 in a body and in a query', async () => {
    const body = await owner.post('/api/externalagent/main/assume', { id: 2147483648 });
    expectRefused(body, 'id', 'is out of range: it must be from -2147483647 to 2147483647');
    const query = await owner.get(`/api/patient/getSummary?patientId=9007199254740993`);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ field: 'patientId' });
  });

  it('refuses dates before 1900 or after 2200, as days and as instants', async () => {
    const day = await owner.get('/api/emailMonitoring/outbound?sentAfter=0000-01-01');
    expectRefused(day, 'sentAfter', 'must be a date from 1900-01-01 to 2200-12-31');
    expect(day.json().message).toMatch(/^querystring /);
    const instant = await owner.get(
      '/api/availability/countConflicts?duration=60&therapistId=1&start=9999-12-31T23:59:59Z',
    );
    expectRefused(instant, 'start', 'must be a date from 1900-01-01 to 2200-12-31');
  });

  it('guards the parts a route does not declare (a stray query parameter)', async () => {
    const response = await owner.get('/api/user/identity?note=%00');
    expectRefused(response, 'note', 'must not contain control characters');
  });
});

describe('a value the database refuses is a 400, not a 500 (the backstop behind the guard)', () => {
  const refusal = async (query: ReturnType<typeof sql>) => {
    const error = await t.database.db.execute(query).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    return toErrorResponse(error);
  };

  it.each([
    ['22003 integer out of range', sql`SELECT ${'2147483648'}::int`],
    ['22P02 invalid text representation', sql`SELECT ${'12abc'}::int`],
    ['22008 date out of range', sql`SELECT ${'0000-01-01'}::date`],
    ['22021/22P05 NUL in text', sql`SELECT ${'a\u0000b'}::text`],
  ])('%s', async (_label, query) => {
    const { statusCode, body } = await refusal(query);
    expect(statusCode).toBe(400);
    expect(body.message).toMatch(/^A value in the request is/);
  });

  it('still answers 500 to a database error that is ours (a missing table)', async () => {
    const { statusCode } = await refusal(sql`SELECT * FROM no_such_table`);
    expect(statusCode).toBe(500);
  });
});
