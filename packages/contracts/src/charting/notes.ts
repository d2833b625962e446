import { MAX_DIAGNOSES, NOTE_STATUSES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, idParamSchema, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Progress notes (issue 17 items 1–2, 7): one per client per session, written from a
 * versioned template, saved as a draft while typed, signed (and for a supervisee sent
 * for review) after the password is verified. Every call names the note's client for
 * the platform's client gate and audit row.
 */

export const noteStatus = z.enum(NOTE_STATUSES);

/** A field's answer: text, or a choice per category (mental status exam, risk assessment). */
export const noteContent = z.record(
  z.string().max(60),
  z.union([
    textSchema(20_000, { multiline: true }),
    z.record(z.string().max(60), z.string().max(60)),
  ]),
);

const templateField = z.object({
  id: z.string(),
  label: z.string(),
  type: z.enum(['text', 'textarea', 'select', 'mse', 'risk']),
  required: z.boolean().optional(),
  maxLength: z.number().optional(),
  options: z.array(z.string()).optional(),
});

export const noteTemplate = z.object({
  templateId: z.number(),
  key: z.string(),
  version: z.number(),
  name: z.string(),
  cptCode: z.string().nullable(),
  sections: z.array(
    z.object({ id: z.string(), title: z.string(), fields: z.array(templateField) }),
  ),
});

export const listNoteTemplates = defineCall('GET', '/charting/templates', {
  response: { 200: dataOf(z.array(noteTemplate)) },
});

export const signature = z.object({
  signerName: z.string(),
  role: z.enum(['author', 'cosigner']),
  signedAt: timestamp,
  version: z.number(),
  contentHash: z.string(),
});

export const historyEntry = z.object({
  at: timestamp,
  userName: z.string(),
  action: z.enum([
    'created',
    'sent',
    'returned',
    'cosigned',
    'signed',
    'unlocked',
    'addendum_created',
  ]),
  version: z.number(),
  addendumId: z.number().nullable(),
  /** The supervisor's feedback when a note was returned. */
  comment: z.string().nullable(),
});

export const addendum = z.object({
  addendumId: z.number(),
  status: noteStatus,
  statusConstant: z.string().nullable(),
  text: z.string(),
  therapistName: z.string(),
  createdAt: timestamp,
  lockedAt: timestamp.nullable(),
  canEdit: z.boolean(),
  canReview: z.boolean(),
});

/** What the caller may do now (the server checks again on each call). */
export const noteActions = z.object({
  canEdit: z.boolean(),
  canSign: z.boolean(),
  /** Signing sends it to a supervisor rather than locking it. */
  signSendsForReview: z.boolean(),
  canReview: z.boolean(),
  canUnlock: z.boolean(),
  canAddAddendum: z.boolean(),
  /** The author's supervisors, one of whom a supervisee sends the note (or addendum) to. */
  reviewers: z.array(z.object({ therapistId: z.number(), name: z.string() })),
});

/**
 * A group session's chart: the group note and each member's part, with the group's status
 * from its members' (partially.locked, partially.pendingreview …). Members are listed only
 * for the session's therapist, their supervisors and managers.
 */
export const groupChart = z.object({
  groupNoteId: z.number(),
  groupPatientId: z.number(),
  groupName: z.string(),
  statusConstant: z.string().nullable(),
  members: z.array(
    z.object({
      noteId: z.number(),
      patientId: z.number(),
      clientName: z.string(),
      status: noteStatus,
      statusConstant: z.string().nullable(),
    }),
  ),
});

export const noteDetail = z.object({
  noteId: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  eventId: z.number().nullable(),
  /** The session's attendee the note is for (null for a group note, or once the session is gone). */
  attendeeId: z.number().nullable(),
  therapistId: z.number(),
  therapistName: z.string(),
  kind: z.enum(['progress', 'group']),
  /** The session's billing note; family and collateral notes are not (one billing note per client and session). */
  isBillingNote: z.boolean(),
  group: groupChart.nullable(),
  status: noteStatus,
  /** The spec's chart status constant (null: to be completed). */
  statusConstant: z.string().nullable(),
  version: z.number(),
  sessionAt: timestamp,
  durationMinutes: z.number(),
  cptCode: z.string().nullable(),
  placeOfService: z.string().nullable(),
  telehealth: z.boolean(),
  diagnoses: z.array(z.object({ code: z.string(), description: z.string() })),
  reviewerName: z.string().nullable(),
  template: noteTemplate,
  content: z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])),
  updatedAt: timestamp,
  lockedAt: timestamp.nullable(),
  signatures: z.array(signature),
  history: z.array(historyEntry),
  addenda: z.array(addendum),
  actions: noteActions,
});

const noteParams = z.object({ noteId: idParamSchema });

/**
 * Opens the billing note of an attendee's session, creating it (a draft from the template)
 * the first time; refused for a session that has not happened or was not attended.
 */
export const openNote = defineCall('POST', '/charting/notes', {
  body: z.object({
    attendeeId: bodyId,
    /** The template for a new note; ignored when the note exists. Default: the therapist's last, else SOAP. */
    templateKey: z.string().max(40).optional(),
  }),
  response: { 200: dataOf(noteDetail) },
});

export const getNote = defineCall('GET', '/charting/notes/:noteId', {
  params: noteParams,
  response: { 200: dataOf(noteDetail) },
});

/** A draft save: content and diagnoses; `updatedAt` is the version the editor started from. */
export const saveNoteDraft = defineCall('PUT', '/charting/notes/:noteId', {
  params: noteParams,
  body: z.object({
    content: noteContent,
    diagnosisCodes: z.array(z.string().min(1).max(10)).max(MAX_DIAGNOSES),
    updatedAt: z.string().max(40),
  }),
  response: { 200: z.object({ updatedAt: timestamp }) },
});

/** Sign (a licensed therapist locks it; a supervisee sends it to `reviewerTherapistId`). */
export const signNote = defineCall('POST', '/charting/notes/:noteId/sign', {
  params: noteParams,
  body: z.object({ reviewerTherapistId: bodyId.optional() }),
  response: { 200: dataOf(noteDetail) },
});

export const returnNote = defineCall('POST', '/charting/notes/:noteId/return', {
  params: noteParams,
  body: z.object({ comment: textSchema(4000, { multiline: true, min: 1 }) }),
  response: { 200: dataOf(noteDetail) },
});

export const cosignNote = defineCall('POST', '/charting/notes/:noteId/cosign', {
  params: noteParams,
  body: z.object({}),
  response: { 200: dataOf(noteDetail) },
});

export const unlockNote = defineCall('POST', '/charting/notes/:noteId/unlock', {
  params: noteParams,
  body: z.object({ reason: textSchema(500, { min: 1 }) }),
  response: { 200: dataOf(noteDetail) },
});
