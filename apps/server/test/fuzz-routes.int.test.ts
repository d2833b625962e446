import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

/**
 * Walks every route of the OpenAPI document (plus the hidden storage routes)
 * with hostile values in each kind of field, signed in as the owner and once
 * anonymously, and requires that nothing answers 5xx. Each hostile value goes
 * into every field of its kind at once (text, integer, date), the others keep
 * a plausible value, so the request gets as deep as it can: one request per
 * route per hostile value.
 */

type Schema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};
type Route = {
  method: string;
  path: string;
  params: Parameter[];
  body: Schema | null;
  public: boolean;
};

/** Which kind of field a hostile value is meant for. */
type Kind = 'text' | 'integer' | 'date' | 'dateTime' | 'all';
type Hostile = { label: string; kind: Kind; value: (s: Schema) => unknown; unknownFields?: true };

const ONE_MB = 'x'.repeat(1024 * 1024);
const HOSTILE: Hostile[] = [
  { label: 'NUL in text', kind: 'text', value: () => 'fuzz\u0000text' },
  { label: 'U+0001 in text', kind: 'text', value: () => '\u0001' },
  { label: 'long text', kind: 'text', value: () => 'y'.repeat(100_000) },
  { label: 'id 2147483648', kind: 'integer', value: () => 2147483648 },
  { label: 'id 9007199254740993', kind: 'integer', value: () => 9007199254740993n },
  { label: 'id -1', kind: 'integer', value: () => -1 },
  {
    label: 'year 0000',
    kind: 'date',
    value: (s) => dayOrInstant(s, '0000-01-01', 'T00:00:00.000Z'),
  },
  {
    label: 'year 9999',
    kind: 'date',
    value: (s) => dayOrInstant(s, '9999-12-31', 'T23:59:59.000Z'),
  },
  {
    label: 'wrong types',
    kind: 'all',
    value: (s) =>
      typeOf(s) === 'string' ? ['a', 'b'] : typeOf(s) === 'boolean' ? 'yes' : { a: 1 },
  },
  { label: 'unknown fields', kind: 'all', value: (s) => plausible(s, ''), unknownFields: true },
];

/** Dates and instants take the same hostile day, in one request. */
const dayOrInstant = (s: Schema, day: string, time: string) =>
  kindOf(s) === 'dateTime' ? `${day}${time}` : day;

let t: TestApp;
const known = { client: 1, user: 1, event: 1, location: 1, day: '2026-03-02', later: '2026-03-03' };

beforeAll(async () => {
  t = await testApp();
  const [ids] = await rowsOf<{ client: number; user: number; event: number; location: number }>(
    t.database.db,
    sql`SELECT (SELECT min(id) FROM clients WHERE practice_id = o.practice_id) AS client,
      (SELECT id FROM users WHERE username = 'therapist1') AS "user",
      (SELECT min(id) FROM calendar_events WHERE practice_id = o.practice_id) AS event,
      (SELECT min(id) FROM locations WHERE practice_id = o.practice_id) AS location
      FROM users o WHERE o.username = 'owner'`,
  );
  Object.assign(known, ids);
  ID_NAMES.push(
    [/patient|client/i, known.client],
    [/therapist|user|clinician|staff/i, known.user],
    [/event|appointment/i, known.event],
    [/location/i, known.location],
  );
  // Dates a week ahead of the server's clock: bookable, and after today for rules that ask so.
  const ahead = new Date(t.clock.now().getTime() + 7 * 86_400_000);
  known.day = ahead.toISOString().slice(0, 10);
  known.later = new Date(ahead.getTime() + 86_400_000).toISOString().slice(0, 10);
}, 120_000);
afterAll(() => t.close());

function typeOf(s: Schema): string | undefined {
  const option = s.anyOf ?? s.oneOf;
  if (option) return typeOf(option.find((o) => o.type !== 'null') ?? {});
  if (s.allOf?.[0]) return typeOf(s.allOf[0]);
  return s.type;
}

function kindOf(s: Schema): Kind | 'other' {
  const option = s.anyOf ?? s.oneOf;
  if (option) {
    const kinds = option.map(kindOf).filter((k) => k !== 'other');
    return kinds[0] ?? 'other';
  }
  if (s.type === 'integer' || s.type === 'number') return 'integer';
  if (s.type !== 'string' || s.enum || s.const !== undefined) return 'other';
  if (s.format === 'date' || s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return 'date';
  if (s.format === 'date-time') return 'dateTime';
  return s.pattern ? 'other' : 'text';
}

/** Dates typed by a person travel as plain strings; their names tell. */
const DATE_NAME = /date|dob|until|birth|^(from|to|start|end)$|span_(from|to)|onset/i;
const LATER_NAME = /end|^to$|until|before|span_to/i;

/** The kind of a field, with date-named plain strings counted as dates. */
function fieldKind(s: Schema, name: string): Kind | 'other' {
  const kind = kindOf(s);
  return kind === 'text' && DATE_NAME.test(name) ? 'date' : kind;
}

/** Real ids of the owner's practice, by field name, so requests get past the lookups. */
const ID_NAMES: [RegExp, number][] = [];

/** A value that passes the schema where we can tell, so the request reaches the handler. */
function plausible(s: Schema, name: string, depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const option = s.anyOf ?? s.oneOf;
  if (option)
    return plausible(option.find((o) => o.type !== 'null') ?? option[0] ?? {}, name, depth);
  if (s.allOf?.[0]) return plausible(s.allOf[0], name, depth);
  switch (s.type) {
    case 'integer':
    case 'number': {
      const id = ID_NAMES.find(([pattern]) => pattern.test(name))?.[1] ?? 1;
      if (/pageSize/i.test(name)) return 10;
      if (/duration|minutes/i.test(name)) return 60;
      const low = s.minimum ?? 0;
      return Math.min(Math.max(id, low), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'array':
      return s.items && depth < 4 ? [plausible(s.items, name, depth + 1)] : [];
    case 'object':
      return depth < 6 ? objectOf(s, (child, key) => plausible(child, key, depth + 1)) : {};
    case 'string':
      return plausibleString(s, name);
    default:
      return 'fuzz';
  }
}

const NAMED: [RegExp, string][] = [
  [/email/i, 'fuzz@example.com'],
  [/phone|fax|mobile/i, '(888) 555-1212'],
  [/state$/i, 'ME'],
  [/zip|postal/i, '04101'],
  [/time_?zone/i, 'America/New_York'],
  [/time$/i, '10:00'],
  [/serviceCode/i, '30'],
  [/colou?r/i, '#336699'],
];

function plausibleString(s: Schema, name: string): string {
  const day = LATER_NAME.test(name) ? known.later : known.day;
  if (s.format === 'date' || fieldKind(s, name) === 'date') return day;
  if (s.format === 'date-time') return `${day}T15:00:00.000Z`;
  const candidates = [
    NAMED.find(([pattern]) => pattern.test(name))?.[1] ?? 'Fuzz',
    '1',
    String(known.client),
    '2026-03-02',
    '10:00',
    'abcdefgh12',
    '#336699',
  ];
  if (s.pattern) {
    const pattern = new RegExp(s.pattern, 'u');
    return candidates.find((c) => pattern.test(c)) ?? 'fuzz';
  }
  const value = candidates[0]!;
  return value.padEnd(s.minLength ?? 0, 'z');
}

function objectOf(
  s: Schema,
  each: (child: Schema, key: string) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(s.properties ?? {})) out[key] = each(child, key);
  return out;
}

/** The plausible value with the hostile one in every field of its kind. */
function hostileValue(s: Schema, name: string, hostile: Hostile, depth = 0): unknown {
  const kind = kindOf(s);
  if (
    hostile.kind === 'all' &&
    !hostile.unknownFields &&
    typeOf(s) !== 'object' &&
    typeOf(s) !== 'array'
  ) {
    return hostile.value(s);
  }
  if (kind === hostile.kind || (kind === 'dateTime' && hostile.kind === 'date'))
    return hostile.value(s);
  const type = typeOf(s);
  const inner = s.anyOf?.find((o) => o.type !== 'null') ?? s;
  if (type === 'object' && depth < 6) {
    const out = objectOf(inner, (child, key) => hostileValue(child, key, hostile, depth + 1));
    if (hostile.unknownFields) out.__fuzzUnknown = 'surprise';
    return out;
  }
  if (type === 'array' && inner.items && depth < 4) {
    return [hostileValue(inner.items, name, hostile, depth + 1)];
  }
  return plausible(s, name, depth);
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : toJson(value));

/** JSON that keeps a bigint's digits (JSON.parse on the server reads it as a lossy number). */
const toJson = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `__big${v}__` : v)).replace(
    /"__big(-?\d+)__"/g,
    '$1',
  );

function requestFor(route: Route, values: (p: Parameter) => unknown, body: unknown) {
  let path = route.path;
  const query = new URLSearchParams();
  for (const p of route.params) {
    const value = values(p);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(asText(value)));
    else if (p.in === 'query') {
      if (Array.isArray(value)) for (const v of value) query.append(p.name, asText(v));
      else query.append(p.name, asText(value));
    }
  }
  const search = query.toString();
  return { url: search ? `${path}?${search}` : path, body };
}

function routesOf(): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: Route[] = [];
  const isPublic = (method: string, path: string) =>
    t.app.routeTable.some(
      (r) =>
        r.method === method && r.url.replace(/:(\w+)/g, '{$1}') === path && r.access === 'public',
    );
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      routes.push({
        method: method.toUpperCase(),
        path,
        params,
        body,
        public: isPublic(method.toUpperCase(), path),
      });
    }
  }
  // Hidden routes (signed storage addresses) have string path parameters.
  for (const r of t.app.routeTable) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    if (routes.some((x) => x.method === r.method && x.path === path) || r.url === '/api/docs')
      continue;
    const params = [...r.url.matchAll(/:(\w+)/g)].map((m): Parameter => ({
      in: 'path',
      name: m[1]!,
      schema: { type: 'string' },
    }));
    routes.push({
      method: r.method,
      path,
      params,
      body: r.method === 'GET' ? null : { type: 'object' },
      public: r.access === 'public',
    });
  }
  return routes;
}

async function send(
  browser: Browser,
  route: Route,
  url: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
  if (method === 'GET' || body === undefined) return browser.request(method, url);
  return browser.request(method, url, toJson(body), {
    headers: { 'content-type': 'application/json' },
  });
}

/** A deliberate 503: an outside service (photo ID analysis) this test app has not configured. */
const notConfigured = (response: LightMyRequestResponse) =>
  response.statusCode === 503 && /is not set up/.test(response.json<{ message: string }>().message);

const SIGN_IN = '/api/public/auth/doLogin';
const SIGN_OUT = '/api/logout';

/**
 * The owner skips sign-in (each attempt costs an argon2 hash; the anonymous
 * walk covers it) and signs out last, so one session lasts the whole walk.
 */
function walkOrder(who: 'owner' | 'anonymous'): Route[] {
  const routes = routesOf();
  if (who === 'anonymous') return routes.filter((r) => r.public);
  return [
    ...routes.filter((r) => r.path !== SIGN_IN && r.path !== SIGN_OUT),
    ...routes.filter((r) => r.path === SIGN_OUT),
  ];
}

async function walk(who: 'owner' | 'anonymous'): Promise<{ failures: string[]; sent: number }> {
  let browser = who === 'owner' ? await signedIn(t.app, 'owner') : new Browser(t.app);
  const failures: string[] = [];
  let sent = 0;
  const record = (route: Route, label: string, response: LightMyRequestResponse) => {
    sent++;
    if (response.statusCode >= 500 && !notConfigured(response)) {
      failures.push(
        `${who} ${route.method} ${route.path} [${label}] -> ${response.statusCode} ${response.body.slice(0, 160)}`,
      );
    }
  };
  for (const route of walkOrder(who)) {
    for (const hostile of HOSTILE) {
      const { url, body } = requestFor(
        route,
        (p) => hostileValue(p.schema, p.name, hostile),
        route.body ? hostileValue(route.body, '', hostile) : undefined,
      );
      const unknownQuery = hostile.unknownFields
        ? `${url.includes('?') ? '&' : '?'}__fuzzUnknown=1`
        : '';
      const response = await send(browser, route, url + unknownQuery, body);
      record(route, hostile.label, response);
      // Sign-out comes last; anything else that signs the owner out is followed by a new sign-in.
      if (who === 'owner' && response.statusCode === 401 && route.path !== SIGN_OUT) {
        browser = await signedIn(t.app, 'owner');
      }
    }
    // Once per route: a megabyte in the first text field (or the query), over the body limit as JSON.
    const textParam = route.params.find(
      (p) => fieldKind(p.schema, p.name) === 'text' || p.in === 'path',
    );
    const { url, body } = requestFor(
      route,
      (p) =>
        p === textParam
          ? ONE_MB.slice(0, p.in === 'path' ? 4000 : ONE_MB.length)
          : plausible(p.schema, p.name),
      route.body ? { ...(plausible(route.body, '') as object), big: ONE_MB } : undefined,
    );
    record(route, '1 MB string', await send(browser, route, url, body));
  }
  return { failures, sent };
}

describe('every route answers hostile input without a 5xx', () => {
  it('walks a route table the size of the API', () => {
    expect(routesOf().length).toBeGreaterThan(150);
  });

  it('as the owner', async () => {
    const { failures, sent } = await walk('owner');
    expect(sent).toBeGreaterThan(1500);
    expect(failures, `${failures.length} responses >= 500:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);

  it('anonymously', async () => {
    const { failures } = await walk('anonymous');
    expect(failures, `${failures.length} responses >= 500:\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);
});
