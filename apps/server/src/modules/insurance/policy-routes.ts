import * as contract from '@openpractice/contracts/insurance/policies';
import { POLICY_CONVERTED_MESSAGE } from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { UNCHANGED } from '../../platform/validation.ts';
import { insuranceNeed, requireInsuranceEnabled } from './insurance-gate.ts';
import { convertPolicy, deletePolicy, savePolicy } from './policy-service.ts';

/**
 * Changes to a client's policies (spec-2 §7 Insurance: saveInsurance, delete)
 * and our native convertInsurance (spec-2 §4: swap PRIMARY and SECONDARY,
 * 'Policy converted.'). Every change is audited; the list is policy-list-routes.ts.
 */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
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
    contract.saveInsurance.path,
    { config: policyChange, schema: contract.saveInsurance.schema },
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const result = await savePolicy(
        app.db,
        {
          clientId: gate.clientId,
          practiceId: gate.practiceId,
          today: (await practiceDay(app.db, gate.practiceId, app.now())).today,
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
    contract.deleteInsurance.path,
    { config: policyChange, schema: contract.deleteInsurance.schema },
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
    contract.convertInsurance.path,
    { config: policyChange, schema: contract.convertInsurance.schema },
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceEnabled(app.db, gate.practiceId);
      const changes = await convertPolicy(app.db, gate.clientId, request.body.insuranceId);
      policyChanged(request, {
        insuranceId: request.body.insuranceId,
        change: 'converted',
        converted: changes.map((c) => c.insuranceId),
      });
      return {
        status: 'saved' as const,
        message: POLICY_CONVERTED_MESSAGE,
        changes: changes.map((c) => ({
          insuranceId: Number(c.insuranceId),
          insuranceType: c.insuranceType,
        })),
      };
    },
  );
};
