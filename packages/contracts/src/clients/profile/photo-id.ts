import { PHOTO_ID_PARTS } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, patientQuery, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/**
 * Photo ID, its waiting versions, its analysis and the face sheet. The browser
 * asks for a signed upload address and PUTs the PNG there; an upload by anyone
 * else than the staff user the link was issued to waits as a version for staff.
 */

/** A signed address on this server, for one upload within 15 minutes. */
export const uploadGrant = z.object({
  url: z.string(),
  key: z.string(),
  contentType: z.string(),
  maxBytes: z.number(),
});

export const getPhotoIdUploadUrl = defineCall('GET', '/patient/getPhotoIdUploadUrl', {
  querystring: patientQuery,
  response: { 200: uploadGrant },
});

/** A client's upload link for their own photo ID (portal); it waits for staff to accept it. */
export const getOwnPhotoIdUploadUrl = defineCall('GET', '/myProfile/getPhotoIdUploadUrl', {
  response: { 200: uploadGrant },
});

export const deletePhotoId = defineCall('DELETE', '/patient/deletePhotoId', {
  querystring: patientQuery,
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), photoIdS3Url: z.null() }),
    ]),
  },
});

/**
 * A new photo ID waiting for staff: uploaded by the client through the portal
 * ('client'), or through a staff upload link by someone not signed in as the
 * user it was issued to ('link'). It replaces nothing until accepted.
 */
export const photoIdVersion = z.object({
  versionId: z.number(),
  origin: z.enum(['client', 'link']),
  /** ISO instant. */
  uploadedAt: z.string(),
  /** A signed read address of the new image. */
  url: z.string(),
});

export const getPhotoIdVersion = defineCall('GET', '/patient/getPhotoIdVersion', {
  querystring: patientQuery,
  response: { 200: z.object({ version: photoIdVersion.nullable() }) },
});

const versionBody = z.object({ patientId: bodyId, versionId: bodyId });

export const acceptPhotoIdVersion = defineCall('POST', '/patient/acceptPhotoIdVersion', {
  body: versionBody,
  response: { 200: z.object({ status: z.literal('saved') }) },
});

export const rejectPhotoIdVersion = defineCall('POST', '/patient/rejectPhotoIdVersion', {
  body: versionBody,
  response: { 200: z.object({ status: z.literal('saved') }) },
});

/** Whether the practice has a photo ID analysis service, and if not, why not. */
export const getPhotoIdAnalysisStatus = defineCall('GET', '/patient/photoIdAnalysisStatus', {
  response: {
    200: z.union([
      z.object({ available: z.literal(true), message: z.null() }),
      z.object({ available: z.literal(false), message: z.string() }),
    ]),
  },
});

const text = z.string().nullable();

/** The analysis, normalised (domain PhotoIdAnalysis): each value or null when the ID lacks it. */
export const photoIdAnalysis = z.object({
  firstName: text,
  middleName: text,
  lastName: text,
  /** YYYY-MM-DD. */
  dob: text,
  addressLine1: text,
  city: text,
  state: text,
  zipcode: text,
});

const photoIdName = z.object({
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
});
const photoIdAddress = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});

/** The parts that would change (domain PhotoIdProposedChanges); a part left out changes nothing. */
export const photoIdProposedChanges = z.object({
  name: z.object({ current: photoIdName, proposed: photoIdName }).optional(),
  dob: z.object({ current: z.string().nullable(), proposed: z.string() }).optional(),
  address: z.object({ current: photoIdAddress.nullable(), proposed: photoIdAddress }).optional(),
});

/** Reads the client's stored photo ID through the analysis service (changes nothing yet). */
export const analyzePhotoId = defineCall('GET', '/patient/analyzePhotoId', {
  querystring: patientQuery,
  response: {
    200: z.object({ analysis: photoIdAnalysis, proposedChanges: photoIdProposedChanges }),
  },
});

/** Writes the chosen parts of the last reading. */
export const applyPhotoIdAnalysis = defineCall('POST', '/patient/applyPhotoIdAnalysis', {
  body: z.object({
    patientId: bodyId,
    parts: z
      .array(z.enum(PHOTO_ID_PARTS))
      .min(1, 'Choose what to update.')
      .max(PHOTO_ID_PARTS.length),
  }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({ status: z.literal('saved'), applied: z.array(z.enum(PHOTO_ID_PARTS)) }),
    ]),
  },
});

/**
 * The face sheet, a PDF the server hands over as bytes (a Buffer): Fastify sends those
 * as they are, without the JSON serializer.
 */
export const getFaceSheetPdf = defineCall('GET', '/patient/getFaceSheetPdf', {
  querystring: patientQuery,
  response: {
    200: z.custom<Uint8Array>((value) => value instanceof Uint8Array).describe('PDF file'),
  },
});
