import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clientInsurances, clients } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { linkIssuerOf } from '../../platform/storage.ts';
import {
  decideVersion,
  issueUploadLink,
  pendingVersions,
  versionOrigin,
} from '../../platform/upload-links.ts';
import { bodyId, patientQuery, UNCHANGED } from '../clients/profile-schemas.ts';
import { CARD_CONTENT_TYPE, CARD_KIND, cardKey } from './card-keys.ts';
import {
  clientOfPolicy,
  insuranceNeed,
  loadPolicyOf,
  requireInsuranceEnabled,
} from './insurance-gate.ts';
import { cardQuery } from './insurance-schemas.ts';

const versionBody = z.object({ patientId: bodyId, versionId: bodyId });

/** The client of the policy named in the query (404 outside the caller's practice). */
const policyClient = {
  resolve: async (db: Db, request: FastifyRequest) => [
    await clientOfPolicy(
      db,
      request,
      (request.query as { userInsuranceId: number }).userInsuranceId,
    ),
  ],
  need: insuranceNeed('policies'),
};

/**
 * The insurance card photo of a policy (spec-2 §7: GET
 * getInsuranceCardUploadUrl, DELETE deleteInsuranceCardPhoto, and a PUT of
 * the PNG to the signed address). As with photo IDs: the browser PUTs once
 * to a signed 15-minute address; stored by the staff user the link was
 * issued to, the card replaces the policy's card (the old file is removed);
 * stored by anyone else, it waits as a version for staff to accept or
 * reject. `getUrl` reads the new card once uploaded; each list answer signs
 * a fresh one.
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.storage.uploadHandlers.set(CARD_KIND, async (grant, link) => {
    const changed = await makeCurrent(grant.ctx.patientId, link.insuranceId ?? 0, grant.key);
    // The policy was deleted while the card was on its way: keep no orphan file.
    if (!changed) await app.storage.adapter.delete(grant.key);
    return changed && { action: 'client.insurance_card_changed', detail: changed };
  });

  /** Sets the policy's card to `key` and removes the file it replaces; null without the policy. */
  async function makeCurrent(clientId: number, insuranceId: number, key: string) {
    const [policy] = await app.db
      .select({ key: clientInsurances.cardPhotoKey })
      .from(clientInsurances)
      .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
      .where(and(eq(clientInsurances.id, insuranceId), eq(clientInsurances.clientId, clientId)));
    if (!policy) return null;
    await app.db
      .update(clientInsurances)
      .set({ cardPhotoKey: key })
      .where(eq(clientInsurances.id, insuranceId));
    if (policy.key && policy.key !== key) await app.storage.adapter.delete(policy.key);
    return { insuranceId, change: policy.key ? 'replaced' : 'added' };
  }

  const cardOf = (request: FastifyRequest, key: string) => {
    const gate = gateOf(request);
    return app.storage.readUrl(
      {
        key,
        contentType: CARD_CONTENT_TYPE,
        ctx: { kind: CARD_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
        by: linkIssuerOf(request),
      },
      app.now(),
    );
  };

  app.get(
    '/patientInsurance/getInsuranceCardUploadUrl',
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.insurance_card_upload_link_issued', client: policyClient },
      },
      schema: { querystring: cardQuery },
    },
    async (request) => {
      const insuranceId = request.query.userInsuranceId;
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      noteAudit(request, { detail: { insuranceId } });
      const key = cardKey(gate.practiceId, gate.clientId, insuranceId);
      const target = { kind: 'insurance_card' as const, contentType: CARD_CONTENT_TYPE, key };
      const link = await issueUploadLink(
        app.db,
        app.storage,
        request,
        { ...target, practiceId: gate.practiceId, clientId: gate.clientId, insuranceId },
        app.now(),
      );
      return { ...link, getUrl: cardOf(request, key) };
    },
  );

  app.delete(
    '/patientInsurance/deleteInsuranceCardPhoto',
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.insurance_card_changed', client: policyClient },
      },
      schema: { querystring: cardQuery },
    },
    async (request) => {
      const insuranceId = request.query.userInsuranceId;
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      noteAudit(request, { detail: { insuranceId } });
      const policy = await loadPolicyOf(app.db, gate.clientId, insuranceId);
      if (!policy.cardPhotoKey) return UNCHANGED;
      await app.db
        .update(clientInsurances)
        .set({ cardPhotoKey: null })
        .where(eq(clientInsurances.id, insuranceId));
      await app.storage.adapter.delete(policy.cardPhotoKey);
      noteAudit(request, { detail: { change: 'deleted' } });
      return { status: 'saved' as const, insuranceCardPhotoUrl: null };
    },
  );

  app.get(
    '/patientInsurance/getInsuranceCardVersions',
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.insurance_card_version_read',
          client: { query: 'patientId', need: insuranceNeed('policies') },
        },
      },
      schema: { querystring: patientQuery },
    },
    async (request) => {
      const versions = await pendingVersions(app.db, gateOf(request).clientId, 'insurance_card');
      return {
        data: versions.map((version) => ({
          versionId: version.id,
          insuranceId: version.insuranceId,
          origin: versionOrigin(version),
          uploadedAt: (version.usedAt ?? version.issuedAt).toISOString(),
          url: cardOf(request, version.fileKey),
        })),
      };
    },
  );

  const versionRoute = (action: `client.${string}`) => ({
    config: {
      access: 'practiceStaff' as const,
      audit: { action, client: { body: 'patientId', need: insuranceNeed('policies') } },
    },
    schema: { body: versionBody },
  });

  app.post(
    '/patientInsurance/acceptInsuranceCardVersion',
    versionRoute('client.insurance_card_changed'),
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const version = await decideVersion(app.db, {
        clientId: gate.clientId,
        kind: 'insurance_card',
        versionId: request.body.versionId,
        decision: 'accepted',
        userId: authOf(request).user.id,
        now: app.now(),
      });
      const changed = await makeCurrent(gate.clientId, version.insuranceId ?? 0, version.fileKey);
      noteAudit(request, { detail: { ...changed, version: version.id, decision: 'accepted' } });
      return { status: 'saved' as const };
    },
  );

  app.post(
    '/patientInsurance/rejectInsuranceCardVersion',
    versionRoute('client.insurance_card_version_rejected'),
    async (request) => {
      const gate = gateOf(request);
      const version = await decideVersion(app.db, {
        clientId: gate.clientId,
        kind: 'insurance_card',
        versionId: request.body.versionId,
        decision: 'rejected',
        userId: authOf(request).user.id,
        now: app.now(),
      });
      await app.storage.adapter.delete(version.fileKey);
      noteAudit(request, {
        detail: { insuranceId: version.insuranceId, version: version.id, decision: 'rejected' },
      });
      return { status: 'saved' as const };
    },
  );
};
