import * as contract from '@openpractice/contracts/forms/pdf';
import { PDF_FORM_MAX_BYTES } from '@openpractice/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { randomToken } from '../../platform/tokens.ts';
import { ownClientId } from '../../platform/portal-client.ts';
import { requireClinicalFor } from './actors.ts';
import { clientOfAssignment, loadAssignment, type LoadedAssignment } from './assignment-queries.ts';
import { definitionRow, detailOf } from './definition-queries.ts';
import { readFillablePdf } from './pdf-form-file.ts';
import { createPdfDefinition, pdfFileKeyOf } from './pdf-form-service.ts';

export const NOT_A_PDF_FORM = 'This form is not a PDF form.';

/**
 * PDF forms (issue 18 item 3): managers upload a fillable PDF (checked by its content, kept
 * inert, at most 5 MB); staff and the client download the form — completed once it is. Files
 * are sent as attachments with a sandboxing policy, never shown inline by our pages.
 */
/** Sends a stored PDF as a download that no browser runs anything in. */
async function sendPdf(app: FastifyInstance, reply: FastifyReply, key: string, name: string) {
  const file = await app.storage.adapter.get(key);
  if (file === null) throw notFound('The PDF file is missing from storage.');
  void reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${name}.pdf"`)
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('X-Content-Type-Options', 'nosniff');
  return new Uint8Array(file);
}

export const pdfFormDefinitionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The PDF arrives as raw bytes whatever its declared type: the content decides.
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PDF_FORM_MAX_BYTES + 1024 },
    (_r, body, done) => {
      done(null, body);
    },
  );

  app.put(
    contract.uploadPdfForm.path,
    {
      config: { access: 'manager', audit: { action: 'practice.form_definition_created' } },
      bodyLimit: PDF_FORM_MAX_BYTES + 1024,
      schema: contract.uploadPdfForm.schema,
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { bytes, fields } = await readFillablePdf(body);
      const practiceId = practiceScope(request);
      const key = `practices/${String(practiceId)}/forms/pdf-${randomToken(16)}.pdf`;
      await app.storage.adapter.put(key, Buffer.from(bytes));
      const id = await createPdfDefinition(
        app.db,
        { practiceId, userId: authOf(request).user.id, now: app.now() },
        {
          name: request.query.name.trim(),
          signatureRequired: request.query.signatureRequired,
          key,
          fields,
        },
      );
      noteAudit(request, {
        detail: { formDefinitionId: id, pdfFields: fields.length, bytes: bytes.length },
      });
      reply.code(201);
      return { data: await detailOf(app.db, await definitionRow(app.db, practiceId, id)) };
    },
  );

  app.get(
    contract.definitionPdf.path,
    { config: { access: 'practiceStaff', audit: 'none' }, schema: contract.definitionPdf.schema },
    async (request, reply) => {
      const practiceId = practiceScope(request);
      await definitionRow(app.db, practiceId, request.params.id);
      const key = await pdfFileKeyOf(app.db, practiceId, request.params.id);
      if (key === null) throw notFound(NOT_A_PDF_FORM);
      return sendPdf(app, reply, key, 'form');
    },
  );
};

/** A client's PDF form, for the client in the portal and for staff through the client gate. */
export const pdfFormResponseRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The completed copy once made, else the blank form; a form that is not a PDF is 404. */
  const sendAssignment = async (reply: FastifyReply, loaded: LoadedAssignment) => {
    const key = loaded.filledPdfKey ?? loaded.pdfFileKey;
    if (key === null) throw notFound(NOT_A_PDF_FORM);
    return sendPdf(
      app,
      reply,
      key,
      loaded.filledPdfKey ? `form-${String(loaded.id)}-completed` : 'form',
    );
  };

  app.get(
    contract.myFormPdf.path,
    {
      config: { access: 'patient', audit: { action: 'client.form_pdf_downloaded', kind: 'view' } },
      schema: contract.myFormPdf.schema,
    },
    async (request, reply) => {
      const clientId = await ownClientId(app.db, request);
      noteAudit(request, { patientIds: [clientId], detail: { via: 'portal' } });
      const loaded = await loadAssignment(app.db, practiceScope(request), request.params.id, {
        clientId,
      });
      noteAudit(request, { detail: { assignmentId: loaded.id } });
      return sendAssignment(reply, loaded);
    },
  );

  app.get(
    contract.responsePdf.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.form_pdf_downloaded',
          client: { resolve: clientOfAssignment, need: 'hasDemographicAccess' },
        },
      },
      schema: contract.responsePdf.schema,
    },
    async (request, reply) => {
      const loaded = await loadAssignment(app.db, practiceScope(request), request.params.id);
      requireClinicalFor(request, loaded.measure);
      noteAudit(request, { detail: { assignmentId: loaded.id } });
      return sendAssignment(reply, loaded);
    },
  );
};
