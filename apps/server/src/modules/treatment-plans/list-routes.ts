import * as lists from '@openpractice/contracts/treatment-plans/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { treatmentPlanList } from './list-queries.ts';
import { actorOf } from './plan-actor.ts';

/** The dashboard's treatment plan lists (spec-1 §3); the audit row names the clients listed. */
export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    lists.getTreatmentPlanList.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.treatment_plan_list', kind: 'list' },
      },
      schema: lists.getTreatmentPlanList.schema,
    },
    async (request) => {
      const list = await treatmentPlanList(
        app.db,
        request.params.list,
        actorOf(request),
        app.now(),
      );
      noteAudit(request, {
        patientIds: list.items.map((i) => i.patientId),
        detail: {
          list: request.params.list,
          count: list.count,
          practiceId: practiceScope(request),
        },
      });
      return { data: list };
    },
  );
};
