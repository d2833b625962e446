import * as contract from '@openpractice/contracts/insurance/authorizations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UNCHANGED } from '../../platform/validation.ts';
import {
  deleteConfirmation,
  deletePreAuth,
  saveConfirmation,
  savePreAuth,
  type SaveResult,
} from './authorization-service.ts';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import { insuranceNeed, loadPolicyOf, requireInsuranceEnabled } from './insurance-gate.ts';

/**
 * Pre-authorizations and benefits confirmations of a policy (spec-2 §7:
 * savePreAuth, deletePreAuth, saveConfirmation, deleteConfirmation). The CPT
 * codes a pre-authorization picks from are cpt-code-routes.ts.
 */
export const authorizationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The feature, and the policy as the gated client's (404 otherwise). */
  const policyFor = async (request: FastifyRequest, insuranceId: number) => {
    const gate = gateOf(request);
    await requireInsuranceEnabled(app.db, gate.practiceId);
    await loadPolicyOf(app.db, gate.clientId, insuranceId);
    return gate;
  };

  const change = (action: 'client.pre_auth_changed' | 'client.benefits_confirmation_changed') =>
    ({
      access: 'practiceStaff',
      audit: { action, client: { body: 'patientId', need: insuranceNeed('policies') } },
    }) as const satisfies { access: 'practiceStaff'; audit: ClientDataRoute };

  /** Notes a save in the audit row; the saved row's id, or null when nothing changed. */
  const savedId = (
    request: FastifyRequest,
    kind: 'preAuth' | 'confirmation',
    insuranceId: number,
    result: SaveResult,
  ): number | null => {
    if (result.status === 'unchanged') return null;
    const idName = kind === 'preAuth' ? 'authId' : 'confirmationId';
    noteAudit(request, {
      detail: {
        insuranceId,
        [idName]: result.id,
        change: result.isNew ? 'added' : 'updated',
        fields: result.fields,
      },
    });
    return result.id;
  };

  app.post(
    contract.savePreAuth.path,
    { config: change('client.pre_auth_changed'), schema: contract.savePreAuth.schema },
    async (request) => {
      const { insuranceId } = request.body;
      await policyFor(request, insuranceId);
      const result = await savePreAuth(app.db, insuranceId, request.body);
      const authId = savedId(request, 'preAuth', insuranceId, result);
      return authId === null ? UNCHANGED : { status: 'saved' as const, authId };
    },
  );

  app.post(
    contract.deletePreAuth.path,
    { config: change('client.pre_auth_changed'), schema: contract.deletePreAuth.schema },
    async (request) => {
      const { insuranceId, preAuthId } = request.body;
      await policyFor(request, insuranceId);
      await deletePreAuth(app.db, insuranceId, preAuthId);
      noteAudit(request, { detail: { insuranceId, authId: preAuthId, change: 'deleted' } });
      return { status: 'deleted' as const };
    },
  );

  app.post(
    contract.saveConfirmation.path,
    {
      config: change('client.benefits_confirmation_changed'),
      schema: contract.saveConfirmation.schema,
    },
    async (request) => {
      const { insuranceId } = request.body;
      await policyFor(request, insuranceId);
      const result = await saveConfirmation(app.db, insuranceId, request.body);
      const confirmationId = savedId(request, 'confirmation', insuranceId, result);
      return confirmationId === null ? UNCHANGED : { status: 'saved' as const, confirmationId };
    },
  );

  app.post(
    contract.deleteConfirmation.path,
    {
      config: change('client.benefits_confirmation_changed'),
      schema: contract.deleteConfirmation.schema,
    },
    async (request) => {
      const { insuranceId, confirmationId } = request.body;
      await policyFor(request, insuranceId);
      await deleteConfirmation(app.db, insuranceId, confirmationId);
      noteAudit(request, { detail: { insuranceId, confirmationId, change: 'deleted' } });
      return { status: 'deleted' as const };
    },
  );
};
