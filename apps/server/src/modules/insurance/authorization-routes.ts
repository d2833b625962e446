import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { products, therapists } from '../../db/schema/index.ts';
import { auditClientRecord } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { UNCHANGED } from '../clients/profile-schemas.ts';
import {
  deleteConfirmation,
  deletePreAuth,
  saveConfirmation,
  savePreAuth,
  type SaveResult,
} from './authorization-service.ts';
import { gateInsurance, loadPolicyOf, requireInsuranceEnabled } from './insurance-gate.ts';
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
  /** The gate, the feature, and the policy as this client's (404 otherwise). */
  const policyFor = async (request: FastifyRequest, patientId: number, insuranceId: number) => {
    const gate = await gateInsurance(app.db, request, patientId, 'policies');
    await requireInsuranceEnabled(app.db, gate.practiceId);
    await loadPolicyOf(app.db, gate.clientId, insuranceId);
    return gate;
  };

  const audit = (
    request: FastifyRequest,
    action: 'client.pre_auth_changed' | 'client.benefits_confirmation_changed',
    patientId: number,
    detail: Record<string, unknown>,
  ) => auditClientRecord(app.db, request, { action, patientId, detail });

  const answer = async (
    request: FastifyRequest,
    kind: 'preAuth' | 'confirmation',
    patientId: number,
    insuranceId: number,
    result: SaveResult,
  ) => {
    if (result.status === 'unchanged') return UNCHANGED;
    const idName = kind === 'preAuth' ? 'authId' : 'confirmationId';
    await audit(
      request,
      kind === 'preAuth' ? 'client.pre_auth_changed' : 'client.benefits_confirmation_changed',
      patientId,
      {
        insuranceId,
        [idName]: result.id,
        change: result.isNew ? 'added' : 'updated',
        fields: result.fields,
      },
    );
    return { status: 'saved' as const, [idName]: result.id };
  };

  app.post(
    '/patientInsurance/savePreAuth',
    { config: { access: 'practiceStaff' }, schema: { body: savePreAuthBody } },
    async (request) => {
      const { patientId, insuranceId } = request.body;
      const gate = await policyFor(request, patientId, insuranceId);
      const result = await savePreAuth(app.db, insuranceId, request.body);
      return answer(request, 'preAuth', gate.clientId, insuranceId, result);
    },
  );

  app.post(
    '/patientInsurance/deletePreAuth',
    { config: { access: 'practiceStaff' }, schema: { body: deletePreAuthBody } },
    async (request) => {
      const { patientId, insuranceId, preAuthId } = request.body;
      const gate = await policyFor(request, patientId, insuranceId);
      await deletePreAuth(app.db, insuranceId, preAuthId);
      await audit(request, 'client.pre_auth_changed', gate.clientId, {
        insuranceId,
        authId: preAuthId,
        change: 'deleted',
      });
      return { status: 'deleted' as const };
    },
  );

  app.post(
    '/patientInsurance/saveConfirmation',
    { config: { access: 'practiceStaff' }, schema: { body: saveConfirmationBody } },
    async (request) => {
      const { patientId, insuranceId } = request.body;
      const gate = await policyFor(request, patientId, insuranceId);
      const result = await saveConfirmation(app.db, insuranceId, request.body);
      return answer(request, 'confirmation', gate.clientId, insuranceId, result);
    },
  );

  app.post(
    '/patientInsurance/deleteConfirmation',
    { config: { access: 'practiceStaff' }, schema: { body: deleteConfirmationBody } },
    async (request) => {
      const { patientId, insuranceId, confirmationId } = request.body;
      const gate = await policyFor(request, patientId, insuranceId);
      await deleteConfirmation(app.db, insuranceId, confirmationId);
      await audit(request, 'client.benefits_confirmation_changed', gate.clientId, {
        insuranceId,
        confirmationId,
        change: 'deleted',
      });
      return { status: 'deleted' as const };
    },
  );

  /**
   * The practice's active services by CPT code, one row per code; the named
   * therapist's primary code first. Practice data, not the client's record,
   * so it is not audited; the client is gated because the call names one.
   */
  app.post(
    '/patientInsurance/listStandardCptCodes',
    { config: { access: 'practiceStaff' }, schema: { body: cptCodesBody } },
    async (request) => {
      const gate = await gateInsurance(app.db, request, request.body.patientId, 'policies');
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
