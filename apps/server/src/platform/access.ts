import { DERIVED_ROLES, hasRole, type DerivedRole } from '@openpractice/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';
import { NOT_WHILE_IMPERSONATING } from './impersonation.ts';

/**
 * Every API route declares who may call it, in its `config.access`:
 * 'public', 'authenticated', 'practice' (signed in and acting within a
 * practice), 'externalAgent' (acting under an assumed external agent
 * identity), or a derived role from the domain package. A route registered
 * without one stops the server from starting.
 */
export type AccessRule = 'public' | 'authenticated' | 'practice' | 'externalAgent' | DerivedRole;

export type RegisteredRoute = {
  method: string;
  url: string;
  access: AccessRule;
  csrf: boolean;
  /** The audit action the platform writes for this route, or 'none' (route-audit.ts). */
  audit: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** false only for sign-in, which has no session yet to bind a token to. */
    csrf?: boolean;
    /**
     * true on actions only the person themself may take (credentials, two-factor
     * settings, password verification, signing in their name): refused to
     * support staff impersonating them.
     */
    notWhileImpersonating?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutating(method: string): boolean {
  return MUTATING.has(method);
}

function isKnownRule(rule: unknown): rule is AccessRule {
  return (
    rule === 'public' ||
    rule === 'authenticated' ||
    rule === 'practice' ||
    rule === 'externalAgent' ||
    (DERIVED_ROLES as readonly unknown[]).includes(rule)
  );
}

/**
 * Collects the route table and refuses any /api route without a known access
 * rule or without saying what it audits (`config.audit`: a declaration, or
 * 'none' for a route that touches no client data and changes nothing worth a row).
 */
export function enforceDeclaredAccess(app: FastifyInstance, table: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!isKnownRule(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} has no access rule (config.access).`,
      );
    }
    const audit = route.config?.audit;
    if (audit === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not say what it audits (config.audit).`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access,
        csrf: route.config?.csrf !== false,
        audit: audit === 'none' ? 'none' : audit.action,
      });
    }
  });
}

/** Whether a signed-in user satisfies a rule; the one place rules are evaluated. */
export function allows(rule: AccessRule, auth: NonNullable<FastifyRequest['auth']>): boolean {
  switch (rule) {
    case 'public':
    case 'authenticated':
      return true;
    case 'practice':
      return auth.practiceId !== null;
    case 'externalAgent':
      return auth.externalAgentId !== null && auth.practiceId !== null;
    default:
      return (
        hasRole(auth.user.authorities, rule) &&
        (rule === 'ta' || rule === 'taImpersonation' || auth.practiceId !== null)
      );
  }
}

/** Throws 401 or 403 when the caller may not use the route. */
export function checkAccess(request: FastifyRequest): void {
  const rule = request.routeOptions.config.access;
  if (rule === undefined || rule === 'public') return;
  if (!request.auth) throw unauthorized();
  if (!allows(rule, request.auth)) throw forbidden();
  checkNotWhileImpersonating(request);
}

/** Refuses a route declared `notWhileImpersonating` to a session acting through support access. */
export function checkNotWhileImpersonating(request: FastifyRequest): void {
  if (
    request.routeOptions.config.notWhileImpersonating === true &&
    request.auth?.impersonationType === 'IMPERSONATION'
  )
    throw forbidden(NOT_WHILE_IMPERSONATING);
}

/** The caller's session; routes behind any non-public rule always have one. */
export function authOf(request: FastifyRequest): NonNullable<FastifyRequest['auth']> {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The practice every query of this request is scoped to. */
export function practiceScope(request: FastifyRequest): number {
  const practiceId = authOf(request).practiceId;
  if (practiceId === null) throw forbidden();
  return practiceId;
}
