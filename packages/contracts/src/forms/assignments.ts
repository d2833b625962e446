import { ASSIGNMENT_STATES, SIGNATURE_LIMITS } from '@openpractice/domain';
import { z } from 'zod';
import {
  bodyId,
  dataOf,
  dateSchema,
  idParamSchema,
  patientQuery,
  textSchema,
  timestamp,
} from '../common.ts';
import { defineCall } from '../define.ts';
import { formAnswers, questionnaire } from './questionnaire.ts';

/**
 * Forms given to clients (issue 18 item 2): assign by hand (now, or before the next
 * appointment), a client's list with states (`/n/client/forms`), a response viewed
 * (`/n/form/response/{id}`), completed with the client in session, signed and revoked.
 * Every call names the assignment; the server gates its client.
 */

export const assignmentState = z.enum(ASSIGNMENT_STATES);

export const assignmentRow = z.object({
  id: z.number(),
  patientId: z.number(),
  formDefinitionId: z.number(),
  name: z.string(),
  version: z.number(),
  state: assignmentState,
  source: z.enum(['auto', 'manual', 'appointment', 'schedule']),
  signatureRequired: z.boolean(),
  measure: z.enum(['phq9', 'gad7']).nullable(),
  assignedAt: timestamp,
  /** The appointment it is to be done before, when given for one. */
  dueBefore: timestamp.nullable(),
  updatedAt: timestamp,
  submittedAt: timestamp.nullable(),
  signedAt: timestamp.nullable(),
});

export const assignForms = defineCall('POST', '/form/assignment', {
  body: z.strictObject({
    patientId: bodyId,
    formDefinitionIds: z.array(bodyId).min(1).max(20),
    /** 'now', or before the client's next appointment (refused when they have none). */
    when: z.enum(['now', 'nextAppointment']).default('now'),
  }),
  response: {
    201: z.object({
      data: z.array(assignmentRow),
      /** Forms the client already has open: not given twice. */
      alreadyOpen: z.array(z.number()),
    }),
  },
});

/** The client's assignments, newest first, with their states (`/n/client/forms`). */
export const clientForms = defineCall('GET', '/client/forms', {
  querystring: patientQuery,
  response: { 200: dataOf(z.array(assignmentRow)) },
});

export const signatureRow = z.object({
  typedName: z.string(),
  signedOn: z.string(),
  signerRole: z.enum(['client', 'staff']),
  signedBy: z.string().nullable(),
  signedAt: timestamp,
  ip: z.string().nullable(),
});

export const revocationRow = z.object({
  id: z.number(),
  reason: z.string(),
  revokedByRole: z.enum(['client', 'staff']),
  revokedBy: z.string().nullable(),
  revokedAt: timestamp,
});

export const measureScoreRow = z.object({
  measure: z.enum(['phq9', 'gad7']),
  complete: z.boolean(),
  total: z.number().nullable(),
  severity: z.string().nullable(),
  answered: z.number(),
  selfHarmAlert: z.boolean(),
  scoredAt: timestamp,
});

/** One assignment with the version it was given with, the answers, signatures and history. */
export const responseDetail = z.object({
  assignment: assignmentRow,
  questionnaire,
  answers: formAnswers,
  /** Required items shown but not answered yet (for the page to point at). */
  missing: z.array(z.string()),
  completedVia: z.enum(['portal', 'staff']).nullable(),
  signatures: z.array(signatureRow),
  revocations: z.array(revocationRow),
  score: measureScoreRow.nullable(),
  /** A PDF form (issue 18 item 3): whether its filled copy exists yet; null for other forms. */
  pdf: z.object({ filled: z.boolean() }).nullable(),
});

const assignmentParams = z.object({ id: idParamSchema });
const answersBody = z.strictObject({ answers: formAnswers });
export const signatureBody = z.strictObject({
  typedName: textSchema(SIGNATURE_LIMITS.name, { min: 1 }).refine(
    (t) => t.trim().length >= 2,
    'Type your full name.',
  ),
  signedOn: dateSchema(),
});
export const revokeBody = z.strictObject({
  reason: textSchema(1000, { multiline: true }).default(''),
});

export const viewResponse = defineCall('GET', '/form/response/:id', {
  params: assignmentParams,
  response: { 200: dataOf(responseDetail) },
});

/** Staff fill the form in with the client in session: save as they go. */
export const staffSaveResponse = defineCall('PUT', '/form/response/:id', {
  params: assignmentParams,
  body: answersBody,
  response: { 200: dataOf(responseDetail) },
});

export const staffSubmitResponse = defineCall('POST', '/form/response/:id/submit', {
  params: assignmentParams,
  body: answersBody,
  response: { 200: dataOf(responseDetail) },
});

/** The client signs on the staff member's screen; the row records the staff member too. */
export const staffSignResponse = defineCall('POST', '/form/response/:id/sign', {
  params: assignmentParams,
  body: signatureBody,
  response: { 200: dataOf(responseDetail) },
});

export const staffRevoke = defineCall('POST', '/form/response/:id/revoke', {
  params: assignmentParams,
  body: revokeBody,
  response: { 200: dataOf(responseDetail) },
});
