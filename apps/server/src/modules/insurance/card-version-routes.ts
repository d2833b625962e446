import * as contract from '@openpractice/contracts/insurance/cards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { reviewVersion, pendingVersions, versionOrigin } from '../../platform/upload-links.ts';
import { cardReadUrl, makeCardCurrent } from './card-store.ts';
import { insuranceNeed, requireInsuranceEnabled } from './insurance-gate.ts';

const versionRoute = <S>(action: `client.${string}`, schema: S) => ({
  config: {
    access: 'practiceStaff' as const,
    audit: { action, client: { body: 'patientId', need: insuranceNeed('policies') } },
  },
  schema,
});

/**
 * Insurance cards uploaded by someone other than the staff user the link was issued to:
 * they wait as versions until staff accept one (it becomes the policy's card) or reject it
 * (its file is removed).
 */
export const cardVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getInsuranceCardVersions.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.insurance_card_version_read',
          client: { query: 'patientId', need: insuranceNeed('policies') },
        },
      },
      schema: contract.getInsuranceCardVersions.schema,
    },
    async (request) => {
      const versions = await pendingVersions(app.db, gateOf(request).clientId, 'insurance_card');
      return {
        data: versions.map((version) => ({
          versionId: version.id,
          insuranceId: version.insuranceId,
          origin: versionOrigin(version),
          uploadedAt: (version.usedAt ?? version.issuedAt).toISOString(),
          url: cardReadUrl(app, request, version.fileKey),
        })),
      };
    },
  );

  app.post(
    contract.acceptInsuranceCardVersion.path,
    versionRoute('client.insurance_card_changed', contract.acceptInsuranceCardVersion.schema),
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const version = await reviewVersion(
        app,
        request,
        'insurance_card',
        request.body.versionId,
        'accepted',
      );
      const changed = await makeCardCurrent(
        app,
        gate.clientId,
        version.insuranceId ?? 0,
        version.fileKey,
      );
      noteAudit(request, { detail: { ...changed, version: version.id, decision: 'accepted' } });
      return { status: 'saved' as const };
    },
  );

  app.post(
    contract.rejectInsuranceCardVersion.path,
    versionRoute(
      'client.insurance_card_version_rejected',
      contract.rejectInsuranceCardVersion.schema,
    ),
    async (request) => {
      const version = await reviewVersion(
        app,
        request,
        'insurance_card',
        request.body.versionId,
        'rejected',
      );
      noteAudit(request, {
        detail: { insuranceId: version.insuranceId, version: version.id, decision: 'rejected' },
      });
      return { status: 'saved' as const };
    },
  );
};
