import * as contract from '@openpractice/contracts/treatment-plans/templates';
import { templateProblems } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceScope } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { createTemplate, practiceTemplates, saveTemplate, templateOf } from './template-queries.ts';

/** A template that would land on the unsupported list is refused, naming the sections. */
function checked<T extends { definition: { sections: { key: string }[] } }>(body: T): T {
  const problems = templateProblems(body.definition);
  if (problems.length > 0) throw badRequest(problems.join(' '), 'definition.sections');
  return body;
}

/**
 * Treatment plan templates (spec-1 §2 `/treatmentPlan/definition…`): every practice member
 * reads them (a therapist picks one); managers add and change the practice's own. They hold
 * no client data.
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listPlanTemplates.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listPlanTemplates.schema,
    },
    async (request) => ({ data: await practiceTemplates(app.db, practiceScope(request)) }),
  );

  app.get(
    contract.listUnsupportedPlanTemplates.path,
    {
      config: { access: 'practiceStaff', audit: 'none' },
      schema: contract.listUnsupportedPlanTemplates.schema,
    },
    async (request) => {
      const all = await practiceTemplates(app.db, practiceScope(request));
      const data = all
        .map((t) => ({
          templateId: t.templateId,
          name: t.name,
          problems: templateProblems(t.definition),
        }))
        .filter((t) => t.problems.length > 0);
      return { data };
    },
  );

  app.get(
    contract.getPlanTemplate.path,
    { config: { access: 'practiceStaff', audit: 'none' }, schema: contract.getPlanTemplate.schema },
    async (request) => ({
      data: await templateOf(app.db, practiceScope(request), request.params.templateId),
    }),
  );

  app.post(
    contract.createPlanTemplate.path,
    {
      config: { access: 'manager', audit: { action: 'practice.treatment_plan_template_created' } },
      schema: contract.createPlanTemplate.schema,
    },
    async (request) => ({
      data: await createTemplate(app.db, practiceScope(request), checked(request.body), app.now()),
    }),
  );

  app.put(
    contract.savePlanTemplate.path,
    {
      config: { access: 'manager', audit: { action: 'practice.treatment_plan_template_saved' } },
      schema: contract.savePlanTemplate.schema,
    },
    async (request) => ({
      data: await saveTemplate(
        app.db,
        practiceScope(request),
        request.params.templateId,
        checked(request.body),
        app.now(),
      ),
    }),
  );
};
