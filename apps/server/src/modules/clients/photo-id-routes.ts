import { formatClientNumber, PHOTO_ID_PARTS } from '@openpractice/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clients } from '../../db/schema/index.ts';
import { auditClientRecord, auditContext, recordAudit } from '../../platform/audit.ts';
import { ID_ANALYSIS_NOT_SET_UP, idAnalysisNotSetUp } from '../../platform/id-analysis.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/storage.ts';
import { randomToken } from '../../platform/tokens.ts';
import { gateClient } from '../../platform/client-gate.ts';
import { loadFaceSheet, renderFaceSheet } from './face-sheet.ts';
import { analyzeClientPhotoId, applyClientPhotoIdAnalysis } from './photo-id-analysis-service.ts';
import { bodyId, patientQuery, UNCHANGED } from './profile-schemas.ts';
import { loadClientRow } from './profile-queries.ts';
import { PHOTO_ID_CONTENT_TYPE, PHOTO_ID_KIND } from './profile-service.ts';

/**
 * Photo ID and face sheet. The browser asks for a signed upload address,
 * PUTs the PNG there (10 minutes, at most 5 MB), and the upload records the
 * new key on the client (replacing and removing any previous photo). The
 * profile's photoIdS3Url is a signed read address of the same kind.
 *
 * Photo ID analysis (when ID_ANALYSIS_URL is set) reads name, date of birth
 * and address from the stored photo and proposes changes by the domain rule;
 * applying writes the chosen ones. A new or deleted photo drops the reading.
 */
export const photoIdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.storage.uploadHandlers.set(PHOTO_ID_KIND, async (grant, request) => {
    const [previous] = await app.db
      .select({ key: clients.photoIdKey })
      .from(clients)
      .where(
        and(eq(clients.id, grant.ctx.patientId), eq(clients.practiceId, grant.ctx.practiceId)),
      );
    if (!previous) return;
    await app.db
      .update(clients)
      .set({ photoIdKey: grant.key, photoIdAnalysis: null, updatedAt: app.now() })
      .where(eq(clients.id, grant.ctx.patientId));
    if (previous.key && previous.key !== grant.key) await app.storage.adapter.delete(previous.key);
    await recordAudit(app.db, {
      ...auditContext(request),
      practiceId: grant.ctx.practiceId,
      action: 'client.photo_id_changed',
      patientId: grant.ctx.patientId,
      detail: { fields: ['photoId'], change: previous.key ? 'replaced' : 'added' },
    });
  });

  app.get(
    '/patient/getPhotoIdUploadUrl',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      const key = `clients/${gate.practiceId}/${gate.clientId}/photo-id-${randomToken(12)}.png`;
      const url = app.storage.uploadUrl(
        {
          key,
          contentType: PHOTO_ID_CONTENT_TYPE,
          maxBytes: MAX_UPLOAD_BYTES,
          ctx: { kind: PHOTO_ID_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
        },
        app.now(),
      );
      return { url, key, contentType: PHOTO_ID_CONTENT_TYPE, maxBytes: MAX_UPLOAD_BYTES };
    },
  );

  app.delete(
    '/patient/deletePhotoId',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      const row = await loadClientRow(app.db, gate.clientId);
      if (!row.photoIdKey) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ photoIdKey: null, photoIdAnalysis: null, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await app.storage.adapter.delete(row.photoIdKey);
      await auditClientRecord(app.db, request, {
        action: 'client.photo_id_changed',
        patientId: gate.clientId,
        detail: { fields: ['photoId'], change: 'deleted' },
      });
      return { status: 'saved' as const, photoIdS3Url: null };
    },
  );

  app.get('/patient/photoIdAnalysisStatus', { config: { access: 'practice' } }, () =>
    app.idAnalyzer
      ? { available: true as const, message: null }
      : { available: false as const, message: ID_ANALYSIS_NOT_SET_UP },
  );

  app.get(
    '/patient/analyzePhotoId',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      if (!app.idAnalyzer) throw idAnalysisNotSetUp();
      const result = await analyzeClientPhotoId(
        { db: app.db, storage: app.storage.adapter, analyzer: app.idAnalyzer, now: app.now() },
        gate,
      );
      await auditClientRecord(app.db, request, {
        action: 'client.photo_id_analysed',
        patientId: gate.clientId,
        detail: { proposed: Object.keys(result.proposedChanges) },
      });
      return result;
    },
  );

  app.post(
    '/patient/applyPhotoIdAnalysis',
    {
      config: { access: 'practice' },
      schema: {
        body: z.object({
          patientId: bodyId,
          parts: z
            .array(z.enum(PHOTO_ID_PARTS))
            .min(1, 'Choose what to update.')
            .max(PHOTO_ID_PARTS.length),
        }),
      },
    },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.body.patientId,
        'hasDemographicAccess',
      );
      const result = await applyClientPhotoIdAnalysis(
        { db: app.db, now: app.now() },
        gate,
        request.body.parts,
      );
      if (result.status === 'unchanged') return UNCHANGED;
      await auditClientRecord(app.db, request, {
        action: 'client.photo_id_analysis_applied',
        patientId: gate.clientId,
        detail: { parts: result.applied, fields: result.fields },
      });
      return { status: 'saved' as const, applied: result.applied };
    },
  );

  app.get(
    '/patient/getFaceSheetPdf',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request, reply) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      const sheet = await loadFaceSheet(app.db, gate);
      const pdf = await renderFaceSheet(sheet, app.now());
      await auditClientRecord(app.db, request, {
        action: 'client.face_sheet_read',
        patientId: gate.clientId,
      });
      const fileName = `face-sheet-${formatClientNumber(sheet.row.accountNumber)}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .send(Buffer.from(pdf));
    },
  );
};
