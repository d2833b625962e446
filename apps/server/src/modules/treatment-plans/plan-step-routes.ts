import * as contract from '@openpractice/contracts/treatment-plans/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertPasswordRecentlyVerified } from '../../platform/recent-password.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { actorOf, planClient } from './plan-actor.ts';
import { planDetail } from './plan-detail.ts';
import { clientOfPlan } from './plan-queries.ts';
import { commentOnPlan, cosignPlan, recordProgress, revisePlan, signPlan } from './plan-service.ts';

const ofPlan = planClient(clientOfPlan);

/**
 * Steps on a plan: the therapist's signature and the supervisor's (each after a password
 * check within minutes, never while impersonating), revising a signed plan as its next
 * version, comments and goal progress. Each answers the plan as it now is.
 */
export const planStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (request: Parameters<typeof actorOf>[0], planId: number) => ({
    data: await planDetail(app.db, actorOf(request), planId),
  });

  app.post(
    contract.signPlan.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: { action: 'client.treatment_plan_signed', client: ofPlan },
      },
      schema: contract.signPlan.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      await signPlan(app.db, actorOf(request), request.params.planId, app.now());
      return answer(request, request.params.planId);
    },
  );

  app.post(
    contract.cosignPlan.path,
    {
      config: {
        access: 'practiceStaff',
        notWhileImpersonating: true,
        audit: { action: 'client.treatment_plan_cosigned', client: ofPlan },
      },
      schema: contract.cosignPlan.schema,
    },
    async (request) => {
      await assertPasswordRecentlyVerified(app.db, request, app.now());
      await cosignPlan(app.db, actorOf(request), request.params.planId, app.now());
      return answer(request, request.params.planId);
    },
  );

  app.post(
    contract.revisePlan.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.treatment_plan_revised', client: ofPlan },
      },
      schema: contract.revisePlan.schema,
    },
    async (request) => {
      const planId = await revisePlan(app.db, actorOf(request), request.params.planId, app.now());
      noteAudit(request, { detail: { newPlanId: planId } });
      return answer(request, planId);
    },
  );

  app.post(
    contract.commentOnPlan.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.treatment_plan_commented', client: ofPlan },
      },
      schema: contract.commentOnPlan.schema,
    },
    async (request) => {
      const { planId } = request.params;
      await commentOnPlan(app.db, actorOf(request), planId, request.body.text, app.now());
      return answer(request, planId);
    },
  );

  app.post(
    contract.recordGoalProgress.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.treatment_plan_progress',
          client: ofPlan,
          detail: (request) => ({ progress: (request.body as { progress: string }).progress }),
        },
      },
      schema: contract.recordGoalProgress.schema,
    },
    async (request) => {
      const { planId } = request.params;
      await recordProgress(app.db, actorOf(request), planId, request.body, app.now());
      return answer(request, planId);
    },
  );
};
