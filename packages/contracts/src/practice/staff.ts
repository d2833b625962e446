import {
  ACCOUNT_STATUSES,
  canonicalTimezone,
  email as emailRule,
  npi,
  PASSWORD_MAX_LENGTH,
  REQUIRED_MESSAGE,
  STAFF_AUTHORITY_VALUES,
} from '@openpractice/domain';
import { z } from 'zod';
import { idParamSchema, idSchema, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Practice set-up, staff (issue 16 item 1; spec-1 §2 `/practice/settings/staff`):
 * the practice's staff accounts, their roles, therapist details, supervision
 * and external agents' therapists, for managers and staff administrators;
 * and the public completion of staff activation and password reset links.
 */

export const NPI_MESSAGE =
  'Enter the 10-digit NPI; its last digit is a check digit that does not match.';
export const TAXONOMY_MESSAGE = 'Enter the 10-character provider taxonomy code, e.g. 101YM0800X.';
export const TIMEZONE_MESSAGE = 'Choose a US time zone.';
export const USERNAME_MESSAGE =
  'Use 3 to 100 letters, digits, dots, dashes, underscores or @ (no spaces).';

const required = (max: number) =>
  textSchema(max)
    .transform((text) => text.trim())
    .refine((text) => text !== '', REQUIRED_MESSAGE);
/** Optional text: blank becomes null. */
const optional = (max: number) =>
  textSchema(max)
    .nullable()
    .transform((text) => (text === null || text.trim() === '' ? null : text.trim()));

const emailAddress = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .max(254)
  .superRefine((value, context) => {
    const verdict = value === '' ? REQUIRED_MESSAGE : emailRule(value);
    if (verdict !== true) context.addIssue({ code: 'custom', message: verdict });
  })
  .transform((value) => value.toLowerCase());

const username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._@-]{3,100}$/, USERNAME_MESSAGE)
  .transform((value) => value.toLowerCase());

const authorities = z.array(z.enum(STAFF_AUTHORITY_VALUES)).max(STAFF_AUTHORITY_VALUES.length);

export const staffTherapist = z.object({
  therapistId: z.number(),
  active: z.boolean(),
  credentials: z.string().nullable(),
  npi: z.string().nullable(),
  taxonomyCode: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  timezone: z.string().nullable(),
  telehealthEnabled: z.boolean(),
  usesCharting: z.boolean(),
  supervisorIds: z.array(z.number()),
  superviseeIds: z.array(z.number()),
});

export const staffMember = z.object({
  userId: z.number(),
  /** 'staff' for the practice's own people, 'agent' for an external agent working for it. */
  type: z.enum(['staff', 'agent']),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  professionalName: z.string(),
  email: z.string().nullable(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  active: z.boolean(),
  authorities: z.array(z.string()),
  therapist: staffTherapist.nullable(),
  /** An external agent's therapists (therapist ids). */
  agentTherapistIds: z.array(z.number()),
  /** Whether the caller may change this account (spec: staff administrators cannot touch managers). */
  manageable: z.boolean(),
});

export const listStaff = defineCall('GET', '/practice/staff', {
  querystring: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
  response: {
    200: z.object({
      data: z.array(staffMember),
      /** The authorities the caller may grant. */
      grantable: z.array(z.string()),
      /** The caller, who cannot raise their own roles. */
      me: z.number(),
    }),
  },
});

const memberAnswer = z.object({
  data: staffMember,
  /** For calls that email a link: what became of the email ('logged': kept, no mail server). */
  email: z.enum(['sent', 'logged', 'failed', 'suppressed']).optional(),
});
const userParams = z.object({ userId: idParamSchema });

export const inviteStaff = defineCall('POST', '/practice/staff', {
  body: z.object({
    firstName: required(60),
    lastName: required(60),
    email: emailAddress,
    /** Blank: the email address is the username. */
    username: username.nullish(),
    professionalName: optional(120).optional(),
    authorities: authorities.min(1, 'Choose at least one role.'),
  }),
  response: { 200: memberAnswer },
});

export const updateStaffDetails = defineCall('PUT', '/practice/staff/:userId', {
  params: userParams,
  body: z.object({
    firstName: required(60),
    lastName: required(60),
    email: emailAddress,
    professionalName: optional(120),
  }),
  response: { 200: memberAnswer },
});

export const updateStaffRoles = defineCall('PUT', '/practice/staff/:userId/roles', {
  params: userParams,
  body: z.object({ authorities: authorities.min(1, 'Choose at least one role.') }),
  response: { 200: memberAnswer },
});

const idList = z.array(idSchema).max(500);

export const updateStaffTherapist = defineCall('PUT', '/practice/staff/:userId/therapist', {
  params: userParams,
  body: z.object({
    credentials: optional(60),
    npi: optional(10).refine((value) => value === null || npi(value), NPI_MESSAGE),
    taxonomyCode: optional(10).refine(
      (value) => value === null || /^[0-9]{3}[0-9A-Z]{6}X$/i.test(value),
      TAXONOMY_MESSAGE,
    ),
    licenseNumber: optional(40),
    licenseState: optional(2).refine(
      (value) => value === null || /^[A-Za-z]{2}$/.test(value),
      'Enter the two-letter state.',
    ),
    /** Null: the practice's time zone. */
    timezone: z
      .string()
      .nullable()
      .refine((value) => value === null || canonicalTimezone(value) === value, TIMEZONE_MESSAGE),
    telehealthEnabled: z.boolean(),
    usesCharting: z.boolean(),
    supervisorIds: idList,
    superviseeIds: idList,
  }),
  response: { 200: memberAnswer },
});

export const updateAgentTherapists = defineCall('PUT', '/practice/staff/:userId/agentTherapists', {
  params: userParams,
  body: z.object({ therapistIds: idList }),
  response: { 200: memberAnswer },
});

const accountAction = (path: string) =>
  defineCall('POST', path, {
    params: userParams,
    body: z.object({}).nullish(),
    response: { 200: memberAnswer },
  });

export const resendStaffActivation = accountAction('/practice/staff/:userId/resendActivation');
export const resetStaffPassword = accountAction('/practice/staff/:userId/resetPassword');
export const disableStaff = accountAction('/practice/staff/:userId/disable');
export const enableStaff = accountAction('/practice/staff/:userId/enable');

// --- The public end of the emailed links ---------------------------------------------

const token = z.string().trim().min(1, REQUIRED_MESSAGE).max(200);

export const checkStaffToken = defineCall('POST', '/public/staff/checkToken', {
  body: z.object({ token }),
  response: {
    200: z.object({
      purpose: z.enum(['activate', 'reset']),
      username: z.string(),
      practiceName: z.string(),
    }),
  },
});

export const setStaffPassword = defineCall('POST', '/public/staff/setPassword', {
  body: z.object({ token, password: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH) }),
  response: { 200: z.object({ status: z.literal('ENABLED'), username: z.string() }) },
});
