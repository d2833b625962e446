import * as contract from '@openpractice/contracts/identity-sso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { cookieName, cookieOptions } from '../../platform/cookies.ts';
import { createSession } from '../../platform/sessions.ts';
import { startBrowserSession } from './sign-in-routes.ts';
import { finishSsoSignIn, SSO_BROWSER_COOKIE, startSsoSignIn } from './sso-sign-in.ts';

/**
 * Single sign-on through the practice's OpenID provider: start (the work
 * email names the practice; the browser gets a flow cookie and the provider's
 * address) and the provider's callback (a redirect into the app either way).
 * Both are public and rate limited like sign-in; start takes the anonymous
 * visitor's CSRF token; the flow cookie binds the callback to the browser that started it.
 */
export const ssoSignInRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  const limits = { max: options.publicRateLimit, timeWindow: '1 minute' };
  const ctx = () => ({
    now: app.now(),
    key: app.auditKey,
    policy: app.outboundFetch,
    publicUrl: app.publicUrl,
  });

  app.post(
    contract.startSsoSignIn.path,
    {
      config: { access: 'public', audit: 'none', rateLimit: limits },
      schema: contract.startSsoSignIn.schema,
    },
    async (request, reply) => {
      const started = await startSsoSignIn(app.db, ctx(), request.body);
      reply.setCookie(cookieName(request, SSO_BROWSER_COOKIE), started.browserSecret, {
        ...cookieOptions(request),
        expires: started.expiresAt,
      });
      return { authorizationUrl: started.authorizationUrl };
    },
  );

  app.get(
    contract.ssoCallback.path,
    {
      config: { access: 'public', audit: 'none', rateLimit: limits },
      schema: contract.ssoCallback.schema,
    },
    async (request, reply) => {
      const now = app.now();
      const flowCookie = cookieName(request, SSO_BROWSER_COOKIE);
      const outcome = await finishSsoSignIn(app.db, ctx(), {
        callbackUrl: new URL(request.url, app.publicUrl),
        state: request.query.state,
        error: request.query.error,
        browserSecret: request.cookies[flowCookie],
      });
      reply.clearCookie(flowCookie, cookieOptions(request));
      if (!outcome.ok) {
        await recordAudit(app.db, {
          action: 'auth.sign_in_failed',
          practiceId: outcome.practiceId,
          actorUserId: outcome.userId,
          ip: request.ip,
          requestId: request.id,
          detail: {
            method: 'sso',
            reason: outcome.reason,
            ...(outcome.check ? { check: outcome.check } : {}),
          },
        });
        return reply.redirect(`/n/public/login?sso_error=${outcome.error}`, 302);
      }
      const session = await createSession(app.db, {
        userId: outcome.userId,
        rememberMe: outcome.rememberMe,
        now,
      });
      await startBrowserSession(app, request, reply, {
        ok: true,
        userId: outcome.userId,
        ...session,
        rememberMe: outcome.rememberMe,
        now,
      });
      await recordAudit(app.db, {
        action: 'auth.sign_in',
        practiceId: outcome.practiceId,
        actorUserId: outcome.userId,
        ip: request.ip,
        requestId: request.id,
        detail: { method: 'sso', issuer: outcome.issuer },
      });
      return reply.redirect('/n/', 302);
    },
  );
};
