import { TEMPLATE_LIMITS, templateDefinitionProblems } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, textSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { noteTemplate } from './notes.ts';

/**
 * The practice's note templates for managers (issue 17 item 1): each edit is a new version,
 * which new notes use; notes already written keep the version they were started with.
 */

const id = z.string().max(60);
const label = textSchema(TEMPLATE_LIMITS.title);

/** A field of a template as a manager saves it: the renderer's field types, nothing else. */
const templateFieldInput = z.discriminatedUnion('type', [
  z.strictObject({
    id,
    label,
    type: z.enum(['text', 'textarea']),
    required: z.boolean(),
    maxLength: z.number().int().min(1).max(20_000).optional(),
  }),
  z.strictObject({
    id,
    label,
    type: z.literal('select'),
    required: z.boolean(),
    options: z.array(textSchema(TEMPLATE_LIMITS.option)).max(TEMPLATE_LIMITS.options),
  }),
  z.strictObject({ id, label, type: z.enum(['mse', 'risk']), required: z.boolean() }),
]);

/** A new version's content; the domain's rules (ids unique, nothing blank) name each problem. */
export const templateVersionInput = z
  .strictObject({
    name: label,
    sections: z
      .array(
        z.strictObject({
          id,
          title: label,
          fields: z.array(templateFieldInput).max(TEMPLATE_LIMITS.fieldsPerSection),
        }),
      )
      .max(TEMPLATE_LIMITS.sections),
  })
  .superRefine((value, ctx) => {
    for (const problem of templateDefinitionProblems(value)) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      });
    }
  });

export const managedTemplate = z.object({
  current: noteTemplate,
  /** Shipped with the product, or the practice's own version of it. */
  source: z.enum(['shipped', 'practice']),
  createdAt: timestamp,
  /** Every version there is, newest first, with how many notes were written with each. */
  versions: z.array(z.object({ version: z.number(), notes: z.number(), createdAt: timestamp })),
});

export const listManagedTemplates = defineCall('GET', '/charting/templates/manage', {
  response: { 200: dataOf(z.array(managedTemplate)) },
});

export const saveTemplateVersion = defineCall('POST', '/charting/templates/:key/versions', {
  params: z.object({ key: z.string().max(40) }),
  body: templateVersionInput,
  response: { 200: dataOf(managedTemplate) },
});
