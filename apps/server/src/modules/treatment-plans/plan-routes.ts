import * as contract from '@openpractice/contracts/treatment-plans/plans';
import { hasRole } from '@openpractice/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, CLINICAL, planClient } from './plan-actor.ts';
import { planDetail } from './plan-detail.ts';
import { clientOfPlan, clientTherapists, planVersions } from './plan-queries.ts';
import { createPlan, saveDraft } from './plan-service.ts';

const ofPlan = planClient(clientOfPlan);

async function answer(app: FastifyInstance, request: FastifyRequest, planId: number) {
  return { data: await planDetail(app.db, actorOf(request), planId) };
}

/**
 * A client's treatment plans (issue 18 item 5): the client's therapists and their plans, one
 * plan, a new plan and saving a draft. Gated for clinical access to
 * the plan's client (404 outside the practice) and audited with each call.
 */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listClientPlans.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.treatment_plans_listed',
          client: { params: 'patientId', need: CLINICAL },
        },
      },
      schema: contract.listClientPlans.schema,
    },
    async (request) => {
      const actor = actorOf(request);
      const clientId = request.params.patientId;
      const therapists = await clientTherapists(app.db, actor.practiceId, clientId);
      const manager = hasRole(actor.authorities, 'manager');
      const data = await Promise.all(
        therapists.map(async (t) => {
          const versions = await planVersions(app.db, clientId, t.therapistId);
          return {
            ...t,
            current: versions[0] ?? null,
            versions: versions.length,
            canCreate: versions.length === 0 && (manager || actor.therapistId === t.therapistId),
          };
        }),
      );
      return { data };
    },
  );

  app.get(
    contract.getPlan.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.treatment_plan_viewed', client: ofPlan },
      },
      schema: contract.getPlan.schema,
    },
    async (request) => answer(app, request, request.params.planId),
  );

  app.post(
    contract.createPlan.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.treatment_plan_created',
          client: { body: 'patientId', need: CLINICAL },
        },
      },
      schema: contract.createPlan.schema,
    },
    async (request) => {
      const body = request.body;
      const planId = await createPlan(
        app.db,
        actorOf(request),
        { clientId: body.patientId, therapistId: body.therapistId, templateId: body.templateId },
        app.now(),
      );
      return answer(app, request, planId);
    },
  );

  app.put(
    contract.savePlan.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.treatment_plan_saved', client: ofPlan },
      },
      schema: contract.savePlan.schema,
    },
    async (request) => {
      await saveDraft(app.db, actorOf(request), request.params.planId, request.body, app.now());
      return answer(app, request, request.params.planId);
    },
  );
};
