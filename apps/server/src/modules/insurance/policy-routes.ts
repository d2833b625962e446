import { POLICY_CONVERTED_MESSAGE } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClientGate } from '../../platform/client-gate.ts';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import { practiceDay } from '../clients/practice-day.ts';
import { UNCHANGED } from '../clients/profile-schemas.ts';
import { CARD_CONTENT_TYPE, CARD_KIND } from './card-keys.ts';
import {
  allowsInsurance,
  insuranceNeed,
  isInsuranceEnabled,
  requireInsuranceEnabled,
} from './insurance-gate.ts';
import { loadClientInsurance } from './insurance-queries.ts';
import { patientBody, policyBody, saveInsuranceBody } from './insurance-schemas.ts';
import { convertPolicy, deletePolicy, savePolicy } from './policy-service.ts';

/**
 * A client's policies (spec-2 §7 Insurance: patientInsurance/list,
 * saveInsurance, delete) and our native convertInsurance (spec-2 §4: swap
 * PRIMARY and SECONDARY, 'Policy converted.'). Every read and change is audited.
 */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = async (gate: ClientGate) =>
    (await practiceDay(app.db, gate.practiceId, app.now())).today;

  const policyChange = {
    access: 'practiceStaff',
    audit: {
      action: 'client.insurance_changed',
      client: { body: 'patientId', need: insuranceNeed('policies') },
    },
  } as const satisfies { access: 'practiceStaff'; audit: ClientDataRoute };
  const policyChanged = (request: FastifyRequest, detail: Record<string, unknown>) => {
    noteAudit(request, { detail });
  };

  app.post(
    '/patientInsurance/list',
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.insurance_read',
          client: { body: 'patientId', need: insuranceNeed('policies') },
          kind: 'view',
        },
      },
      schema: { body: patientBody },
    },
    async (request) => {
      const gate = gateOf(request);
      const now = app.now();
      const answer = await loadClientInsurance(app.db, {
        clientId: gate.clientId,
        today: await today(gate),
        isInsuranceEnabled: await isInsuranceEnabled(app.db, gate.practiceId),
        access: {
          canEditPolicies: allowsInsurance(gate, 'policies'),
          canEditBilling: allowsInsurance(gate, 'billing'),
        },
        cardUrl: (key) =>
          app.storage.readUrl(
            {
              key,
              contentType: CARD_CONTENT_TYPE,
              ctx: { kind: CARD_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
            },
            now,
          ),
      });
      noteAudit(request, { detail: { policies: answer.policies.length } });
      return answer;
    },
  );

  app.post(
    '/patientInsurance/saveInsurance',
    { config: policyChange, schema: { body: saveInsuranceBody } },
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const result = await savePolicy(
        app.db,
        {
          clientId: gate.clientId,
          practiceId: gate.practiceId,
          today: await today(gate),
          now: app.now(),
        },
        request.body,
      );
      if (result.status === 'unchanged') return UNCHANGED;
      policyChanged(request, {
        insuranceId: result.insuranceId,
        change: result.isNew ? 'added' : 'updated',
        fields: result.fields,
        ...(result.replaced.length > 0 ? { noLongerCurrent: result.replaced } : {}),
      });
      return {
        status: 'saved' as const,
        insuranceId: result.insuranceId,
        noLongerCurrent: result.replaced,
      };
    },
  );

  app.post(
    '/patientInsurance/delete',
    { config: policyChange, schema: { body: policyBody } },
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const { cardPhotoKey } = await deletePolicy(app.db, gate.clientId, request.body.insuranceId);
      if (cardPhotoKey) await app.storage.adapter.delete(cardPhotoKey);
      policyChanged(request, {
        insuranceId: request.body.insuranceId,
        change: 'deleted',
      });
      return { status: 'deleted' as const };
    },
  );

  app.post(
    '/patientInsurance/convertInsurance',
    { config: policyChange, schema: { body: policyBody } },
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const changes = await convertPolicy(app.db, gate.clientId, request.body.insuranceId);
      policyChanged(request, {
        insuranceId: request.body.insuranceId,
        change: 'converted',
        converted: changes.map((c) => c.insuranceId),
      });
      return { status: 'saved' as const, message: POLICY_CONVERTED_MESSAGE, changes };
    },
  );
};
