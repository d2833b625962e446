import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInsurances, clients } from '../../db/schema/index.ts';
import { auditClientRecord, auditContext, recordAudit } from '../../platform/audit.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/storage.ts';
import { UNCHANGED } from '../clients/profile-schemas.ts';
import { CARD_CONTENT_TYPE, CARD_KIND, cardKey, policyOfCardKey } from './card-keys.ts';
import {
  clientOfPolicy,
  gateInsurance,
  loadPolicyOf,
  requireInsuranceEnabled,
} from './insurance-gate.ts';
import { cardQuery } from './insurance-schemas.ts';

/**
 * The insurance card photo of a policy (spec-2 §7: GET
 * getInsuranceCardUploadUrl, DELETE deleteInsuranceCardPhoto, and a PUT of
 * the PNG to the signed address). As with photo IDs: the browser PUTs to a
 * signed 10-minute address; once stored, the follow-up below records the key
 * on the policy and removes the card it replaces. `getUrl` reads the new
 * card once uploaded, and each list answer signs a fresh one.
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.storage.uploadHandlers.set(CARD_KIND, async (grant, request) => {
    const owner = policyOfCardKey(grant.key);
    const [client] = await app.db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(eq(clients.id, grant.ctx.patientId), eq(clients.practiceId, grant.ctx.practiceId)),
      );
    const [policy] =
      owner && client && owner.clientId === client.id
        ? await app.db
            .select({ key: clientInsurances.cardPhotoKey })
            .from(clientInsurances)
            .where(
              and(
                eq(clientInsurances.id, owner.insuranceId),
                eq(clientInsurances.clientId, client.id),
              ),
            )
        : [];
    // The policy was deleted while the card was on its way: keep no orphan file.
    if (!owner || !policy) {
      await app.storage.adapter.delete(grant.key);
      return;
    }
    await app.db
      .update(clientInsurances)
      .set({ cardPhotoKey: grant.key })
      .where(eq(clientInsurances.id, owner.insuranceId));
    if (policy.key && policy.key !== grant.key) await app.storage.adapter.delete(policy.key);
    await recordAudit(app.db, {
      ...auditContext(request),
      practiceId: grant.ctx.practiceId,
      action: 'client.insurance_card_changed',
      patientId: grant.ctx.patientId,
      detail: { insuranceId: owner.insuranceId, change: policy.key ? 'replaced' : 'added' },
    });
  });

  app.get(
    '/patientInsurance/getInsuranceCardUploadUrl',
    { config: { access: 'practiceStaff' }, schema: { querystring: cardQuery } },
    async (request) => {
      const insuranceId = request.query.userInsuranceId;
      const clientId = await clientOfPolicy(app.db, request, insuranceId);
      const gate = await gateInsurance(app.db, request, clientId, 'policies');
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const key = cardKey(gate.practiceId, gate.clientId, insuranceId);
      const ctx = { kind: CARD_KIND, practiceId: gate.practiceId, patientId: gate.clientId };
      const now = app.now();
      return {
        url: app.storage.uploadUrl(
          { key, contentType: CARD_CONTENT_TYPE, maxBytes: MAX_UPLOAD_BYTES, ctx },
          now,
        ),
        getUrl: app.storage.readUrl({ key, contentType: CARD_CONTENT_TYPE, ctx }, now),
        key,
        contentType: CARD_CONTENT_TYPE,
        maxBytes: MAX_UPLOAD_BYTES,
      };
    },
  );

  app.delete(
    '/patientInsurance/deleteInsuranceCardPhoto',
    { config: { access: 'practiceStaff' }, schema: { querystring: cardQuery } },
    async (request) => {
      const insuranceId = request.query.userInsuranceId;
      const clientId = await clientOfPolicy(app.db, request, insuranceId);
      const gate = await gateInsurance(app.db, request, clientId, 'policies');
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const policy = await loadPolicyOf(app.db, gate.clientId, insuranceId);
      if (!policy.cardPhotoKey) return UNCHANGED;
      await app.db
        .update(clientInsurances)
        .set({ cardPhotoKey: null })
        .where(eq(clientInsurances.id, insuranceId));
      await app.storage.adapter.delete(policy.cardPhotoKey);
      await auditClientRecord(app.db, request, {
        action: 'client.insurance_card_changed',
        patientId: gate.clientId,
        detail: { insuranceId, change: 'deleted' },
      });
      return { status: 'saved' as const, insuranceCardPhotoUrl: null };
    },
  );
};
