import { PLAN_LIMITS, PLAN_SECTION_KEYS } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, idParamSchema, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Treatment plan templates (spec-1 §2 `/treatmentPlan/definition…`, issue 18 item 5): the
 * shipped default and the practice's own, each a list of the plan's sections with the
 * practice's titles and help and whether each must be filled before signing.
 */

export const planSection = z.object({
  key: z.enum(PLAN_SECTION_KEYS),
  title: textSchema(PLAN_LIMITS.sectionTitle, { min: 1 }),
  help: textSchema(PLAN_LIMITS.sectionHelp),
  required: z.boolean(),
});

export const planTemplateDefinition = z.object({
  sections: z.array(planSection).min(1).max(PLAN_SECTION_KEYS.length),
});

export const planTemplate = z.object({
  templateId: z.number(),
  name: z.string(),
  /** Shipped with the product (read-only; copy it to change it). */
  shipped: z.boolean(),
  definition: planTemplateDefinition,
  updatedAt: timestamp,
});

export const listPlanTemplates = defineCall('GET', '/treatmentPlan/definition/practiceList', {
  response: { 200: dataOf(z.array(planTemplate)) },
});

/** Stored templates this version cannot show, with why (the domain's templateProblems). */
export const listUnsupportedPlanTemplates = defineCall(
  'GET',
  '/treatmentPlan/definition/unsupported',
  {
    response: {
      200: dataOf(
        z.array(
          z.object({ templateId: z.number(), name: z.string(), problems: z.array(z.string()) }),
        ),
      ),
    },
  },
);

export const getPlanTemplate = defineCall('GET', '/treatmentPlan/definition/:templateId', {
  params: z.object({ templateId: idParamSchema }),
  response: { 200: dataOf(planTemplate) },
});

const templateBody = z.object({
  name: textSchema(PLAN_LIMITS.templateName, { min: 1 }),
  definition: planTemplateDefinition,
});

export const createPlanTemplate = defineCall('POST', '/treatmentPlan/definition', {
  body: templateBody,
  response: { 200: dataOf(planTemplate) },
});

export const savePlanTemplate = defineCall('PUT', '/treatmentPlan/definition/:templateId', {
  params: z.object({ templateId: idParamSchema }),
  body: templateBody,
  response: { 200: dataOf(planTemplate) },
});
