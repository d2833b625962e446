import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients } from '../../../db/schema/index.ts';
import { authOf, practiceScope } from '../../../platform/access.ts';
import { forbidden } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { linkIssuerOf } from '../../../platform/storage.ts';
import {
  reviewVersion,
  issueUploadLink,
  pendingVersions,
  versionOrigin,
} from '../../../platform/upload-links.ts';
import { randomToken } from '../../../platform/tokens.ts';
import * as contract from '@openpractice/contracts/clients/profile/photo-id';
import { PHOTO_ID_CONTENT_TYPE, PHOTO_ID_KIND } from './profile-service.ts';

export const NO_OWN_RECORD = 'Your sign-in is not linked to a client record of this practice.';

/** A fresh key for each upload, so a version never overwrites the current photo. */
export function photoIdKey(practiceId: number, clientId: number): string {
  return `clients/${practiceId}/${clientId}/photo-id-${randomToken(12)}.png`;
}

const photoIdClient = { body: 'patientId', need: 'hasDemographicAccess' } as const;

/** Sets the client's photo ID to `key` and removes the file it replaces. */
async function makeCurrent(
  app: FastifyInstance,
  practiceId: number,
  clientId: number,
  key: string,
) {
  const [previous] = await app.db
    .select({ key: clients.photoIdKey })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.practiceId, practiceId)));
  if (!previous) return null;
  await app.db
    .update(clients)
    .set({ photoIdKey: key, photoIdAnalysis: null, updatedAt: app.now() })
    .where(eq(clients.id, clientId));
  if (previous.key && previous.key !== key) await app.storage.adapter.delete(previous.key);
  return { fields: ['photoId'], change: previous.key ? 'replaced' : 'added' };
}

/**
 * New versions of a client's photo ID (issue 13, finding 11). A client
 * uploads their own photo ID through a link from the portal; that upload,
 * like any upload not made by the staff user its link was issued to, does
 * not replace the photo on the record: it waits until staff accept it (it
 * becomes the photo ID, the old one is removed) or reject it (its file is
 * removed). Staff see it on the profile's photo ID section.
 */
export const photoIdVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The staff user the link was issued to, signed in: the upload is the photo ID at once.
  app.storage.uploadHandlers.set(PHOTO_ID_KIND, async (grant) => {
    const changed = await makeCurrent(app, grant.ctx.practiceId, grant.ctx.patientId, grant.key);
    if (!changed) await app.storage.adapter.delete(grant.key);
    return changed && { action: 'client.photo_id_changed', detail: changed };
  });

  app.get(
    contract.getPhotoIdVersion.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.photo_id_version_read',
          client: { query: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.getPhotoIdVersion.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const [version] = await pendingVersions(app.db, gate.clientId, 'photo_id');
      if (!version) return { version: null };
      return {
        version: {
          versionId: version.id,
          origin: versionOrigin(version),
          uploadedAt: (version.usedAt ?? version.issuedAt).toISOString(),
          url: app.storage.readUrl(
            {
              key: version.fileKey,
              contentType: PHOTO_ID_CONTENT_TYPE,
              ctx: { kind: PHOTO_ID_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
              by: linkIssuerOf(request),
            },
            app.now(),
          ),
        },
      };
    },
  );

  app.post(
    contract.acceptPhotoIdVersion.path,
    {
      config: {
        access: 'practice',
        audit: { action: 'client.photo_id_changed', client: photoIdClient },
      },
      schema: contract.acceptPhotoIdVersion.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const version = await reviewVersion(
        app,
        request,
        'photo_id',
        request.body.versionId,
        'accepted',
      );
      const changed = await makeCurrent(app, gate.practiceId, gate.clientId, version.fileKey);
      noteAudit(request, { detail: { ...changed, version: version.id, decision: 'accepted' } });
      return { status: 'saved' as const };
    },
  );

  app.post(
    contract.rejectPhotoIdVersion.path,
    {
      config: {
        access: 'practice',
        audit: { action: 'client.photo_id_version_rejected', client: photoIdClient },
      },
      schema: contract.rejectPhotoIdVersion.schema,
    },
    async (request) => {
      const version = await reviewVersion(
        app,
        request,
        'photo_id',
        request.body.versionId,
        'rejected',
      );
      noteAudit(request, { detail: { version: version.id, decision: 'rejected' } });
      return { status: 'saved' as const };
    },
  );
};

/** A client asking, from the portal, for a link to upload their own photo ID. */
export const ownPhotoIdUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The client record the signed-in portal user is, in the practice they act in. */
  async function ownRecord(request: FastifyRequest): Promise<number> {
    const [row] = await app.db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.portalUserId, authOf(request).user.id),
          eq(clients.practiceId, practiceScope(request)),
          isNull(clients.mergedIntoId),
        ),
      )
      .orderBy(clients.id)
      .limit(1);
    if (!row) throw forbidden(NO_OWN_RECORD);
    return row.id;
  }

  app.get(
    contract.getOwnPhotoIdUploadUrl.path,
    {
      config: {
        access: 'patient',
        // The client gate is for staff; a client asks for their own record, named below.
        audit: { action: 'client.photo_id_upload_link_issued' },
      },
      schema: contract.getOwnPhotoIdUploadUrl.schema,
    },
    async (request) => {
      const clientId = await ownRecord(request);
      const practiceId = practiceScope(request);
      noteAudit(request, { patientIds: [clientId] });
      return issueUploadLink(
        app.db,
        app.storage,
        request,
        {
          kind: 'photo_id',
          practiceId,
          clientId,
          key: photoIdKey(practiceId, clientId),
          contentType: PHOTO_ID_CONTENT_TYPE,
        },
        app.now(),
      );
    },
  );
};
