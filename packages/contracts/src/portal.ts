import {
  PASSWORD_MAX_LENGTH,
  PORTAL_PASSWORD_MIN_LENGTH,
  PORTAL_STATUSES,
  REQUIRED_MESSAGE,
  VALIDATION_MESSAGES,
} from '@openpractice/domain';
import { z } from 'zod';
import { INT_LIMIT } from './common.ts';
import { defineCall } from './define.ts';

/**
 * The client portal account as staff manage it under /api/patient (spec-2 §7),
 * and the public completion of invitation and reset links.
 */

/** The most sign-ins one page of the login history holds. */
export const LOGIN_HISTORY_PAGE_SIZE = 50;

const id = z.coerce.number({ error: REQUIRED_MESSAGE }).int().positive().max(INT_LIMIT);
const patientQuery = z.object({ patientId: id });
/** Portal actions take patientId in the query (spec-2 §7) or, as the web's other calls do, in the body. */
const actionQuery = z.object({ patientId: id.optional() });
/** Nullish: a POST with the id in the query may send no body at all. */
const actionBody = z.object({ patientId: id.optional() }).nullish();
const action = { querystring: actionQuery, body: actionBody };

/** The account's status, lock (spec-2 §4 lock rule) and username. */
export const portalData = z.object({
  status: z.enum(PORTAL_STATUSES),
  isLocked: z.boolean(),
  failedLoginCount: z.number(),
  /** ISO date-time. */
  loginLockExpiration: z.string().nullable(),
  username: z.string().nullable(),
  hasPortalAccount: z.boolean(),
});

/** The client's portal two-factor sign-in (spec-2 §3 twoFactorStatus). */
export const twoFactorStatus = z.object({
  isTwoFactorSetup: z.boolean(),
  isTwoFactorVerified: z.boolean(),
  contact: z.string().nullable(),
  type: z.string().nullable(),
  /** ISO date-time. */
  verifyDate: z.string().nullable(),
  canBeDisabled: z.boolean(),
});

export const getPortalCredentials = defineCall('GET', '/patient/credentials', {
  querystring: patientQuery,
  response: {
    200: z.object({
      username: z.string().nullable(),
      /** ISO date-time of the last password set through a portal link. */
      passwordSetOn: z.string().nullable(),
    }),
  },
});

/** The client's portal sign-in attempts, newest first. */
export const getLoginHistory = defineCall('GET', '/patient/loginHistory', {
  querystring: z.object({
    patientId: id,
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(LOGIN_HISTORY_PAGE_SIZE)
      .default(LOGIN_HISTORY_PAGE_SIZE),
  }),
  response: {
    200: z.object({
      data: z.array(
        z.object({
          id: z.number(),
          /** ISO date-time. */
          at: z.string(),
          succeeded: z.boolean(),
          ip: z.string().nullable(),
        }),
      ),
      total: z.number(),
      offset: z.number(),
      limit: z.number(),
    }),
  },
});

export const getPortalStatus = defineCall('GET', '/patient/portalStatus', {
  querystring: patientQuery,
  response: { 200: portalData },
});

/** A POST that only reads (spec-2 §7). */
export const getTwoFactorAuthStatus = defineCall('POST', '/patient/getTwoFactorAuthStatus', {
  ...action,
  response: { 200: twoFactorStatus },
});

// Each action answers the new status name (spec-2 §4). A failed email answers 502 with the
// error envelope: the send is kept in the email log with its reason.

export const sendActivationLink = defineCall('POST', '/patient/sendActivationLink', {
  ...action,
  response: { 200: z.object({ status: z.literal('ACTIVATION_LINK_SENT') }) },
});

export const resetPortalPassword = defineCall('POST', '/patient/resetPassword', {
  ...action,
  response: { 200: z.object({ status: z.literal('PASSWORD_RESET_LINK_SENT') }) },
});

export const enablePortalAccess = defineCall('POST', '/patient/enablePortalAccess', {
  ...action,
  response: { 200: z.object({ status: z.literal('ENABLED') }) },
});

export const disablePortalAccess = defineCall('POST', '/patient/disablePortalAccess', {
  ...action,
  response: { 200: z.object({ status: z.literal('DISABLED') }) },
});

/** Answers the account as portalStatus does. */
export const unlockPortalAccount = defineCall('POST', '/patient/unlockAccount', {
  ...action,
  response: { 200: portalData },
});

export const disableTwoFactorAuth = defineCall('POST', '/patient/disableTwoFactorAuth', {
  ...action,
  response: { 200: twoFactorStatus },
});

const tokenField = z.string().trim().min(1, REQUIRED_MESSAGE).max(200);
const passwordField = z
  .string({ error: REQUIRED_MESSAGE })
  .min(PORTAL_PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.minLength(PORTAL_PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES.maxLength(PASSWORD_MAX_LENGTH));

/** A link that still works; an expired, used or forged one is refused with 400 naming `token`. */
export const checkPortalToken = defineCall('POST', '/public/portal/checkToken', {
  body: z.object({ token: tokenField }),
  response: {
    200: z.object({
      valid: z.literal(true),
      purpose: z.enum(['activate', 'reset']),
      username: z.string(),
      /** ISO date-time. */
      expiresAt: z.string(),
    }),
  },
});

/** Sets the password from an invitation or reset link; the account is enabled. */
export const activatePortal = defineCall('POST', '/public/portal/activate', {
  body: z.object({ token: tokenField, password: passwordField }),
  response: { 200: z.object({ status: z.literal('ENABLED'), username: z.string() }) },
});
