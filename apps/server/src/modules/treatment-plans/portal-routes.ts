import * as contract from '@openpractice/contracts/treatment-plans/portal';
import { PLAN_MESSAGES, typedNameMatches } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { treatmentPlanSignatures } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { ownClientRecord } from '../../platform/portal-client.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { actorOf } from './plan-actor.ts';
import { planBody } from './plan-detail.ts';
import { planRow, type PlanRow } from './plan-queries.ts';
import { contentHashOf } from './plan-service.ts';

/** A plan the client sees: current, and past the therapist's (and supervisor's) signatures. */
const visible = (plan: PlanRow) =>
  plan.isCurrent && (plan.state === 'awaiting_client' || plan.state === 'signed');

async function portalPlan(db: Db, plan: PlanRow) {
  const body = await planBody(db, plan);
  return {
    planId: plan.planId,
    therapistName: body.therapistName,
    version: plan.version,
    state: plan.state,
    reviewDate: plan.reviewDate,
    content: plan.content,
    diagnoses: body.diagnoses,
    template: body.template,
    signatures: body.signatures,
    createdAt: plan.createdAt,
    canSign: plan.state === 'awaiting_client',
  };
}

/**
 * The client's own treatment plans in the portal (issue 18 item 5). The client gate is for
 * staff; here the client is whoever is signed in, so a plan of anyone else is simply not
 * found (404), never refused by name. The signature keeps the typed name, who, when and
 * from where (address and browser).
 */
export const portalPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listMyPlans.path,
    {
      config: {
        access: 'patient',
        audit: { action: 'client.treatment_plans_read_by_client', kind: 'view' },
      },
      schema: contract.listMyPlans.schema,
    },
    async (request) => {
      const me = await ownClientRecord(app.db, request);
      const ids = await rowsOf<{ id: number }>(
        app.db,
        sql`select id from treatment_plans where client_id = ${me.clientId} order by therapist_id, version desc`,
      );
      const plans = [];
      for (const { id } of ids) {
        const plan = await planRow(app.db, practiceScope(request), id);
        if (visible(plan)) plans.push(await portalPlan(app.db, plan));
      }
      noteAudit(request, { patientIds: [me.clientId], detail: { plans: plans.length } });
      return { data: { clientName: `${me.firstName} ${me.lastName}`.trim(), plans } };
    },
  );

  app.post(
    contract.signMyPlan.path,
    {
      config: {
        access: 'patient',
        notWhileImpersonating: true,
        audit: { action: 'client.treatment_plan_signed_by_client', kind: 'change' },
      },
      schema: contract.signMyPlan.schema,
    },
    async (request) => {
      const me = await ownClientRecord(app.db, request);
      noteAudit(request, { patientIds: [me.clientId] });
      const found = await planRow(app.db, practiceScope(request), request.params.planId, {
        lock: true,
      });
      if (found.clientId !== me.clientId || !visible(found)) throw notFound(PLAN_MESSAGES.notFound);
      if (found.state !== 'awaiting_client') throw conflict(PLAN_MESSAGES.notAwaitingClient);
      const typedName = request.body.typedName.trim();
      if (!typedNameMatches(typedName, me)) {
        throw badRequest(PLAN_MESSAGES.typedNameMismatch, 'typedName');
      }
      const actor = actorOf(request);
      await app.db.insert(treatmentPlanSignatures).values({
        planId: found.planId,
        role: 'client',
        userId: actor.userId,
        signerName: `${me.firstName} ${me.lastName}`.trim(),
        typedName,
        contentHash: contentHashOf(found),
        signedAt: app.now(),
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      noteAudit(request, { detail: { planId: found.planId } });
      const signed = await planRow(app.db, practiceScope(request), found.planId);
      return { data: await portalPlan(app.db, signed) };
    },
  );
};
