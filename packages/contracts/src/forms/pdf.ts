import { z } from 'zod';
import { dataOf, idParamSchema, pdfFile, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';
import { definitionDetail } from './definitions.ts';

/**
 * PDF forms (issue 18 item 3, `/n/pdf/patient/edit/{id}`, `/n/pdf/patient/view/{id}`): a
 * manager uploads a fillable PDF, which becomes a published form whose items are its fields;
 * clients fill it like any form; the completed copy (answers written in, flattened, signed)
 * is kept and downloaded. Files travel as bytes, never through the JSON serializer.
 */

/** The body is the PDF's bytes (Content-Type application/pdf), at most 5 MB. */
export const uploadPdfForm = defineCall('PUT', '/form/definition/pdf', {
  querystring: z.object({
    name: textSchema(200, { min: 1 }),
    signatureRequired: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  }),
  response: { 201: dataOf(definitionDetail) },
});

const byId = z.object({ id: idParamSchema });

/** The blank PDF of a form's current version (staff). */
export const definitionPdf = defineCall('GET', '/form/definition/:id/pdf', {
  params: byId,
  response: { 200: pdfFile.describe('The blank PDF form') },
});

/** The client's own PDF form: the completed copy once there is one, else the blank form. */
export const myFormPdf = defineCall('GET', '/form/patient/:id/pdf', {
  params: byId,
  response: { 200: pdfFile.describe('The PDF form, completed when it is') },
});

/** A client's PDF form for staff: the completed copy once there is one, else the blank form. */
export const responsePdf = defineCall('GET', '/form/response/:id/pdf', {
  params: byId,
  response: { 200: pdfFile.describe('The PDF form, completed when it is') },
});
