import { z } from 'zod';
import { bodyId, dataOf, idParamSchema, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { noteDetail } from './notes.ts';

/**
 * Addenda to locked notes (issue 17 item 3): draft → signed (→ review for a supervisee)
 * → locked, one at a time. Each answer is the whole note, addenda included.
 */

const addendumParams = z.object({ addendumId: idParamSchema });

export const createAddendum = defineCall('POST', '/charting/addenda', {
  body: z.object({ noteId: bodyId }),
  response: { 200: dataOf(noteDetail) },
});

export const saveAddendum = defineCall('PUT', '/charting/addenda/:addendumId', {
  params: addendumParams,
  body: z.object({ text: textSchema(20_000, { multiline: true }) }),
  response: { 200: dataOf(noteDetail) },
});

export const signAddendum = defineCall('POST', '/charting/addenda/:addendumId/sign', {
  params: addendumParams,
  body: z.object({ reviewerTherapistId: bodyId.optional() }),
  response: { 200: dataOf(noteDetail) },
});

export const returnAddendum = defineCall('POST', '/charting/addenda/:addendumId/return', {
  params: addendumParams,
  body: z.object({ comment: textSchema(4000, { multiline: true, min: 1 }) }),
  response: { 200: dataOf(noteDetail) },
});

export const cosignAddendum = defineCall('POST', '/charting/addenda/:addendumId/cosign', {
  params: addendumParams,
  body: z.object({}),
  response: { 200: dataOf(noteDetail) },
});
