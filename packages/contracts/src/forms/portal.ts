import { z } from 'zod';
import { dataOf, idParamSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { assignmentRow, responseDetail, revokeBody, signatureBody } from './assignments.ts';
import { formAnswers } from './questionnaire.ts';

/**
 * The signed-in client's own forms in the portal (`/n/form/patient/edit/{id}`,
 * `/n/form/patient/view/{id}`): only their own assignments, found by their sign-in; an id
 * that is not theirs answers 404 like one that does not exist.
 */
const params = z.object({ id: idParamSchema });

export const myForms = defineCall('GET', '/form/patient', {
  response: { 200: dataOf(z.array(assignmentRow)) },
});

export const myForm = defineCall('GET', '/form/patient/:id', {
  params,
  response: { 200: dataOf(responseDetail) },
});

/** Saves the answers so far (the page calls it as the client goes). */
export const saveMyForm = defineCall('PUT', '/form/patient/:id', {
  params,
  body: z.strictObject({ answers: formAnswers }),
  response: { 200: dataOf(responseDetail) },
});

/** Submits: every required item that is shown must be answered (400 naming the first). */
export const submitMyForm = defineCall('POST', '/form/patient/:id/submit', {
  params,
  body: z.strictObject({ answers: formAnswers }),
  response: { 200: dataOf(responseDetail) },
});

export const signMyForm = defineCall('POST', '/form/patient/:id/sign', {
  params,
  body: signatureBody,
  response: { 200: dataOf(responseDetail) },
});

export const revokeMyForm = defineCall('POST', '/form/patient/:id/revoke', {
  params,
  body: revokeBody,
  response: { 200: dataOf(responseDetail) },
});
