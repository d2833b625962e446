import * as contract from '@openpractice/contracts/storage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { MAX_UPLOAD_BYTES, type StorageGrant } from '../../platform/storage.ts';
import {
  appliesAtOnce,
  claimUploadLink,
  keepAsVersion,
  linkAuditDetail,
  linkUseOf,
} from '../../platform/upload-links.ts';

/** PNG files start with these eight bytes. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const SIGN_IN_TO_OPEN = 'Sign in to open this file.';

function looksLike(contentType: string, body: Buffer): boolean {
  if (contentType === 'image/png') return body.subarray(0, 8).equals(PNG_SIGNATURE);
  return true;
}

/** The uploaded bytes, refused unless they are the type, size and format the link allows. */
function uploadedFile(
  grant: Pick<StorageGrant, 'contentType' | 'maxBytes'>,
  contentTypeHeader: string | undefined,
  body: unknown,
): Buffer {
  const contentType = (contentTypeHeader ?? '').split(';')[0]?.trim();
  if (contentType !== grant.contentType) {
    throw new AppError(415, `Upload the file as ${grant.contentType}.`);
  }
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The file is empty.');
  if (body.length > (grant.maxBytes ?? MAX_UPLOAD_BYTES)) {
    throw new AppError(413, 'The file is too large.');
  }
  if (!looksLike(grant.contentType, body)) {
    throw badRequest(`The file is not a valid ${grant.contentType} file.`);
  }
  return body;
}

/**
 * The local storage adapter's signed addresses. Both routes are `public` in
 * the route table because the link is the permission (as with a presigned
 * S3 URL); they declare their client data like any other route, so the
 * change or read and its audit row commit together, and the row names the
 * user the link was issued to and whether a session came with the request.
 * The upload still needs the CSRF token like every PUT (a visitor without a
 * session gets the anonymous one from GET /api/user/csrf).
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Uploads arrive as raw bytes; only this plugin's routes read bodies this way.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.put(
    contract.uploadFile.path,
    {
      config: {
        access: 'public',
        // The action depends on what the upload became; the handler names it.
        audit: { action: 'client.file_uploaded', kind: 'change' },
      },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: contract.uploadFile.schema,
    },
    async (request) => {
      const now = app.now();
      const grant = app.storage.verify(request.params.token, 'put', now);
      const body = uploadedFile(grant, request.headers['content-type'], request.body);
      // Checked before the link is used up, so a wrong file can be retried with the same link.
      const use = linkUseOf(request);
      const link = await claimUploadLink(app.db, grant, use, now);
      const { kind, practiceId, patientId } = grant.ctx;
      noteAudit(request, {
        patientIds: [patientId],
        detail: linkAuditDetail(grant, use),
        actor: { practiceId, userId: link.issuedToUserId },
      });
      await app.storage.adapter.put(grant.key, body);
      try {
        const handler = app.storage.uploadHandlers.get(kind);
        if (handler && appliesAtOnce(link, use)) {
          const applied = await handler(grant, link);
          if (applied) noteAudit(request, applied);
          else noteAudit(request, { detail: { change: 'discarded' } });
          return { status: 'saved' as const, key: grant.key };
        }
        // Anyone but the staff user it was issued to leaves a version for staff to decide on.
        const superseded = await keepAsVersion(app.db, link, now);
        for (const old of superseded) await app.storage.adapter.delete(old.fileKey);
        noteAudit(request, {
          action: `client.${kind}_version_received`,
          detail: {
            version: link.id,
            ...(link.insuranceId === null ? {} : { insuranceId: link.insuranceId }),
            ...(superseded.length > 0 ? { superseded: superseded.map((s) => s.id) } : {}),
          },
        });
        return { status: 'pending' as const, key: grant.key };
      } catch (error) {
        await app.storage.adapter.delete(grant.key);
        throw error;
      }
    },
  );

  app.get(
    contract.readFile.path,
    {
      config: {
        access: 'public',
        audit: { action: 'client.file_read', kind: 'view' },
      },
      schema: contract.readFile.schema,
    },
    async (request, reply) => {
      const grant = app.storage.verify(request.params.token, 'get', app.now());
      const use = linkUseOf(request);
      // A link that names no issuer is only good with a session: every read has an actor.
      if (!grant.by && !use.session) throw unauthorized(SIGN_IN_TO_OPEN);
      const file = await app.storage.adapter.get(grant.key);
      if (!file) throw notFound('That file no longer exists.');
      // A client's file is PHI: opening it is audited like any other read of the record.
      noteAudit(request, {
        action: `client.${grant.ctx.kind}_read`,
        patientIds: [grant.ctx.patientId],
        detail: linkAuditDetail(grant, use),
        actor: { practiceId: grant.ctx.practiceId, userId: grant.by?.userId ?? use.sessionUserId },
      });
      // Returned, not sent: the answer leaves only after the audit row has committed.
      void reply.header('Content-Type', grant.contentType).header('Content-Disposition', 'inline');
      return file;
    },
  );
};
