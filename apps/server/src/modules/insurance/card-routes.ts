import * as contract from '@openpractice/contracts/insurance/cards';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { clientInsurances } from '../../db/schema/index.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { issueUploadLink } from '../../platform/upload-links.ts';
import { UNCHANGED } from '../../platform/validation.ts';
import { CARD_CONTENT_TYPE, CARD_KIND, cardKey } from './card-keys.ts';
import { cardReadUrl, makeCardCurrent } from './card-store.ts';
import {
  clientOfPolicy,
  insuranceNeed,
  loadPolicyOf,
  requireInsuranceEnabled,
} from './insurance-gate.ts';

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
 * reject (card-version-routes.ts). `getUrl` reads the new card once
 * uploaded; each list answer signs a fresh one.
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.storage.uploadHandlers.set(CARD_KIND, async (grant, link) => {
    const changed = await makeCardCurrent(
      app,
      grant.ctx.patientId,
      link.insuranceId ?? 0,
      grant.key,
    );
    // The policy was deleted while the card was on its way: keep no orphan file.
    if (!changed) await app.storage.adapter.delete(grant.key);
    return changed && { action: 'client.insurance_card_changed', detail: changed };
  });

  app.get(
    contract.getInsuranceCardUploadUrl.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.insurance_card_upload_link_issued', client: policyClient },
      },
      schema: contract.getInsuranceCardUploadUrl.schema,
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
      return { ...link, getUrl: cardReadUrl(app, request, key) };
    },
  );

  app.delete(
    contract.deleteInsuranceCardPhoto.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.insurance_card_changed', client: policyClient },
      },
      schema: contract.deleteInsuranceCardPhoto.schema,
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
};
