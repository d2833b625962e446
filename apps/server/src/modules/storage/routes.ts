import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/storage.ts';

const tokenParams = z.object({ token: z.string().max(4100) });

/** PNG files start with these eight bytes. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function looksLike(contentType: string, body: Buffer): boolean {
  if (contentType === 'image/png') return body.subarray(0, 8).equals(PNG_SIGNATURE);
  return true;
}

/**
 * The local storage adapter's signed addresses. Both routes are `public` in
 * the route table because the signature is the permission (as with a
 * presigned S3 URL), but nothing happens without a valid, unexpired token
 * for the right operation. The upload still needs the CSRF token like every
 * PUT: the web app sends it, and an S3 adapter would not route through here.
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
    '/storage/upload/:token',
    {
      config: { access: 'public' },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: { params: tokenParams, hide: true },
    },
    async (request, reply) => {
      const grant = app.storage.verify(request.params.token, 'put', app.now());
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim();
      if (contentType !== grant.contentType) {
        throw new AppError(415, `Upload the file as ${grant.contentType}.`);
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The file is empty.');
      if (body.length > (grant.maxBytes ?? MAX_UPLOAD_BYTES)) {
        throw new AppError(413, 'The file is too large.');
      }
      if (!looksLike(grant.contentType, body)) {
        throw badRequest(`The file is not a valid ${grant.contentType} file.`);
      }
      await app.storage.adapter.put(grant.key, body);
      if (grant.ctx) {
        const handler = app.storage.uploadHandlers.get(grant.ctx.kind);
        if (handler) await handler({ ...grant, ctx: grant.ctx }, request);
      }
      return reply.status(200).send({ status: 'saved', key: grant.key });
    },
  );

  app.get(
    '/storage/file/:token',
    { config: { access: 'public' }, schema: { params: tokenParams, hide: true } },
    async (request, reply) => {
      const grant = app.storage.verify(request.params.token, 'get', app.now());
      const file = await app.storage.adapter.get(grant.key);
      if (!file) throw notFound('That file no longer exists.');
      // A client's file is PHI: opening it is audited like any other read of the record.
      if (grant.ctx) {
        await recordAudit(app.db, {
          ...auditContext(request),
          practiceId: grant.ctx.practiceId,
          action: `client.${grant.ctx.kind}_read`,
          patientId: grant.ctx.patientId,
        });
      }
      return reply
        .header('Content-Type', grant.contentType)
        .header('Content-Disposition', 'inline')
        .send(file);
    },
  );
};
