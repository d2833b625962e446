import * as contract from '@openpractice/contracts/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../platform/cookies.ts';
import { csrfTokenFor } from '../../platform/csrf.ts';
import { markImpersonationEnded } from '../../platform/impersonation.ts';
import { destroySession, resolveSession } from '../../platform/sessions.ts';
import { recordPortalSignIn } from '../portal/index.ts';
import { identityOf, practiceIsAgency } from './identity.ts';
import { signIn, type SignInResult } from './sign-in.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  deviceCookieAfterSignIn,
  knownDeviceOf,
} from './sign-in-brakes.ts';

/** Audits a refused sign-in with its reason and tells a braked address when to come back. */
async function refuseSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Extract<SignInResult, { ok: false }>,
): Promise<never> {
  await recordAudit(app.db, {
    action: 'auth.sign_in_failed',
    practiceId: null,
    actorUserId: result.userId,
    ip: request.ip,
    requestId: request.id,
    detail: {
      reason:
        result.reason ??
        (result.retryAfterSeconds !== undefined
          ? 'address_braked'
          : result.error.statusCode === 429
            ? 'locked'
            : 'bad_credentials'),
    },
  });
  if (result.retryAfterSeconds !== undefined)
    reply.header('Retry-After', String(result.retryAfterSeconds));
  throw result.error;
}

/**
 * Replaces whatever session the browser held by the new one (a fresh id at every sign-in)
 * and marks this browser as known for the user.
 */
export async function startBrowserSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: Extract<SignInResult, { ok: true }> & { rememberMe: boolean; now: Date },
): Promise<void> {
  const previous = sessionTokenOf(request);
  if (previous) {
    const old = await resolveSession(app.db, previous, signedIn.now, false);
    if (old) await destroySession(app.db, old.tokenHash);
  }
  setSessionCookie(
    request,
    reply,
    signedIn.token,
    signedIn.rememberMe ? signedIn.expiresAt : undefined,
  );
  // This browser is now known for this user: its failures count apart from strangers'.
  reply.setCookie(
    DEVICE_COOKIE,
    deviceCookieAfterSignIn(app.csrfSecret, request.cookies[DEVICE_COOKIE], signedIn.userId),
    {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      expires: new Date(signedIn.now.getTime() + DEVICE_COOKIE_DAYS * 24 * 3_600_000),
    },
  );
}

/** Signing in (rate limited per address, no CSRF token yet) and signing out. */
export const signInRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  app.post(
    contract.signIn.path,
    {
      config: {
        access: 'public',
        audit: 'none',
        csrf: false,
        rateLimit: { max: options.publicRateLimit, timeWindow: '1 minute' },
      },
      schema: contract.signIn.schema,
    },
    async (request, reply) => {
      const now = app.now();
      const body = request.body;
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      const rememberMe = body.user_rememberme === 'remember_me';
      const result = await signIn(app.db, {
        username: body.user_username,
        password: body.user_password,
        rememberMe,
        now,
        address: request.ip,
        knownDevice: (userId) => knownDeviceOf(app.csrfSecret, deviceCookie, userId),
      });
      await recordPortalSignIn(app.db, {
        userId: result.userId,
        succeeded: result.ok,
        at: now,
        ip: request.ip,
      });
      if (!result.ok) return refuseSignIn(app, request, reply, result);
      await startBrowserSession(app, request, reply, { ...result, rememberMe, now });
      const auth = await resolveSession(app.db, result.token, now, false);
      request.auth = auth;
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'auth.sign_in',
        // An owner signing in with a password while the practice requires single sign-on.
        ...(result.breakGlass ? { detail: { method: 'password', breakGlass: true } } : {}),
      });
      const csrf = auth ? csrfTokenFor(app.csrfSecret, `session:${auth.tokenHash}`) : null;
      return {
        status: 'ok' as const,
        identity: identityOf(auth, csrf, await practiceIsAgency(app.db, auth?.practiceId ?? null)),
      };
    },
  );

  app.post(
    contract.signOut.path,
    { config: { access: 'authenticated', audit: 'none' }, schema: contract.signOut.schema },
    async (request, reply) => {
      const auth = request.auth;
      if (auth) {
        await recordAudit(app.db, { ...auditContext(request), action: 'auth.sign_out' });
        if (auth.impersonationId !== null)
          await markImpersonationEnded(app.db, auth.impersonationId, app.now());
        await destroySession(app.db, auth.tokenHash);
      }
      clearSessionCookie(request, reply);
      return { status: 'ok' as const };
    },
  );
};
