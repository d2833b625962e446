import { POLICY_CONVERTED_MESSAGE } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditClientRecord } from '../../platform/audit.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { practiceDay } from '../clients/practice-day.ts';
import { UNCHANGED } from '../clients/profile-schemas.ts';
import { CARD_CONTENT_TYPE, CARD_KIND } from './card-keys.ts';
import {
  allowsInsurance,
  gateInsurance,
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

  const policyChanged = (request: FastifyRequest, patientId: number, detail: object) =>
    auditClientRecord(app.db, request, {
      action: 'client.insurance_changed',
      patientId,
      detail: { ...detail },
    });

  app.post(
    '/patientInsurance/list',
    { config: { access: 'practiceStaff' }, schema: { body: patientBody } },
    async (request) => {
      const gate = await gateInsurance(app.db, request, request.body.patientId, 'policies');
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
      await auditClientRecord(app.db, request, {
        action: 'client.insurance_read',
        patientId: gate.clientId,
        detail: { policies: answer.policies.length },
      });
      return answer;
    },
  );

  app.post(
    '/patientInsurance/saveInsurance',
    { config: { access: 'practiceStaff' }, schema: { body: saveInsuranceBody } },
    async (request) => {
      const gate = await gateInsurance(app.db, request, request.body.patientId, 'policies');
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
      await policyChanged(request, gate.clientId, {
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
    { config: { access: 'practiceStaff' }, schema: { body: policyBody } },
    async (request) => {
      const gate = await gateInsurance(app.db, request, request.body.patientId, 'policies');
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const { cardPhotoKey } = await deletePolicy(app.db, gate.clientId, request.body.insuranceId);
      if (cardPhotoKey) await app.storage.adapter.delete(cardPhotoKey);
      await policyChanged(request, gate.clientId, {
        insuranceId: request.body.insuranceId,
        change: 'deleted',
      });
      return { status: 'deleted' as const };
    },
  );

  app.post(
    '/patientInsurance/convertInsurance',
    { config: { access: 'practiceStaff' }, schema: { body: policyBody } },
    async (request) => {
      const gate = await gateInsurance(app.db, request, request.body.patientId, 'policies');
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const changes = await convertPolicy(app.db, gate.clientId, request.body.insuranceId);
      await policyChanged(request, gate.clientId, {
        insuranceId: request.body.insuranceId,
        change: 'converted',
        converted: changes.map((c) => c.insuranceId),
      });
      return { status: 'saved' as const, message: POLICY_CONVERTED_MESSAGE, changes };
    },
  );
};
