import { formatClientNumber } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients } from '../../../db/schema/index.ts';
import { ID_ANALYSIS_NOT_SET_UP, idAnalysisNotSetUp } from '../../../platform/id-analysis.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { issueUploadLink } from '../../../platform/upload-links.ts';
import { loadFaceSheet, renderFaceSheet } from './face-sheet.ts';
import { analyzeClientPhotoId, applyClientPhotoIdAnalysis } from './photo-id-analysis-service.ts';
import { ownPhotoIdUploadRoutes, photoIdKey, photoIdVersionRoutes } from './photo-id-versions.ts';
import * as contract from '@openpractice/contracts/clients/profile/photo-id';
import { UNCHANGED } from '../../../platform/validation.ts';
import { loadClientRow } from './profile-queries.ts';
import { PHOTO_ID_CONTENT_TYPE } from './profile-service.ts';

/** Everything here is the photo ID part of the record: demographic access. */
const photoIdClient = { query: 'patientId', need: 'hasDemographicAccess' } as const;

/**
 * Photo ID and face sheet. The browser asks for a signed upload address,
 * PUTs the PNG there (once, within 15 minutes, at most 5 MB), and the upload
 * records the new key on the client, replacing and removing any previous
 * photo; an upload by anyone else than the staff user the link was issued to
 * waits as a version for staff to accept (photo-id-versions.ts). The
 * profile's photoIdS3Url is a signed read address of the same kind. A new or
 * deleted photo drops any analysis reading.
 */
export const photoIdRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(photoIdVersionRoutes);
  await app.register(ownPhotoIdUploadRoutes);

  app.get(
    contract.getPhotoIdUploadUrl.path,
    {
      config: {
        access: 'practice',
        audit: { action: 'client.photo_id_upload_link_issued', client: photoIdClient },
      },
      schema: contract.getPhotoIdUploadUrl.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      return issueUploadLink(
        app.db,
        app.storage,
        request,
        {
          kind: 'photo_id',
          practiceId: gate.practiceId,
          clientId: gate.clientId,
          key: photoIdKey(gate.practiceId, gate.clientId),
          contentType: PHOTO_ID_CONTENT_TYPE,
        },
        app.now(),
      );
    },
  );

  app.delete(
    contract.deletePhotoId.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.photo_id_changed',
          client: photoIdClient,
          detail: () => ({ fields: ['photoId'] }),
        },
      },
      schema: contract.deletePhotoId.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadClientRow(app.db, gate.clientId);
      if (!row.photoIdKey) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ photoIdKey: null, photoIdAnalysis: null, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      await app.storage.adapter.delete(row.photoIdKey);
      noteAudit(request, { detail: { change: 'deleted' } });
      return { status: 'saved' as const, photoIdS3Url: null };
    },
  );

  app.get(
    contract.getFaceSheetPdf.path,
    {
      config: {
        access: 'practice',
        audit: { action: 'client.face_sheet_read', client: photoIdClient, kind: 'print' },
      },
      schema: contract.getFaceSheetPdf.schema,
    },
    async (request, reply) => {
      const sheet = await loadFaceSheet(app.db, gateOf(request));
      const pdf = await renderFaceSheet(sheet, app.now());
      const fileName = `face-sheet-${formatClientNumber(sheet.row.accountNumber)}.pdf`;
      // Returned, not sent: the PDF leaves only after its audit row has committed.
      void reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`);
      return Buffer.from(pdf);
    },
  );
};

/**
 * Photo ID analysis (when ID_ANALYSIS_URL is set) reads name, date of birth
 * and address from the stored photo and proposes changes by the domain rule;
 * applying writes the chosen ones.
 */
export const photoIdAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getPhotoIdAnalysisStatus.path,
    {
      config: { access: 'practice', audit: 'none' },
      schema: contract.getPhotoIdAnalysisStatus.schema,
    },
    () =>
      app.idAnalyzer
        ? { available: true as const, message: null }
        : { available: false as const, message: ID_ANALYSIS_NOT_SET_UP },
  );

  app.get(
    contract.analyzePhotoId.path,
    {
      config: {
        access: 'practice',
        audit: { action: 'client.photo_id_analysed', client: photoIdClient },
      },
      schema: contract.analyzePhotoId.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      if (!app.idAnalyzer) throw idAnalysisNotSetUp();
      const result = await analyzeClientPhotoId(
        { db: app.db, storage: app.storage.adapter, analyzer: app.idAnalyzer, now: app.now() },
        gate,
      );
      noteAudit(request, { detail: { proposed: Object.keys(result.proposedChanges) } });
      return result;
    },
  );

  app.post(
    contract.applyPhotoIdAnalysis.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.photo_id_analysis_applied',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.applyPhotoIdAnalysis.schema,
    },
    async (request) => {
      const result = await applyClientPhotoIdAnalysis(
        { db: app.db, now: app.now() },
        gateOf(request),
        request.body.parts,
      );
      if (result.status === 'unchanged') {
        noteAudit(request, { detail: { parts: [], fields: [] } });
        return UNCHANGED;
      }
      noteAudit(request, { detail: { parts: result.applied, fields: result.fields } });
      return { status: 'saved' as const, applied: result.applied };
    },
  );
};
