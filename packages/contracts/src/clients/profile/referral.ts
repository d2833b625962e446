import { z } from 'zod';
import { bodyId, patientBody, patientQuery, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';
import { listPracticeContacts, practiceContact } from '../../practice/contacts.ts';

/**
 * The client's referral source: one of the practice's outside contacts (a
 * doctor, a school, a directory), and the referral fax (spec-2 §7 Referral).
 */

// The practice's contacts are the practice area's (practice/contacts.ts); re-exported for the profile.
export { listPracticeContacts, practiceContact };

export const getReferralSource = defineCall('GET', '/patientReferralSource/get', {
  querystring: patientQuery,
  response: { 200: z.object({ referralSource: practiceContact.nullable() }) },
});

const referralChanged = z.union([
  unchangedAnswer,
  z.object({ status: z.literal('saved'), referralSource: practiceContact.nullable() }),
]);

export const saveReferralSource = defineCall('POST', '/patientReferralSource/save', {
  body: z.object({ patientId: bodyId, contactId: bodyId }),
  response: { 200: referralChanged },
});

export const deleteReferralSource = defineCall('POST', '/patientReferralSource/delete', {
  body: patientBody,
  response: { 200: referralChanged },
});

export const FAX_SUBJECT_MAX = 200;
export const FAX_BODY_MAX = 10_000;

/** The referral acknowledgement letter, filled in by the server, for the Send fax dialog. */
export const getFaxTemplate = defineCall('GET', '/patientReferralSource/getFaxTemplate', {
  querystring: patientQuery,
  response: {
    200: z.object({
      subject: z.string(),
      body: z.string(),
      /** The referral source's fax, formatted '(207) 555-0143'; blank when it has none. */
      faxNumber: z.string(),
      contactName: z.string(),
    }),
  },
});

/** Sends the letter, or without a fax service keeps it as 'logged'; a failed fax answers 502. */
export const sendFax = defineCall('POST', '/patientReferralSource/sendFax', {
  body: z.object({
    patientId: bodyId,
    // Generous transport limits; the spec's limits are checked with the domain's messages.
    subject: z.string().max(FAX_SUBJECT_MAX * 4),
    body: z.string().max(FAX_BODY_MAX * 2),
    faxNumber: z.string().max(40).nullable().optional(),
  }),
  response: {
    200: z.object({ status: z.enum(['logged', 'sent']), faxId: z.number() }),
  },
});

/** 'logged': kept by the local adapter only (no fax service configured). */
export const referralFaxStatus = z.enum(['logged', 'sent', 'failed']);

export const referralFax = z.object({
  id: z.number(),
  faxNumber: z.string(),
  contactName: z.string().nullable(),
  subject: z.string(),
  status: referralFaxStatus,
  error: z.string().nullable(),
  /** ISO instants. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** A signed address of the PDF, valid for ten minutes. */
  pdfUrl: z.string().nullable(),
});

export const listFaxes = defineCall('GET', '/patientReferralSource/faxes', {
  querystring: patientQuery,
  response: {
    200: z.object({
      /** 'local': faxes are kept here only and never leave the server. */
      faxer: z.enum(['service', 'local']),
      data: z.array(referralFax),
    }),
  },
});
