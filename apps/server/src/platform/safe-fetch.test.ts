import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch, SafeFetchError, type Resolver, type SafeFetchReason } from './safe-fetch.ts';

/**
 * The outbound guard against a real listener on this machine. The API tests
 * (test/calendar-external-ssrf.int.test.ts) see only the one user message;
 * these name the reason, so a refusal cannot pass for a network failure.
 */

let server: Server;
let port = 0;
const hosts: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '');
    const path = request.url ?? '/';
    if (path === '/to-loopback') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/ok` });
      return response.end();
    }
    if (path === '/loop') {
      response.writeHead(301, { location: '/loop' });
      return response.end();
    }
    if (path === '/hang') return;
    if (path === '/big') {
      response.writeHead(200);
      return response.end('x'.repeat(2048));
    }
    if (path === '/gone') {
      response.writeHead(410);
      return response.end('secret internal page');
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const reasonOf = async (promise: Promise<unknown>): Promise<SafeFetchReason | 'none'> => {
  try {
    await promise;
    return 'none';
  } catch (error) {
    if (error instanceof SafeFetchError) return error.reason;
    throw error;
  }
};

describe('safeFetch', () => {
  it('connects to exactly the address its resolver checked, resolving once', async () => {
    const asked: string[] = [];
    // .invalid never resolves in real DNS: only our answer can reach the listener.
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const response = await safeFetch(`http://ics.test.invalid:${port}/ok`, {
      resolve,
      allowPrivate: [`ics.test.invalid:${port}`],
    });
    expect(response.body.toString()).toBe('hello');
    expect(asked).toEqual(['ics.test.invalid']);
    expect(hosts.at(-1)).toBe(`ics.test.invalid:${port}`);
  });

  it.each<[string, string, SafeFetchReason]>([
    ['a loopback literal', 'http://127.0.0.1:{port}/ok', 'refused'],
    ['loopback written in decimal', 'http://2130706433:{port}/ok', 'refused'],
    ['a name that resolves to loopback', 'http://evil.example:{port}/ok', 'refused'],
    ['a name that does not resolve', 'http://nothing.example/ok', 'unresolved'],
    ['file:', 'file:///etc/passwd', 'scheme'],
    ['ftp:', 'ftp://example.com/a.ics', 'scheme'],
    ['gopher:', 'gopher://example.com/_x', 'scheme'],
    ['data:', 'data:text/plain,hello', 'scheme'],
    ['not an address', 'not a url', 'invalid'],
  ])('refuses %s (%s)', async (_label, template, reason) => {
    const before = hosts.length;
    const resolve: Resolver = async (hostname) => {
      if (hostname === 'evil.example') return [{ address: '127.0.0.1', family: 4 }];
      throw new Error('ENOTFOUND');
    };
    expect(await reasonOf(safeFetch(template.replace('{port}', String(port)), { resolve }))).toBe(
      reason,
    );
    expect(hosts.length, 'the listener was reached').toBe(before);
  });

  it('exempts only the exact host:port it is given', async () => {
    const allowPrivate = [`127.0.0.1:${port}`];
    expect(await reasonOf(safeFetch(`http://127.0.0.1:${port}/ok`, { allowPrivate }))).toBe('none');
    expect(await reasonOf(safeFetch(`http://127.0.0.1:${port + 1}/`, { allowPrivate }))).toBe(
      'refused',
    );
    expect(await reasonOf(safeFetch(`http://127.1:${port}/ok`, { allowPrivate }))).toBe('none');
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      await reasonOf(safeFetch(`http://localhost:${port}/ok`, { allowPrivate, resolve })),
    ).toBe('refused');
  });

  it('checks every redirect again', async () => {
    // The first hop is a name exempted for the test; its redirect to 127.0.0.1 is not.
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const allowPrivate = [`first.test:${port}`];
    const before = hosts.length;
    expect(
      await reasonOf(safeFetch(`http://first.test:${port}/to-loopback`, { resolve, allowPrivate })),
    ).toBe('refused');
    expect(hosts.length - before).toBe(1);
  });

  it('limits redirects, size, time and status', async () => {
    const allowPrivate = [`127.0.0.1:${port}`];
    const at = (path: string) => `http://127.0.0.1:${port}${path}`;
    expect(await reasonOf(safeFetch(at('/loop'), { allowPrivate }))).toBe('redirects');
    expect(await reasonOf(safeFetch(at('/big'), { allowPrivate, maxBytes: 2047 }))).toBe(
      'too-large',
    );
    expect(await reasonOf(safeFetch(at('/big'), { allowPrivate, maxBytes: 2048 }))).toBe('none');
    expect(await reasonOf(safeFetch(at('/hang'), { allowPrivate, timeoutMs: 200 }))).toBe(
      'timeout',
    );
    const gone = safeFetch(at('/gone'), { allowPrivate });
    await expect(gone).rejects.toThrow(SafeFetchError);
    await expect(gone).rejects.not.toThrow(/secret internal page/);
  });

  it('never names the address in its error', async () => {
    const error = await safeFetch('http://127.0.0.1:9/private-token-abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as Error).message).not.toMatch(/127\.0\.0\.1|private-token-abc/);
  });
});
