import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * Signing in through the practice's identity provider (single sign-on). The
 * work email names the practice by its domain; the browser is then sent to
 * the provider, which comes back to the callback (a redirect, not JSON).
 */

export const startSsoSignIn = defineCall('POST', '/public/auth/sso/start', {
  body: z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Enter your work email.')
      .max(254)
      .pipe(z.email('Enter your work email, such as name@example.org.')),
    rememberMe: z.boolean().default(false),
  }),
  response: { 200: z.object({ authorizationUrl: z.string() }) },
});

/**
 * The provider's answer. Always a redirect into the app: to /n/ when signed
 * in, to /n/public/login?sso_error=<code> otherwise (the sign-in page says why).
 */
export const ssoCallback = defineCall('GET', '/public/auth/sso/callback', {
  querystring: z.object({
    code: z.string().max(2000).optional(),
    state: z.string().max(500).optional(),
    iss: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
    session_state: z.string().max(500).optional(),
  }),
  // Only 302 is sent; the empty 200 is declared because the API document lists a success
  // answer for every call (contracts.int.test.ts).
  response: { 200: z.null(), 302: z.null() },
});

/** Why a single sign-on did not sign in: `sso_error` on the sign-in page, which words each. */
export const SSO_SIGN_IN_ERRORS = [
  'expired',
  'provider',
  'unverified',
  'no_account',
  'unavailable',
] as const;

export type SsoSignInError = (typeof SSO_SIGN_IN_ERRORS)[number];
