import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordRoutes } from './change-password-routes.ts';
import { forgotPasswordRoutes } from './forgot-password-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { sessionStateRoutes } from './session-state-routes.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { ssoSignInRoutes } from './sso-routes.ts';

/** Signing in and out, the caller's identity and CSRF token, password re-verification and resets. */
export const identityRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  await app.register(signInRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(ssoSignInRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(sessionStateRoutes);
  await app.register(passwordRoutes);
  await app.register(forgotPasswordRoutes, { publicRateLimit: options.publicRateLimit });
  await app.register(changePasswordRoutes);
};
