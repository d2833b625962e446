import { sql } from 'drizzle-orm';
import { createServer as createHttpServer, type Server } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

/**
 * External calendar addresses are user-given: the server must not be turned
 * into a probe of its own network (security finding 13.8). Every refusal is
 * proved against a real listener on this machine that counts its visitors.
 */

const READ_FAILED = "We couldn't read that calendar address.";
/** Every address below carries this token: it must never reach the log. */
const SECRET = 'tok-7f3a9c1e-canary';
const MB5 = 5 * 1024 * 1024;
const TIME_LIMIT_MS = 1500;

let t: TestApp;
const logLines: string[] = [];
/** The one listener the app is told it may reach although it is on 127.0.0.1. */
let allowed: Server;
let allowedBase: string;
/** A listener the app must never reach. */
let forbidden: Server;
let forbiddenPort: number;
let forbiddenHits = 0;
/** Speaks something that is not HTTP (as an SSH or database port would). */
let notHttp: TcpServer;
let notHttpPort: number;
let closedPort: number;
let therapistUserId = 0;

const calendar = (extra = '') =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${extra}END:VCALENDAR\r\n`;

/** A valid calendar of exactly `bytes` bytes, padded with an unknown property. */
function calendarOfSize(bytes: number): string {
  const head = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n';
  const tail = 'END:VCALENDAR\r\n';
  const line = `X-FILL:${'x'.repeat(60)}\r\n`;
  let room = bytes - head.length - tail.length;
  const parts = [head];
  parts.push(line.repeat(Math.floor(room / line.length) - 1));
  room -= (Math.floor(room / line.length) - 1) * line.length;
  parts.push(`X-FILL:${'y'.repeat(room - 'X-FILL:\r\n'.length)}\r\n`, tail);
  const text = parts.join('');
  if (Buffer.byteLength(text) !== bytes) throw new Error('padding is off');
  return text;
}

const listen = (server: Server | TcpServer) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    }),
  );
const close = (server: Server | TcpServer) =>
  new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(resolve);
  });

/** The injected resolver: public-looking names that answer with private addresses. */
const resolverAnswers: Record<string, { address: string; family: 4 | 6 }[]> = {
  'calendar.example.com': [{ address: '127.0.0.1', family: 4 }],
  'mixed.example.com': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'metadata.example.com': [{ address: '::ffff:169.254.169.254', family: 6 }],
};

beforeAll(async () => {
  forbidden = createHttpServer((_request, response) => {
    forbiddenHits++;
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(calendar());
  });
  forbiddenPort = await listen(forbidden);
  notHttp = createTcpServer((socket) => {
    socket.resume(); // read what the client sends, so its close is seen
    socket.end('SSH-2.0-OpenSSH_9.6\r\n');
  });
  notHttpPort = await listen(notHttp);
  const closing = createTcpServer();
  closedPort = await listen(closing);
  await close(closing);

  allowed = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const to = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      to(left > 0 ? `/redirect/${left - 1}?${SECRET}` : `/ok.ics?${SECRET}`);
      return;
    }
    const elsewhere: Record<string, string> = {
      '/to-forbidden': `http://127.0.0.1:${forbiddenPort}/cal.ics?${SECRET}`,
      '/to-decimal': `http://2130706433:${forbiddenPort}/cal.ics?${SECRET}`,
      '/to-mapped': `http://[::ffff:127.0.0.1]:${forbiddenPort}/cal.ics?${SECRET}`,
      '/to-resolved': `http://calendar.example.com:${forbiddenPort}/cal.ics?${SECRET}`,
      '/to-file': 'file:///etc/passwd',
    };
    const target = elsewhere[url.pathname];
    if (target) {
      to(target);
      return;
    }
    if (url.pathname === '/sized') {
      // Chunked, with no Content-Length: the limit must count what arrives.
      const text = calendarOfSize(Number(url.searchParams.get('bytes')));
      response.writeHead(200, { 'content-type': 'text/calendar' });
      for (let i = 0; i < text.length; i += 256 * 1024)
        response.write(text.slice(i, i + 256 * 1024));
      return response.end();
    }
    if (url.pathname === '/declared-huge') {
      response.writeHead(200, {
        'content-type': 'text/calendar',
        'content-length': String(MB5 + 1),
      });
      return response.write('BEGIN:VCALENDAR\r\n');
    }
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/trickle') {
      // Answers at once, then sends a line every 100 ms for ever.
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n');
      const timer = setInterval(() => response.write('X-FILL:x\r\n'), 100);
      response.on('close', () => {
        clearInterval(timer);
      });
      return;
    }
    if (url.pathname === '/missing.ics') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('Not here');
    }
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end(calendar());
  });
  const allowedPort = await listen(allowed);
  allowedBase = `http://127.0.0.1:${allowedPort}`;

  t = await testApp({
    logStream: { write: (line: string) => void logLines.push(line) },
    outboundFetch: {
      // Only this exact host:port (and the closed and non-HTTP ports, to compare
      // failures after a connection is tried) may be on this machine.
      allowPrivate: [
        `127.0.0.1:${allowedPort}`,
        `127.0.0.1:${closedPort}`,
        `127.0.0.1:${notHttpPort}`,
      ],
      resolve: async (hostname: string) => {
        const answer = resolverAnswers[hostname];
        if (!answer) throw new Error(`no such host`);
        return answer;
      },
      timeoutMs: TIME_LIMIT_MS,
    },
  });
  const [row] = await rowsOf<{ id: number }>(
    t.app.db,
    sql`select id from users where username = 'therapist1'`,
  );
  therapistUserId = row?.id ?? 0;
});

afterAll(async () => {
  await t.close();
  await Promise.all([close(allowed), close(forbidden), close(notHttp)]);
});

const add = async (url: string) => {
  const therapist1 = await signedIn(t.app, 'therapist1');
  return therapist1.post('/api/calendar/externalCalendar/add', {
    name: 'Personal',
    url,
    color: '#6A1B9A',
  });
};

const expectRefused = async (url: string) => {
  const before = forbiddenHits;
  const response = await add(url);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ status: 'error', message: READ_FAILED, field: 'url' });
  expect(forbiddenHits, 'the forbidden listener was reached').toBe(before);
};

describe('addresses on this machine or its network', () => {
  it('refuses a listener on 127.0.0.1, however the address is written', async () => {
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      'localhost',
      '[::ffff:127.0.0.1]',
    ]) {
      await expectRefused(`http://${host}:${forbiddenPort}/cal.ics?${SECRET}`);
    }
  });

  it('refuses cloud metadata and private networks without trying them', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/cal.ics',
      'http://0.0.0.0/cal.ics',
      'http://10.0.0.1/cal.ics',
      'http://192.168.0.1/cal.ics',
      'http://100.64.0.1/cal.ics',
      'http://[::1]/cal.ics',
      'http://[fc00::1]/cal.ics',
      'http://[64:ff9b::7f00:1]/cal.ics',
    ]) {
      await expectRefused(`${url}?${SECRET}`);
    }
  });

  it('gives one message for a closed port, an open port, a non-HTTP port and a 404', async () => {
    const answers = await Promise.all(
      [
        `http://127.0.0.1:${closedPort}/cal.ics`, // allowed, but nothing listens
        `http://127.0.0.1:${forbiddenPort}/cal.ics`, // open, not allowed
        `http://127.0.0.1:${notHttpPort}/cal.ics`, // open, allowed, speaks SSH
        `${allowedBase}/missing.ics`, // open, allowed, answers 404
        'http://no-such-host.invalid/cal.ics', // does not resolve
      ].map(async (url) => (await add(`${url}?${SECRET}`)).json()),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: 'error', message: READ_FAILED, field: 'url' });
    }
    expect(forbiddenHits).toBe(0);
  });

  it('refuses a public-looking name that resolves to a private address', async () => {
    await expectRefused(`http://calendar.example.com:${forbiddenPort}/cal.ics?${SECRET}`);
    // One private answer among public ones is enough to refuse.
    await expectRefused(`http://mixed.example.com:${forbiddenPort}/cal.ics?${SECRET}`);
    await expectRefused(`http://metadata.example.com/cal.ics?${SECRET}`);
  });

  it('refuses a redirect from an allowed server to this machine, in any spelling', async () => {
    for (const path of ['/to-forbidden', '/to-decimal', '/to-mapped', '/to-resolved', '/to-file']) {
      await expectRefused(`${allowedBase}${path}?${SECRET}`);
    }
  });
});

describe('limits', () => {
  it('follows 3 redirects but not 4', async () => {
    const three = await add(`${allowedBase}/redirect/2?${SECRET}`);
    expect(three.statusCode, three.body).toBe(201);
    await expectRefused(`${allowedBase}/redirect/3?${SECRET}`);
  });

  it('reads a 5 MB calendar and refuses one byte more', async () => {
    const atLimit = await add(`${allowedBase}/sized?bytes=${MB5}&${SECRET}`);
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    await expectRefused(`${allowedBase}/sized?bytes=${MB5 + 1}&${SECRET}`);
    await expectRefused(`${allowedBase}/declared-huge?${SECRET}`);
  });

  it('gives up at the time limit, whether the server is silent or slow', async () => {
    for (const path of ['/hang', '/trickle']) {
      const started = Date.now();
      await expectRefused(`${allowedBase}${path}?${SECRET}`);
      const elapsed = Date.now() - started;
      expect(elapsed, path).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 50);
      expect(elapsed, path).toBeLessThan(TIME_LIMIT_MS + 3000);
    }
  });
});

describe('syncing a connected calendar', () => {
  it('goes through the same guard: a stored address moved to 127.0.0.1 is refused', async () => {
    const therapist1 = await signedIn(t.app, 'therapist1');
    const created = await add(`${allowedBase}/sync.ics?${SECRET}`);
    expect(created.statusCode, created.body).toBe(201);
    const calendarId = created.json().data.id as number;
    await rowsOf(
      t.app.db,
      sql`update external_calendars set url = ${`http://127.0.0.1:${forbiddenPort}/cal.ics?${SECRET}`}
          where id = ${calendarId} returning id`,
    );
    const response = await therapist1.post('/api/calendar/externalCalendar/sync', {
      calendar_id: calendarId,
      user_id: therapistUserId,
    });
    expect(response.json()).toEqual({
      status: 'failure',
      data: { status: 'failure', message: READ_FAILED },
    });
    expect(forbiddenHits).toBe(0);
  });
});

describe('the log', () => {
  it('never holds a calendar address or its host', async () => {
    // The log was captured at info level through every test above, and this one.
    await expectRefused(`http://calendar.example.com/cal.ics?${SECRET}`);
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('');
    expect(log).not.toContain(SECRET);
    for (const host of Object.keys(resolverAnswers)) expect(log).not.toContain(host);
    expect(log).not.toContain('no-such-host.invalid');
  });
});
