import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
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
