import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * Cookie names and flags that depend on the transport. Over HTTPS our cookies
 * carry the `__Host-` prefix: the browser then accepts them only with Secure,
 * Path=/ and no Domain, so a sibling host or a plain-HTTP response cannot plant
 * or overwrite them. Over HTTPS only the prefixed name is read; a plain name
 * there could have been planted. `request.protocol` follows the trust-proxy
 * setting, so a direct caller cannot claim HTTPS with a header.
 */

const HOST_PREFIX = '__Host-';

export const isHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

/** The name a cookie has on this request's transport. */
export const cookieName = (request: FastifyRequest, name: string): string =>
  isHttps(request) ? `${HOST_PREFIX}${name}` : name;

/** HttpOnly, SameSite=Lax, Path=/, no Domain, and Secure on HTTPS (which `__Host-` requires). */
export const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isHttps(request),
  path: '/',
});

/** The session token the browser sent under the name that applies, if any. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined =>
  request.cookies[cookieName(request, SESSION_COOKIE)];

/** Sets the session cookie; `expires` only when the user asked to be remembered. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date | undefined,
): void {
  reply.setCookie(cookieName(request, SESSION_COOKIE), token, {
    ...cookieOptions(request),
    ...(expires ? { expires } : {}),
  });
}

/** Clears the session cookie with the same flags it was set with (browsers need Secure for `__Host-`). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request, SESSION_COOKIE), cookieOptions(request));
}
