import * as contract from '@openpractice/contracts/practice/logo';
import { LOGO_MAX_BYTES, type LogoKind } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { practices } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { randomToken } from '../../../platform/tokens.ts';
import { inertLogo } from './images.ts';
import { logoUrlsOf } from './urls.ts';

const KEY_COLUMN = { banner: 'logoBannerKey', icon: 'logoIconKey' } as const;

async function loadLogo(db: Db, practiceId: number) {
  const [row] = await db
    .select({
      logoBannerKey: practices.logoBannerKey,
      logoIconKey: practices.logoIconKey,
      logoVersion: practices.logoVersion,
    })
    .from(practices)
    .where(eq(practices.id, practiceId));
  if (!row) throw notFound('The practice was not found.');
  return row;
}

/**
 * The practice's logo (spec-1 §2 /practice/logo): managers and staff
 * administrators (the Settings users) upload and remove a banner and an
 * icon; everyone of the practice, clients included, reads the images. The
 * files live in the storage adapter under the practice's folder; an old
 * file is removed only once its replacement's row has committed.
 */
export const practiceLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The image arrives as raw bytes whatever its declared type: the content decides.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
    (_r, body, done) => {
      done(null, body);
    },
  );
  /** Files to remove once the answer is known: the replaced one on success, the new one on failure. */
  const replaced = new WeakMap<FastifyRequest, string>();
  const created = new WeakMap<FastifyRequest, string>();
  // onSend runs once the handler's transaction has committed (or failed: then the status says so).
  app.addHook('onSend', async (request, reply, payload) => {
    const garbage = reply.statusCode < 300 ? replaced.get(request) : created.get(request);
    if (garbage !== undefined) await app.storage.adapter.delete(garbage);
    return payload;
  });

  app.get(
    contract.getPracticeLogo.path,
    { config: { access: 'practice', audit: 'none' }, schema: contract.getPracticeLogo.schema },
    async (request) => ({ data: logoUrlsOf(await loadLogo(app.db, practiceScope(request))) }),
  );

  app.get(
    contract.practiceLogoImage.path,
    { config: { access: 'practice', audit: 'none' }, schema: contract.practiceLogoImage.schema },
    async (request, reply) => {
      const row = await loadLogo(app.db, practiceScope(request));
      const key = row[KEY_COLUMN[request.params.kind]];
      const file = key === null ? null : await app.storage.adapter.get(key);
      if (file === null) throw notFound('This practice has no such logo.');
      void reply
        .header('Content-Type', 'image/png')
        .header('Content-Disposition', 'inline; filename="logo.png"')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('X-Content-Type-Options', 'nosniff')
        // The address carries the version: a changed logo has a new address.
        .header('Cache-Control', 'private, max-age=86400');
      return file;
    },
  );

  const setKey = async (request: FastifyRequest, kind: LogoKind, key: string | null) => {
    const practiceId = practiceScope(request);
    const before = await loadLogo(app.db, practiceId);
    const old = before[KEY_COLUMN[kind]];
    await app.db
      .update(practices)
      .set({ [KEY_COLUMN[kind]]: key, logoVersion: before.logoVersion + 1 })
      .where(eq(practices.id, practiceId));
    if (old !== null) replaced.set(request, old);
    return logoUrlsOf(await loadLogo(app.db, practiceId));
  };

  app.put(
    contract.uploadPracticeLogo.path,
    {
      config: { access: 'settings', audit: { action: 'practice.logo_uploaded' } },
      bodyLimit: LOGO_MAX_BYTES,
      schema: contract.uploadPracticeLogo.schema,
    },
    async (request) => {
      const { kind } = request.params;
      const png = await inertLogo(kind, request.body);
      const practiceId = practiceScope(request);
      const key = `practices/${practiceId}/logo/${kind}-${randomToken(12)}.png`;
      await app.storage.adapter.put(key, png);
      created.set(request, key);
      noteAudit(request, { detail: { kind, bytes: png.length } });
      return { data: await setKey(request, kind, key) };
    },
  );

  app.delete(
    contract.removePracticeLogo.path,
    {
      config: { access: 'settings', audit: { action: 'practice.logo_removed' } },
      schema: contract.removePracticeLogo.schema,
    },
    async (request) => {
      const { kind } = request.params;
      noteAudit(request, { detail: { kind } });
      return { data: await setKey(request, kind, null) };
    },
  );
};
