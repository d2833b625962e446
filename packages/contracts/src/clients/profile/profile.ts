import { z } from 'zod';
import { patientQuery } from '../../common.ts';
import { defineCall } from '../../define.ts';
import { clinicalInformation } from './clinical.ts';
import { addresses, clientContact, email, phone } from './contact-details.ts';
import {
  basicDetails,
  clientTherapist,
  deletableCounts,
  demographics,
  profileAccess,
} from './details.ts';
import { practiceContact } from './referral.ts';
import { clientStatuses } from './statuses.ts';

/** Portal sign-in facts shown on the profile; the portal area owns the actions. */
export const profilePortalStatus = z.object({
  status: z.string(),
  username: z.string().nullable(),
  failedLoginCount: z.number(),
  /** ISO instant. */
  loginLockExpiration: z.string().nullable(),
});

/** Two-factor status of spec-2 §3. */
export const profileTwoFactorStatus = z.object({
  isTwoFactorSetup: z.boolean(),
  isTwoFactorVerified: z.boolean(),
  contact: z.string().nullable(),
  type: z.string().nullable(),
  /** ISO instant. */
  verifyDate: z.string().nullable(),
  canBeDisabled: z.boolean(),
});

const person = z.object({ userId: z.number(), name: z.string() });

/** Staff the client may message from the portal. */
export const allowedToMessage = z.object({
  therapists: z.array(
    z.object({ userId: z.number().nullable(), therapistId: z.number(), name: z.string() }),
  ),
  billers: z.array(person),
  schedulers: z.array(person),
});

/**
 * `include` is a comma-separated list of parts (spec-2 §7 getProfile). A part
 * not asked for, or one the caller may not see, is left out (the key is missing).
 */
export const clientProfile = z.object({
  patientId: z.number(),
  isGroup: z.boolean(),
  basicDetails,
  patientAccess: profileAccess.optional(),
  demographics: demographics.optional(),
  addresses: addresses.optional(),
  phones: z.array(phone).optional(),
  emails: z.array(email).optional(),
  contacts: z.array(clientContact).optional(),
  clientSettings: z.object({ timezone: z.string().nullable() }).optional(),
  status: clientStatuses.optional(),
  clinical: clinicalInformation.optional(),
  referralSource: practiceContact.nullable().optional(),
  /** No licence agreement store yet: nothing has been accepted. */
  eula: z.null().optional(),
  portalStatus: profilePortalStatus.optional(),
  twoFactorStatus: profileTwoFactorStatus.optional(),
  /** Present only for the client's own therapist; null when there is none. */
  reasonForAppointment: z.string().nullable().optional(),
  therapists: z.array(clientTherapist).optional(),
  allowedToMessage: allowedToMessage.optional(),
  isPatientDeletable: deletableCounts.optional(),
  memo: z.string().nullable().optional(),
  alert: z.string().nullable().optional(),
  /** A signed read address of the photo ID. */
  photoIdS3Url: z.string().nullable().optional(),
  /** Permanent deletion is not queued by anything yet. */
  patientHardDelete: z.object({ isEnqueued: z.boolean() }).optional(),
});

export const getProfile = defineCall('GET', '/patient/getProfile', {
  querystring: patientQuery.extend({ include: z.string().max(600).optional() }),
  response: { 200: clientProfile },
});
