import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let manager: Browser;
beforeAll(async () => {
  t = await testApp();
  manager = await signedIn(t.app, 'manager');
});
afterAll(() => t.close());

/** A large JSON answer (the API document) asked for with the given Accept-Encoding. */
const docs = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/docs',
    headers: {
      cookie: manager.cookieHeader,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('compressed JSON answers', () => {
  it('sends br when the caller takes it, the same JSON once decoded', async () => {
    const plain = await docs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await docs('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip, and sends plain text when nothing or only identity is offered', async () => {
    const gz = await docs('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual((await docs()).json());
    expect((await docs('identity')).headers['content-encoding']).toBeUndefined();
    expect((await docs('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers under 1 KB as they are', async () => {
    const small = await manager.get('/api/user/contact', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
