import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordRoutes } from './password-routes.ts';
import { sessionStateRoutes } from './session-state-routes.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { ssoSignInRoutes } from './sso-routes.ts';

/** Signing in and out, the caller's identity and CSRF token, and password re-verification. */
export const identityRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  await app.register(signInRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(ssoSignInRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(sessionStateRoutes);
  await app.register(passwordRoutes);
};
