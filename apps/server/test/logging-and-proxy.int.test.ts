import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // light-my-request's requests come from 127.0.0.1: that is the proxy here.
  t = await testApp({
    trustProxy: ['127.0.0.1'],
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(() => t.close());

describe('behind an HTTPS proxy', () => {
  it('marks the session cookie Secure', async () => {
    const response = await new Browser(t.app).request(
      'POST',
      '/api/public/auth/doLogin',
      { user_username: 'owner', user_password: 'DemoPass!2026' },
      { csrf: false, headers: { 'x-forwarded-proto': 'https' } },
    );
    const cookie = response.cookies.find((c) => c.name === '__Host-op_session');
    expect(cookie?.secure).toBe(true);
  });
});

describe('logs', () => {
  it('carry a request id on every request line and never a password, token or search text', async () => {
    lines.length = 0;
    const browser = new Browser(t.app);
    await browser.signIn('therapist1', 'Wr0ng-Secret-Guess');
    const signed = await signedIn(t.app, 'therapist1');
    await signed.get('/api/practice/listTherapists?search=Margaret%20Hamilton');
    await signed.post('/api/user/verifyPassword', { password: 'An0ther-Secret' });
    expect(lines.length).toBeGreaterThan(4);
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(4);
    for (const line of requestLines) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const all = lines.join('\n');
    for (const secret of [
      'Wr0ng-Secret-Guess',
      'An0ther-Secret',
      'DemoPass!2026',
      'Margaret',
      signed.cookie('op_session')!,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
