import { z } from 'zod';
import { bodyId, dataOf, idParamSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { noteDetail, noteStatus } from './notes.ts';

/**
 * A session's notes for one client (issue 17 item 1): the billing note and any family or
 * collateral notes, and the template a new note would start with, so the page can offer
 * the template picker before anything is created.
 */

export const sessionNote = z.object({
  noteId: z.number(),
  isBillingNote: z.boolean(),
  status: noteStatus,
  statusConstant: z.string().nullable(),
  templateName: z.string(),
  templateVersion: z.number(),
  createdAt: timestamp,
});

export const getSessionNotes = defineCall('GET', '/charting/attendees/:attendeeId/notes', {
  params: z.object({ attendeeId: idParamSchema }),
  response: {
    200: dataOf(
      z.object({
        patientId: z.number(),
        clientName: z.string(),
        sessionAt: timestamp,
        notes: z.array(sessionNote),
        /** The therapist's last template, or the one for the session's service, or the practice's default. */
        suggestedTemplateKey: z.string().nullable(),
      }),
    ),
  },
});

/**
 * A family or collateral note for the same session and client: never the billing note
 * (that one is opened by POST /charting/notes), written with the template chosen.
 */
export const startAdditionalNote = defineCall('POST', '/charting/notes/additional', {
  body: z.object({ attendeeId: bodyId, templateKey: z.string().max(40) }),
  response: { 200: dataOf(noteDetail) },
});
