import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cookieName, cookieOptions } from './cookies.ts';
import { serverSecrets } from '../db/schema/index.ts';
import { hmac, randomToken, safeEqual } from './tokens.ts';

export const CSRF_HEADER = 'x-csrf-token';
/** Binds a CSRF token for visitors who are not signed in (`__Host-op_csrf` over HTTPS, cookies.ts). */
export const ANON_CSRF_COOKIE = 'op_csrf';

/**
 * The signing key is kept in the database so every app process behind a load
 * balancer issues and accepts the same tokens.
 */
export async function loadCsrfSecret(db: Db): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: 'csrf', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'csrf'));
  if (!row) throw new Error('CSRF secret missing');
  return row.value;
}

/** The token is an HMAC of the session (or anonymous cookie), so it changes at every sign-in. */
export function csrfTokenFor(secret: string, binding: string): string {
  return hmac(secret, `csrf:${binding}`);
}

function bindingOf(request: FastifyRequest): string | undefined {
  if (request.auth) return `session:${request.auth.tokenHash}`;
  const anon = request.cookies[cookieName(request, ANON_CSRF_COOKIE)];
  return anon ? `anon:${anon}` : undefined;
}

/** Issues the token for this caller, setting the anonymous binding cookie when needed. */
export function issueCsrfToken(
  secret: string,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  let binding = bindingOf(request);
  if (!binding) {
    const anon = randomToken(24);
    reply.setCookie(cookieName(request, ANON_CSRF_COOKIE), anon, cookieOptions(request));
    binding = `anon:${anon}`;
  }
  return csrfTokenFor(secret, binding);
}

export function hasValidCsrfToken(secret: string, request: FastifyRequest): boolean {
  const sent = request.headers[CSRF_HEADER];
  const binding = bindingOf(request);
  if (typeof sent !== 'string' || !binding) return false;
  return safeEqual(sent, csrfTokenFor(secret, binding));
}
