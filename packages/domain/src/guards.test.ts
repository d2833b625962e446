import { describe, expect, it } from 'vitest';
import type { Authority } from './roles.ts';
import { dashboardsFor, guardRoute, type DashboardType, type GuardResult } from './guards.ts';

const therapist: Authority[] = ['customer.therapist'];
const therapistReporting: Authority[] = ['customer.therapist', 'customer.therapist.reporting'];
const owner: Authority[] = ['customer.owner'];
const support: Authority[] = ['ta.support', 'ta.impersonation'];
const impersonationOnly: Authority[] = ['ta.impersonation'];

const signedIn = (authorities: Authority[]) => ({ isAuthenticated: true, authorities });
const anonymous = { isAuthenticated: false, authorities: [] };

const ok: GuardResult = { kind: 'ok' };
const denied: GuardResult = { kind: 'accessdenied' };

describe('guardRoute', () => {
  it.each<
    [string, string, { isAuthenticated: boolean; authorities: readonly string[] }, GuardResult]
  >([
    ['public page, anonymous', '/n/public/clientRegistration', anonymous, ok],
    ['public search page, anonymous', '/public/findYourTherapist/search', anonymous, ok],
    ['private page, anonymous', '/n/schedule', anonymous, { kind: 'login', next: '/n/schedule' }],
    [
      'login keeps the query',
      '/n/client/42?tab=3',
      anonymous,
      { kind: 'login', next: '/n/client/42?tab=3' },
    ],
    [
      'public only in the query',
      '/n/schedule?from=/public/x',
      anonymous,
      { kind: 'login', next: '/n/schedule?from=/public/x' },
    ],
    [
      'reporting page, anonymous',
      '/n/reporting',
      anonymous,
      { kind: 'login', next: '/n/reporting' },
    ],
    ['private page, signed in', '/n/schedule', signedIn(therapist), ok],
    ['reporting without the role', '/n/reporting/financial', signedIn(therapist), denied],
    [
      'reporting with therapist reporting',
      '/n/reporting/financial',
      signedIn(therapistReporting),
      ok,
    ],
    ['reporting as owner', '/reporting', signedIn(owner), ok],
    ['reporting only in the query', '/n/schedule?back=/reporting', signedIn(therapist), ok],
    ['admin as practice staff', '/n/admin/customer/5', signedIn(owner), denied],
    ['admin root as practice staff', '/n/admin', signedIn(owner), denied],
    ['admin as internal staff', '/n/admin/customer/5', signedIn(support), ok],
    ['admin without the /n prefix', '/admin/promoCodes', signedIn(support), ok],
    ['impersonation alone is not ta', '/n/admin/customer', signedIn(impersonationOnly), denied],
    ['a page merely named like admin', '/n/administration', signedIn(owner), ok],
    ['admin nested elsewhere is not the admin prefix', '/n/practice/admin/x', signedIn(owner), ok],
  ])('%s', (_label, path, identity, expected) => {
    expect(guardRoute(path, identity)).toEqual(expected);
  });
});

describe('dashboardsFor', () => {
  it.each<[string, string[], DashboardType[]]>([
    ['anyone', ['customer.frontoffice'], ['customer']],
    ['therapist', ['customer.therapist'], ['customer', 'therapist']],
    [
      'financial therapist',
      ['customer.therapist', 'customer.therapist.financial'],
      ['customer', 'therapist', 'biller'],
    ],
    ['biller', ['customer.frontoffice', 'customer.biller'], ['customer', 'biller']],
    ['manager', ['customer.manager'], ['customer', 'biller']],
    [
      'internal staff',
      ['ta.support'],
      ['customer', 'support', 'supportReminders', 'supportClaims'],
    ],
    ['patient', ['patient.patient'], ['customer']],
    ['nobody', [], ['customer']],
  ])('%s', (_label, authorities, expected) => {
    expect(dashboardsFor(authorities)).toEqual(expected);
  });
});
