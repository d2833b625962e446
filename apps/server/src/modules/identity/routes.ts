import { PASSWORD_MAX_LENGTH } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import { authOf } from '../../platform/access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { practices, sessions } from '../../db/schema/index.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { CSRF_HEADER, csrfTokenFor, issueCsrfToken } from '../../platform/csrf.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  destroySession,
  PASSWORD_VERIFIED_WINDOW_MS,
  resolveSession,
} from '../../platform/sessions.ts';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../platform/cookies.ts';
import type { ModuleOptions } from '../index.ts';
import { identityOf } from './identity.ts';
import { signIn } from './sign-in.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_DAYS,
  deviceCookieAfterSignIn,
  knownDeviceOf,
} from './sign-in-brakes.ts';
import { markImpersonationEnded } from '../../platform/impersonation.ts';
import { recordPortalSignIn } from '../portal/login-history.ts';
import { users } from '../../db/schema/index.ts';

const signInBody = z.object({
  user_username: z.string().trim().min(1, 'This is required.').max(254),
  user_password: z.string().min(1, 'This is required.').max(PASSWORD_MAX_LENGTH),
  /** remember_tillclose ends the session with the browser; remember_me keeps it until it expires. */
  user_rememberme: z.enum(['remember_tillclose', 'remember_me']).default('remember_tillclose'),
});

export const identityRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const practiceIsAgency = async (practiceId: number | null) => {
    if (practiceId === null) return false;
    const [row] = await app.db
      .select({ isAgency: practices.isAgency })
      .from(practices)
      .where(eq(practices.id, practiceId));
    return row?.isAgency ?? false;
  };

  app.post(
    '/public/auth/doLogin',
    {
      config: {
        access: 'public',
        audit: 'none',
        csrf: false,
        rateLimit: { max: options.publicRateLimit, timeWindow: '1 minute' },
      },
      schema: { body: signInBody },
    },
    async (request, reply) => {
      const now = app.now();
      const body = request.body;
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      const result = await signIn(app.db, {
        username: body.user_username,
        password: body.user_password,
        rememberMe: body.user_rememberme === 'remember_me',
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
      if (!result.ok) {
        await recordAudit(app.db, {
          action: 'auth.sign_in_failed',
          practiceId: null,
          actorUserId: result.userId,
          ip: request.ip,
          requestId: request.id,
          detail: {
            reason:
              result.retryAfterSeconds !== undefined
                ? 'address_braked'
                : result.error.statusCode === 429
                  ? 'locked'
                  : 'bad_credentials',
          },
        });
        if (result.retryAfterSeconds !== undefined)
          reply.header('Retry-After', String(result.retryAfterSeconds));
        throw result.error;
      }
      // Any session the browser held before is ended: a fresh id at every sign-in.
      const previous = sessionTokenOf(request);
      if (previous) {
        const old = await resolveSession(app.db, previous, now, false);
        if (old) await destroySession(app.db, old.tokenHash);
      }
      setSessionCookie(
        request,
        reply,
        result.token,
        body.user_rememberme === 'remember_me' ? result.expiresAt : undefined,
      );
      // This browser is now known for this user: its failures count apart from strangers'.
      reply.setCookie(
        DEVICE_COOKIE,
        deviceCookieAfterSignIn(app.csrfSecret, deviceCookie, result.userId),
        {
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: '/',
          expires: new Date(now.getTime() + DEVICE_COOKIE_DAYS * 24 * 3_600_000),
        },
      );
      const auth = await resolveSession(app.db, result.token, now, false);
      request.auth = auth;
      await recordAudit(app.db, { ...auditContext(request), action: 'auth.sign_in' });
      const csrf = auth ? csrfTokenFor(app.csrfSecret, `session:${auth.tokenHash}`) : null;
      return {
        status: 'ok' as const,
        identity: identityOf(auth, csrf, await practiceIsAgency(auth?.practiceId ?? null)),
      };
    },
  );

  app.post(
    '/logout',
    { config: { access: 'authenticated', audit: 'none' } },
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

  app.get(
    '/user/identity',
    { config: { access: 'public', audit: 'none' } },
    async (request, reply) => {
      const csrf = issueCsrfToken(app.csrfSecret, request, reply);
      return identityOf(
        request.auth,
        csrf,
        await practiceIsAgency(request.auth?.practiceId ?? null),
      );
    },
  );

  app.get('/user/csrf', { config: { access: 'public', audit: 'none' } }, (request, reply) => ({
    token: issueCsrfToken(app.csrfSecret, request, reply),
    headerName: CSRF_HEADER,
  }));

  app.get('/user/contact', { config: { access: 'authenticated', audit: 'none' } }, (request) => {
    const user = authOf(request).user;
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      professionalName: user.professionalName,
      email: user.email,
      phone: user.phone,
    };
  });

  app.get(
    '/user/passwordRecentlyVerified',
    { config: { access: 'authenticated', audit: 'none' } },
    (request) => {
      const verifiedAt = authOf(request).passwordVerifiedAt;
      const recent =
        verifiedAt !== null &&
        app.now().getTime() - verifiedAt.getTime() < PASSWORD_VERIFIED_WINDOW_MS;
      return { hasRecentlyVerifiedPassword: recent };
    },
  );

  app.post(
    '/user/verifyPassword',
    {
      config: {
        access: 'authenticated',
        audit: 'none',
        rateLimit: { max: 10, timeWindow: '1 minute' },
        // Support staff must not unlock the customer's protected actions with their own password.
        notWhileImpersonating: true,
      },
      schema: {
        body: z.object({
          password: z.string().min(1, 'This is required.').max(PASSWORD_MAX_LENGTH),
        }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      // Never while impersonating (notWhileImpersonating), so this is the user themself.
      const [row] = await app.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, auth.realUser.id));
      const verified = row ? await verifyPassword(row.hash, request.body.password) : false;
      if (verified) {
        await app.db
          .update(sessions)
          .set({ passwordVerifiedAt: app.now() })
          .where(eq(sessions.tokenHash, auth.tokenHash));
      }
      await recordAudit(app.db, {
        ...auditContext(request),
        action: verified ? 'auth.password_verified' : 'auth.password_verify_failed',
      });
      return { verified };
    },
  );
};
