import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { enforceDeclaredAccess, type RegisteredRoute } from '../src/platform/access.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Audit completeness (issue 13): every route says what it audits, a route that
 * says 'none' never answers with a client's data, and every declared read
 * writes its row. Together: "who saw this client" misses nothing.
 */
let t: TestApp;
let clientId: number;
/** Every person's name (groups are client rows too, but name no one). */
let clientNames: { name: string; portalUserId: number | null }[];

beforeAll(async () => {
  t = await testApp();
  const [row] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select c.id from clients c join client_therapists ct on ct.client_id = c.id
        where c.practice_id = 1 order by c.id limit 1`,
  );
  clientId = row?.id ?? 0;
  clientNames = await rowsOf<{ name: string; portalUserId: number | null }>(
    t.database.db,
    sql`select first_name || ' ' || last_name as name, portal_user_id as "portalUserId"
        from clients where not is_group`,
  );
});
afterAll(() => t.close());

/** A route's path with its parameters and the usual client fields filled with one real client. */
function callUrl(route: RegisteredRoute): string {
  const path = route.url.replace(/:[A-Za-z_]+/g, String(clientId)).replace(/\*$/, '');
  const query = ['patientId', 'id', 'userId', 'clientId'].map((f) => `${f}=${clientId}`);
  return `${path}?${query.join('&')}`;
}

const gets = (filter: (route: RegisteredRoute) => boolean) =>
  t.app.routeTable.filter((r) => r.method === 'GET' && r.url !== '/api/docs' && filter(r));

/** Routes that answered with another person's name (a client's own name is theirs to see). */
async function leaksIn(browser: Browser, routes: RegisteredRoute[]): Promise<string[]> {
  const me = (await browser.get('/api/user/identity')).json<{ id: number }>().id;
  const others = clientNames.filter((c) => c.portalUserId !== me).map((c) => c.name);
  const leaks: string[] = [];
  for (const route of routes) {
    const response = await browser.request('GET', callUrl(route));
    const body = response.body;
    const leaked = others.find((name) => body.includes(name));
    if (leaked) leaks.push(`${route.method} ${route.url}`);
  }
  return leaks;
}

describe('audit completeness', () => {
  it('refuses to register a route that does not say what it audits', () => {
    const app = Fastify();
    enforceDeclaredAccess(app, []);
    expect(() =>
      app.get('/api/forgotten', { config: { access: 'practice' } }, () => 'oops'),
    ).toThrow(/does not say what it audits/);
  });

  it.each(['owner', 'therapist1', 'frontoffice', 'client1'])(
    'no route declared without an audit answers %s with a client’s name',
    async (username) => {
      const browser = await signedIn(t.app, username);
      expect(
        await leaksIn(
          browser,
          gets((r) => r.audit === 'none'),
        ),
      ).toEqual([]);
    },
  );

  it('writes the declared row for every declared read that answers', async () => {
    const owner = await signedIn(t.app, 'owner');
    const missing: string[] = [];
    for (const route of gets((r) => r.audit !== 'none')) {
      const [before] = await rowsOf<{ id: number }>(
        t.database.db,
        sql`select coalesce(max(id), 0)::int as id from audit_log`,
      );
      const response = await owner.request('GET', callUrl(route));
      const rows = await rowsOf<{ action: string; route: string | null }>(
        t.database.db,
        sql`select action, detail->>'route' as route from audit_log where id > ${before?.id ?? 0}`,
      );
      const label = `${route.method} ${route.url}`;
      const audited = rows.some((r) => r.action === route.audit && r.route === label);
      const denied = rows.some((r) => r.action === 'client.denied' && r.route === label);
      if (response.statusCode < 300 && !audited) missing.push(`${label} (answered)`);
      if ([401, 403].includes(response.statusCode) && !denied) missing.push(`${label} (denied)`);
    }
    expect(missing).toEqual([]);
  });
});
