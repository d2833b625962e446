import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { products, therapists } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { UNCHANGED } from '../clients/profile-schemas.ts';
import {
  deleteConfirmation,
  deletePreAuth,
  saveConfirmation,
  savePreAuth,
  type SaveResult,
} from './authorization-service.ts';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import { insuranceNeed, loadPolicyOf, requireInsuranceEnabled } from './insurance-gate.ts';
import {
  cptCodesBody,
  deleteConfirmationBody,
  deletePreAuthBody,
  saveConfirmationBody,
  savePreAuthBody,
} from './insurance-schemas.ts';

export const THERAPIST_NOT_FOUND = 'We could not find that therapist.';

/**
 * Pre-authorizations and benefits confirmations of a policy (spec-2 §7:
 * savePreAuth, deletePreAuth, saveConfirmation, deleteConfirmation) and the
 * CPT codes a pre-authorization picks from (listStandardCptCodes).
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

  const answer = (
    request: FastifyRequest,
    kind: 'preAuth' | 'confirmation',
    insuranceId: number,
    result: SaveResult,
  ) => {
    if (result.status === 'unchanged') return UNCHANGED;
    const idName = kind === 'preAuth' ? 'authId' : 'confirmationId';
    noteAudit(request, {
      detail: {
        insuranceId,
        [idName]: result.id,
        change: result.isNew ? 'added' : 'updated',
        fields: result.fields,
      },
    });
    return { status: 'saved' as const, [idName]: result.id };
  };

  app.post(
    '/patientInsurance/savePreAuth',
    { config: change('client.pre_auth_changed'), schema: { body: savePreAuthBody } },
    async (request) => {
      const { insuranceId } = request.body;
      await policyFor(request, insuranceId);
      const result = await savePreAuth(app.db, insuranceId, request.body);
      return answer(request, 'preAuth', insuranceId, result);
    },
  );

  app.post(
    '/patientInsurance/deletePreAuth',
    { config: change('client.pre_auth_changed'), schema: { body: deletePreAuthBody } },
    async (request) => {
      const { insuranceId, preAuthId } = request.body;
      await policyFor(request, insuranceId);
      await deletePreAuth(app.db, insuranceId, preAuthId);
      noteAudit(request, { detail: { insuranceId, authId: preAuthId, change: 'deleted' } });
      return { status: 'deleted' as const };
    },
  );

  app.post(
    '/patientInsurance/saveConfirmation',
    {
      config: change('client.benefits_confirmation_changed'),
      schema: { body: saveConfirmationBody },
    },
    async (request) => {
      const { insuranceId } = request.body;
      await policyFor(request, insuranceId);
      const result = await saveConfirmation(app.db, insuranceId, request.body);
      return answer(request, 'confirmation', insuranceId, result);
    },
  );

  app.post(
    '/patientInsurance/deleteConfirmation',
    {
      config: change('client.benefits_confirmation_changed'),
      schema: { body: deleteConfirmationBody },
    },
    async (request) => {
      const { insuranceId, confirmationId } = request.body;
      await policyFor(request, insuranceId);
      await deleteConfirmation(app.db, insuranceId, confirmationId);
      noteAudit(request, { detail: { insuranceId, confirmationId, change: 'deleted' } });
      return { status: 'deleted' as const };
    },
  );

  /**
   * The practice's active services by CPT code, one row per code; the named
   * therapist's primary code first. Practice data, not the client's record,
   * but the call names a client, so it is gated, and audited as such.
   */
  app.post(
    '/patientInsurance/listStandardCptCodes',
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.cpt_codes_listed',
          client: { body: 'patientId', need: insuranceNeed('policies') },
          kind: 'view',
        },
      },
      schema: { body: cptCodesBody },
    },
    async (request) => {
      const gate = gateOf(request);
      let preferred: string | null = null;
      if (request.body.therapistId !== undefined) {
        const [therapist] = await app.db
          .select({ code: products.cptCode })
          .from(therapists)
          .leftJoin(products, eq(products.id, therapists.defaultProductId))
          .where(
            and(
              eq(therapists.id, request.body.therapistId),
              eq(therapists.practiceId, gate.practiceId),
            ),
          );
        if (!therapist) throw notFound(THERAPIST_NOT_FOUND);
        preferred = therapist.code;
      }
      const rows = await app.db
        .select({ cptCode: products.cptCode, description: products.description })
        .from(products)
        .where(and(eq(products.practiceId, gate.practiceId), eq(products.active, true)))
        .orderBy(asc(products.cptCode), asc(products.id));
      const byCode = new Map<string, (typeof rows)[number]>();
      for (const row of rows) if (!byCode.has(row.cptCode)) byCode.set(row.cptCode, row);
      const data = [...byCode.values()];
      data.sort((a, b) => Number(b.cptCode === preferred) - Number(a.cptCode === preferred));
      return { data };
    },
  );
};
