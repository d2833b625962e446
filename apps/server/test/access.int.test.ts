import { hasRole } from '@openpractice/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enforceDeclaredAccess,
  type AccessRule,
  type RegisteredRoute,
} from '../src/platform/access.ts';
import { DEMO_CAST, type DemoPerson } from '../src/seed/demo-cast.ts';
import { Browser, signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** What a rule should allow for a demo person, worked out independently of the server's code. */
function expectedAllowed(rule: AccessRule, person: DemoPerson): boolean {
  switch (rule) {
    case 'public':
    case 'authenticated':
      return true;
    case 'practice':
      return person.practice !== null;
    case 'externalAgent':
      // Nobody acts as an external agent right after signing in (the agent assumes an identity first).
      return false;
    default:
      return hasRole(person.authorities, rule);
  }
}

const concreteUrl = (route: RegisteredRoute) =>
  route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, '');

describe('every API route declares its access rule', () => {
  it('has a non-trivial route table', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(15);
    expect(t.app.routeTable.every((r) => r.url.startsWith('/api'))).toBe(true);
  });

  it('refuses to register a route without an access rule', () => {
    const app = Fastify();
    enforceDeclaredAccess(app, []);
    expect(() => app.get('/api/forgotten', () => 'oops')).toThrow(/has no access rule/);
  });

  it('refuses an unknown access rule name', () => {
    const app = Fastify();
    enforceDeclaredAccess(app, []);
    expect(() =>
      app.get('/api/typo', { config: { access: 'managr' as AccessRule } }, () => 'oops'),
    ).toThrow(/has no access rule/);
  });

  it('lets only sign-in and the signed card-processor webhook skip the CSRF check', () => {
    const skipping = t.app.routeTable.filter((r) => !r.csrf).map((r) => `${r.method} ${r.url}`);
    // Stripe has no session to bind a token to: its signature over the raw body is the check.
    expect(skipping).toEqual([
      'POST /api/public/auth/doLogin',
      'POST /api/billing/processors/stripe/webhook',
      'POST /api/billing/processors/stripe/webhook/:processorId',
    ]);
  });

  it('answers 401 to an anonymous caller on every non-public route', async () => {
    const anonymous = new Browser(t.app);
    for (const route of t.app.routeTable) {
      const response = await anonymous.request(
        route.method as 'GET',
        concreteUrl(route),
        route.method === 'GET' ? undefined : {},
      );
      const label = `${route.method} ${route.url} (${route.access})`;
      if (route.access === 'public') expect([401, 403], label).not.toContain(response.statusCode);
      else expect(response.statusCode, label).toBe(401);
    }
  });

  it.each(DEMO_CAST.map((p) => [p.username, p] as const))(
    'allows or forbids each route for %s',
    async (_name, person) => {
      let browser = await signedIn(t.app, person.username);
      for (const route of t.app.routeTable) {
        if (route.url === '/api/public/auth/doLogin') continue;
        const response = await browser.request(
          route.method as 'GET',
          concreteUrl(route),
          route.method === 'GET' ? undefined : {},
        );
        const label = `${route.method} ${route.url} (${route.access}) as ${person.username}`;
        if (expectedAllowed(route.access, person)) {
          // Let through at the gate. A record-level refusal (another therapist's event 1, say)
          // may still be 403, but never the gate's 'Permission denied'.
          expect(response.statusCode, label).not.toBe(401);
          if (response.statusCode === 403) {
            expect(response.json().message, label).not.toBe('Permission denied');
          }
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().message, label).toBe('Permission denied');
        }
        // Sign-out ends the session; start a fresh one for the remaining routes.
        if (!(await browser.get('/api/user/identity')).json().isAuthenticated)
          browser = await signedIn(t.app, person.username);
      }
    },
  );
});

describe('practices never see each other', () => {
  const listOf = async (username: string, path: string) => {
    const browser = await signedIn(t.app, username);
    const response = await browser.get(path);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Record<string, unknown>[] }>().data;
  };

  it.each([
    ['/api/practice/listTherapists', 'practitionerLastName'],
    ['/api/practice/listPracticeLocations', 'name'],
    ['/api/practice/listPracticeServiceLocations', 'name'],
  ])('%s lists only the caller practice rows', async (path, field) => {
    const first = await listOf('owner', path);
    const second = await listOf('owner2', path);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    const secondIds = new Set(second.map((r) => JSON.stringify(r)));
    expect(first.some((r) => secondIds.has(JSON.stringify(r)))).toBe(false);
    if (path.endsWith('listTherapists')) {
      expect(first.map((r) => r[field])).toEqual(
        expect.arrayContaining(['Quinn', 'Okafor', 'Raman', 'Ortiz', 'Lindqvist']),
      );
      expect(second.map((r) => r[field])).toEqual(['Second']);
    }
  });

  it('gives each practice its own settings', async () => {
    const owner = await signedIn(t.app, 'owner');
    const owner2 = await signedIn(t.app, 'owner2');
    expect((await owner.get('/api/practice/listPracticeSettings')).json().data.practiceName).toBe(
      'Riverbend Counseling Collective',
    );
    expect((await owner2.get('/api/practice/listPracticeSettings')).json().data.practiceName).toBe(
      'Harbor Light Therapy',
    );
  });
});
