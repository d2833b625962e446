import { PLAN_MESSAGES, type PlanTemplateDefinition } from '@openpractice/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { treatmentPlanTemplates } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

export type PlanTemplate = {
  templateId: number;
  name: string;
  shipped: boolean;
  definition: PlanTemplateDefinition;
  updatedAt: Date;
};

const columns = sql`id as "templateId", name, practice_id is null as shipped, definition,
  updated_at as "updatedAt"`;

/** The shipped template first, then the practice's own by name. */
export async function practiceTemplates(db: Db, practiceId: number): Promise<PlanTemplate[]> {
  return rowsOf<PlanTemplate>(
    db,
    sql`select ${columns} from treatment_plan_templates
        where practice_id is null or practice_id = ${practiceId}
        order by practice_id nulls first, lower(name), id`,
  );
}

/** One template the practice may use: its own or the shipped one; 404 for another practice's. */
export async function templateOf(
  db: Db,
  practiceId: number,
  templateId: number,
): Promise<PlanTemplate> {
  const [row] = await rowsOf<PlanTemplate>(
    db,
    sql`select ${columns} from treatment_plan_templates
        where id = ${templateId} and (practice_id is null or practice_id = ${practiceId})`,
  );
  if (!row) throw notFound(PLAN_MESSAGES.templateNotFound);
  return row;
}

/** The template a new plan starts from when none is chosen: the shipped default. */
export async function defaultTemplateId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: treatmentPlanTemplates.id })
    .from(treatmentPlanTemplates)
    .where(isNull(treatmentPlanTemplates.practiceId))
    .orderBy(treatmentPlanTemplates.id)
    .limit(1);
  if (!row) throw new Error('The shipped treatment plan template is missing (migration 0036).');
  return row.id;
}

export async function createTemplate(
  db: Db,
  practiceId: number,
  input: { name: string; definition: PlanTemplateDefinition },
  now: Date,
): Promise<PlanTemplate> {
  const [row] = await db
    .insert(treatmentPlanTemplates)
    .values({ practiceId, ...input, createdAt: now, updatedAt: now })
    .returning({ id: treatmentPlanTemplates.id });
  if (!row) throw new Error('The template was not stored.');
  return templateOf(db, practiceId, row.id);
}

/**
 * Saves a practice's template in place. Plans keep the sections they were written with
 * (a section a template drops is still shown on older plans: the plan's content has every
 * section), so changing a template never changes a signed plan.
 */
export async function saveTemplate(
  db: Db,
  practiceId: number,
  templateId: number,
  input: { name: string; definition: PlanTemplateDefinition },
  now: Date,
): Promise<PlanTemplate> {
  const current = await templateOf(db, practiceId, templateId);
  if (current.shipped) throw forbidden(PLAN_MESSAGES.shippedTemplateReadOnly);
  await db
    .update(treatmentPlanTemplates)
    .set({ ...input, updatedAt: now })
    .where(
      and(
        eq(treatmentPlanTemplates.id, templateId),
        eq(treatmentPlanTemplates.practiceId, practiceId),
      ),
    );
  return templateOf(db, practiceId, templateId);
}
