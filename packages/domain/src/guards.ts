/**
 * Route guards for the web paths under /n and the dashboards a user loads
 * (spec-1 §6). The server and the web app call the same function, so a page
 * is never shown to someone the API would refuse.
 */
import { hasRole } from './roles.ts';

export interface GuardIdentity {
  isAuthenticated: boolean;
  authorities: readonly string[];
}

export type GuardResult =
  | { kind: 'ok' }
  /** Not signed in: sign in, then come back to `next`. */
  | { kind: 'login'; next: string }
  | { kind: 'accessdenied' };

/** The path without the '/n' base path, so both '/n/admin/x' and '/admin/x' are understood. */
function withoutBasePath(path: string): string {
  if (path === '/n') return '/';
  return path.startsWith('/n/') ? path.slice(2) : path;
}

function isUnderAdmin(pathname: string): boolean {
  const appPath = withoutBasePath(pathname);
  return appPath === '/admin' || appPath.startsWith('/admin/');
}

/** Only the path part decides; a query such as '?next=/public/' must not open a page. */
function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0] ?? '';
}

/**
 * Decides whether `path` may be shown:
 * (`path` may carry a query; only its path part is checked, and `next` keeps the query.)
 * - paths containing '/public/' need no sign-in;
 * - otherwise an anonymous visitor is sent to sign in, returning to `path`;
 * - paths containing '/reporting' need the reporting role;
 * - paths under '/admin/' (the internal prefix) need the ta role;
 * - a failed role check goes to access denied.
 */
export function guardRoute(path: string, identity: GuardIdentity): GuardResult {
  const pathname = pathnameOf(path);
  if (pathname.includes('/public/')) return { kind: 'ok' };
  if (!identity.isAuthenticated) return { kind: 'login', next: path };
  if (pathname.includes('/reporting') && !hasRole(identity.authorities, 'reporting')) {
    return { kind: 'accessdenied' };
  }
  if (isUnderAdmin(pathname) && !hasRole(identity.authorities, 'ta')) {
    return { kind: 'accessdenied' };
  }
  return { kind: 'ok' };
}

export const DASHBOARD_TYPES = [
  'customer',
  'therapist',
  'biller',
  'support',
  'supportReminders',
  'supportClaims',
] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/**
 * Dashboards to load: everyone gets 'customer'; therapists add 'therapist';
 * financial users 'biller'; internal staff the three support dashboards.
 */
export function dashboardsFor(authorities: readonly string[]): DashboardType[] {
  const dashboards: DashboardType[] = ['customer'];
  if (hasRole(authorities, 'therapist')) dashboards.push('therapist');
  if (hasRole(authorities, 'financial')) dashboards.push('biller');
  if (hasRole(authorities, 'ta')) dashboards.push('support', 'supportReminders', 'supportClaims');
  return dashboards;
}
