import { z } from 'zod';
import { bodyId, patientQuery, queryId, unchangedAnswer } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The insurance card photo of a policy (spec-2 §7: getInsuranceCardUploadUrl,
 * deleteInsuranceCardPhoto) and the card photos waiting for staff to accept or reject.
 */

const cardQuery = z.object({ userInsuranceId: queryId });

export const getInsuranceCardUploadUrl = defineCall(
  'GET',
  '/patientInsurance/getInsuranceCardUploadUrl',
  {
    querystring: cardQuery,
    response: {
      200: z.object({
        /** A signed address on this server for one PUT of the PNG. */
        url: z.string(),
        key: z.string(),
        contentType: z.string(),
        maxBytes: z.number(),
        /** Reads the card once uploaded. */
        getUrl: z.string(),
      }),
    },
  },
);

export const deleteInsuranceCardPhoto = defineCall(
  'DELETE',
  '/patientInsurance/deleteInsuranceCardPhoto',
  {
    querystring: cardQuery,
    response: {
      200: z.union([
        unchangedAnswer,
        z.object({ status: z.literal('saved'), insuranceCardPhotoUrl: z.null() }),
      ]),
    },
  },
);

/**
 * A card photo waiting for staff: uploaded by the client through the portal ('client'), or
 * through a staff upload link by someone not signed in as the user it was issued to ('link').
 */
export const cardVersion = z.object({
  versionId: z.number(),
  insuranceId: z.number().nullable(),
  origin: z.enum(['client', 'link']),
  uploadedAt: z.string(),
  /** A signed read address of the new image. */
  url: z.string(),
});

export const getInsuranceCardVersions = defineCall(
  'GET',
  '/patientInsurance/getInsuranceCardVersions',
  {
    querystring: patientQuery,
    response: { 200: z.object({ data: z.array(cardVersion) }) },
  },
);

const versionBody = z.object({ patientId: bodyId, versionId: bodyId });
const saved = z.object({ status: z.literal('saved') });

export const acceptInsuranceCardVersion = defineCall(
  'POST',
  '/patientInsurance/acceptInsuranceCardVersion',
  { body: versionBody, response: { 200: saved } },
);

export const rejectInsuranceCardVersion = defineCall(
  'POST',
  '/patientInsurance/rejectInsuranceCardVersion',
  { body: versionBody, response: { 200: saved } },
);
