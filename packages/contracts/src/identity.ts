import { PASSWORD_MAX_LENGTH } from '@openpractice/domain';
import { z } from 'zod';
import { defineCall } from './define.ts';

/** Signing in and out, who is signed in, the CSRF token and the password check. */

export const userType = z.enum(['staff', 'patient', 'agent', 'support']);
export const impersonationType = z.enum(['IMPERSONATION', 'EXTERNAL_AGENT']);
const ok = z.object({ status: z.literal('ok') });

/** The Identity of spec-1 §3: who is signed in (`isAuthenticated: false` when nobody is). */
export const identity = z.object({
  isAuthenticated: z.boolean(),
  authorities: z.array(z.string()),
  id: z.number().nullable(),
  practiceId: z.number().nullable(),
  type: userType.nullable(),
  email: z.string().nullable(),
  professionalName: z.string().nullable(),
  screenReader: z.boolean(),
  csrf: z.string().nullable(),
  isAgency: z.boolean(),
  impersonating: z.boolean(),
  impersonationType: impersonationType.nullable(),
  /** Who is really signed in while impersonating (for the 'Impersonated by' line). */
  impersonatorName: z.string().nullable(),
  /** When support access ends by itself (ISO time); null when not impersonating. */
  impersonationEndsAt: z.string().nullable(),
});

export const signIn = defineCall('POST', '/public/auth/doLogin', {
  body: z.object({
    user_username: z.string().trim().min(1, 'This is required.').max(254),
    user_password: z.string().min(1, 'This is required.').max(PASSWORD_MAX_LENGTH),
    /** remember_tillclose ends the session with the browser; remember_me keeps it until it expires. */
    user_rememberme: z.enum(['remember_tillclose', 'remember_me']).default('remember_tillclose'),
  }),
  response: { 200: z.object({ status: z.literal('ok'), identity }) },
});

export const signOut = defineCall('POST', '/logout', { response: { 200: ok } });

export const getIdentity = defineCall('GET', '/user/identity', { response: { 200: identity } });

/** A CSRF token for this session (or for the anonymous visitor) and the header to send it in. */
export const getCsrfToken = defineCall('GET', '/user/csrf', {
  response: { 200: z.object({ token: z.string(), headerName: z.string() }) },
});

export const getContact = defineCall('GET', '/user/contact', {
  response: {
    200: z.object({
      firstName: z.string(),
      lastName: z.string(),
      professionalName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    }),
  },
});

/** Was the password verified in this session lately (protected actions skip asking again)? */
export const passwordRecentlyVerified = defineCall('GET', '/user/passwordRecentlyVerified', {
  response: { 200: z.object({ hasRecentlyVerifiedPassword: z.boolean() }) },
});

export const verifyPassword = defineCall('POST', '/user/verifyPassword', {
  body: z.object({
    password: z.string().min(1, 'This is required.').max(PASSWORD_MAX_LENGTH),
  }),
  response: { 200: z.object({ verified: z.boolean() }) },
});
