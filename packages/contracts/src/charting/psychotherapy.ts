import { z } from 'zod';
import { bodyId, dataOf, idParamSchema, queryId, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Psychotherapy notes (issue 17 item 5): a therapist's private process notes of a session,
 * kept apart from the record. Only the author reads them, until the author releases one;
 * they are never printed or exported. Every read and change is audited.
 */

export const psychotherapyNote = z.object({
  psychotherapyNoteId: z.number(),
  patientId: z.number(),
  eventId: z.number().nullable(),
  authorName: z.string(),
  text: z.string(),
  releasedAt: timestamp.nullable(),
  updatedAt: timestamp,
  /** The caller wrote it (and so may change or release it). */
  isMine: z.boolean(),
});

/** The caller's own note of a session, or null when none was written. */
export const getMyPsychotherapyNote = defineCall('GET', '/charting/psychotherapy-notes/mine', {
  querystring: z.object({ patientId: queryId, eventId: queryId }),
  response: { 200: dataOf(psychotherapyNote.nullable()) },
});

export const savePsychotherapyNote = defineCall('PUT', '/charting/psychotherapy-notes/mine', {
  body: z.object({
    patientId: bodyId,
    eventId: bodyId,
    text: textSchema(50_000, { multiline: true }),
  }),
  response: { 200: dataOf(psychotherapyNote) },
});

/** Releasing makes a note readable by those who read the client's clinical notes. Final. */
export const releasePsychotherapyNote = defineCall(
  'POST',
  '/charting/psychotherapy-notes/:psychotherapyNoteId/release',
  {
    params: z.object({ psychotherapyNoteId: idParamSchema }),
    body: z.object({}),
    response: { 200: dataOf(psychotherapyNote) },
  },
);

/** The client's psychotherapy notes the caller may read: their own, and released ones. */
export const listPsychotherapyNotes = defineCall(
  'GET',
  '/charting/clients/:patientId/psychotherapy-notes',
  {
    params: z.object({ patientId: idParamSchema }),
    response: { 200: dataOf(z.array(psychotherapyNote)) },
  },
);
