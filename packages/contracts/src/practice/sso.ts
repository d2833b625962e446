import { z } from 'zod';
import { dataOf, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The practice's single sign-on (spec-1 §2 /practice/settings/sso): OpenID
 * Connect with its own identity provider. Owners and managers only. The
 * client secret is write-only: it is never sent back, only whether one is kept.
 */

const issuerUrl = z
  .string()
  .trim()
  .min(1, 'Enter the issuer URL.')
  .max(500)
  .refine((value) => URL.canParse(value) && /^https?:\/\//i.test(value), {
    message: 'Enter the issuer URL, starting with https://.',
  });

/** A lower-case DNS name with at least one dot (example.org). */
const EMAIL_DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(EMAIL_DOMAIN, 'Enter a domain such as example.org (without the @).');

export const ssoSettings = z.object({
  /** false while the practice has not set single sign-on up. */
  configured: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** A secret is kept (it is never sent back). */
  hasClientSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  enabled: z.boolean(),
  requireForStaff: z.boolean(),
  /** The address to register with the provider as the redirect (callback) URI. */
  redirectUri: z.string(),
  updatedAt: z.string().nullable(),
});

export const getSsoSettings = defineCall('GET', '/practice/sso/settings', {
  response: { 200: dataOf(ssoSettings) },
});

/**
 * Saves the settings after fetching the issuer's discovery document: an issuer
 * that does not answer as an OpenID provider is refused and nothing is saved.
 * `clientSecret` empty or absent keeps the secret already stored.
 */
export const saveSsoSettings = defineCall('PUT', '/practice/sso/settings', {
  body: z.object({
    issuer: issuerUrl,
    clientId: textSchema(300, { min: 1 }).refine(
      (v) => v.trim().length > 0,
      'Enter the client ID.',
    ),
    clientSecret: textSchema(1000).optional(),
    allowedDomains: z
      .array(emailDomain)
      .min(1, 'Enter at least one email domain.')
      .max(20, 'At most 20 email domains.'),
    enabled: z.boolean(),
    requireForStaff: z.boolean(),
  }),
  response: { 200: dataOf(ssoSettings) },
});

/** Fetches the issuer's discovery document (nothing is saved) and says what it found. */
export const testSsoConnection = defineCall('POST', '/practice/sso/test', {
  body: z.object({ issuer: issuerUrl }),
  response: {
    200: dataOf(
      z.object({
        issuer: z.string(),
        authorizationEndpoint: z.string(),
        tokenEndpoint: z.string(),
      }),
    ),
  },
});

/** Turns single sign-on off and forgets the provider, its secret and its domains. */
export const removeSsoSettings = defineCall('DELETE', '/practice/sso/settings', {
  response: { 200: dataOf(ssoSettings) },
});
