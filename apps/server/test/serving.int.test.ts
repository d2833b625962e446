import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { SESSION_COOKIE } from '../src/platform/sessions.ts';
import { signedIn, testDatabase } from './harness.ts';

let app: FastifyInstance;
let database: Database;
let dist: string;
const script = 'console.log("hello from the app");'.repeat(50);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'op-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><script type="module" src="/n/assets/index-AbC12345.js"></script></head></html>',
  );
  // What Vite's manifest says each layout loads (web-preloads.ts), less what the entry does.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbC12345.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-Aaaa1111.js' },
      '_mui.js': { file: 'assets/mui-Cccc3333.js', imports: ['_react.js'] },
      'src/app/layouts/default-layout.tsx': {
        file: 'assets/default-layout-Bbbb2222.js',
        imports: ['index.html', '_react.js', '_mui.js'],
      },
      'src/app/layouts/public-layout.tsx': {
        file: 'assets/public-layout-Dddd4444.js',
        imports: ['_mui.js'],
      },
    }),
  );
  writeFileSync(join(dist, 'assets', 'index-AbC12345.js'), script);
  writeFileSync(join(dist, 'assets', 'index-AbC12345.js.br'), brotliCompressSync(script));
  database = await testDatabase();
  app = await buildApp({ database, webDist: dist, logLevel: 'silent' });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('redirects / to /n/', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/n/');
  });

  it.each(['/n/', '/n/schedule', '/n/client/12/loginHistory'])(
    'serves index.html for %s, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<html lang="en">');
    },
  );

  it('serves hashed assets compressed and cached for a year', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/n/assets/index-AbC12345.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length);
  });

  it('serves the plain asset to a client that accepts no compression', async () => {
    const response = await app.inject({ method: 'GET', url: '/n/assets/index-AbC12345.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/n/assets/gone-XyZ98765.js' })).statusCode,
    ).toBe(404);
  });
});

describe('the first load asks for its layout with the entry (issue 24)', () => {
  const preloads = (body: string) =>
    [...body.matchAll(/rel="modulepreload" crossorigin href="\/n\/assets\/([^"]+)"/g)].map(
      (m) => m[1],
    );
  const session = { cookie: `${SESSION_COOKIE}=some-token` };

  it('a signed-in page, with a session: the signed-in layout and what it imports, not the entry’s', async () => {
    const response = await app.inject({ method: 'GET', url: '/n/schedule', headers: session });
    expect(preloads(response.body)).toEqual(['default-layout-Bbbb2222.js', 'mui-Cccc3333.js']);
  });

  it('the same page compressed says the same', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/n/schedule',
      headers: { ...session, 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(preloads(brotliDecompressSync(response.rawPayload).toString('utf8'))).toHaveLength(2);
  });

  it.each([
    ['/n/schedule', {}, []],
    ['/n/public/findYourTherapist/3', {}, ['public-layout-Dddd4444.js', 'mui-Cccc3333.js']],
    ['/n/public/login', session, []],
    ['/n/public/forgotPassword', {}, []],
    ['/n/iframe/client/3/treatmentPlans', session, []],
  ] as const)('%s with %j preloads %j', async (url, headers, expected) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(preloads(response.body)).toEqual(expected);
  });
});

describe('security headers', () => {
  it('sends a strict CSP with no inline scripts, nosniff and same-origin framing, and no version banner', async () => {
    const response = await app.inject({ method: 'GET', url: '/n/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
  });

  it('marks every API response no-store', async () => {
    for (const url of ['/api/user/identity', '/api/system/recordStatus', '/api/nothing-here']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe(
        'no-store',
      );
    }
  });

  it('publishes the OpenAPI document at /api/docs to signed-in staff', async () => {
    const owner = await signedIn(app, 'owner');
    const doc = (await owner.get('/api/docs')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/public/auth/doLogin', '/api/user/identity']),
    );
    expect(JSON.stringify(doc.paths['/api/public/auth/doLogin'])).toContain('user_rememberme');
  });
});
