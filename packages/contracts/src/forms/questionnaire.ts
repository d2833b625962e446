import {
  definitionProblems,
  ENABLE_WHEN_OPERATORS,
  FORM_LIMITS,
  QUESTIONNAIRE_ITEM_TYPES,
  type Questionnaire,
  type QuestionnaireItem,
} from '@openpractice/domain';
import { z } from 'zod';
import { textSchema } from '../common.ts';

/**
 * The zod schema of a form definition (a FHIR R4 Questionnaire shape, domain forms/
 * questionnaire.ts) and of answers. Shapes here; the rules across items (unique ids,
 * conditions that point at a question, no loops) come from the domain and name their item.
 */

const linkId = z.string().min(1).max(FORM_LIMITS.linkId);
const itemText = textSchema(FORM_LIMITS.text, { multiline: true });
const coding = z.strictObject({
  system: z.string().max(200).optional(),
  code: z.string().min(1).max(FORM_LIMITS.linkId),
  display: textSchema(FORM_LIMITS.string),
});

const enableWhen = z.strictObject({
  question: linkId,
  operator: z.enum(ENABLE_WHEN_OPERATORS),
  answerBoolean: z.boolean().optional(),
  answerString: z.string().max(FORM_LIMITS.string).optional(),
  answerInteger: z.number().int().optional(),
  answerDecimal: z.number().optional(),
  answerDate: z.iso.date().optional(),
  answerCoding: z.strictObject({ code: z.string().max(FORM_LIMITS.linkId) }).optional(),
});

export const questionnaireItem: z.ZodType<QuestionnaireItem> = z.strictObject({
  linkId,
  text: itemText.optional(),
  type: z.enum(QUESTIONNAIRE_ITEM_TYPES),
  required: z.boolean().optional(),
  repeats: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(FORM_LIMITS.textAnswer).optional(),
  answerOption: z
    .array(
      z.strictObject({
        valueCoding: coding,
        score: z.number().int().min(-100).max(100).optional(),
      }),
    )
    .max(FORM_LIMITS.options)
    .optional(),
  enableWhen: z.array(enableWhen).max(10).optional(),
  enableBehavior: z.enum(['all', 'any']).optional(),
  get item() {
    return z.array(questionnaireItem).max(FORM_LIMITS.items).optional();
  },
});

const questionnaireShape = z.strictObject({
  resourceType: z.literal('Questionnaire'),
  title: textSchema(FORM_LIMITS.title),
  description: textSchema(FORM_LIMITS.text, { multiline: true }).optional(),
  code: z.array(coding).max(5).optional(),
  signatureRequired: z.boolean().optional(),
  item: z.array(questionnaireItem).max(FORM_LIMITS.items),
});

/** A definition as the builder sends it: the shape, then the domain's cross-item rules. */
export const questionnaireInput: z.ZodType<Questionnaire> = questionnaireShape.superRefine(
  (value, ctx) => {
    for (const problem of definitionProblems(value)) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      });
    }
  },
);

/** A stored definition in an answer (no cross-item check: it was checked when saved). */
export const questionnaire: z.ZodType<Questionnaire> = questionnaireShape;

const answerValue = z.union([z.string().max(FORM_LIMITS.textAnswer), z.number(), z.boolean()]);

/** Answers by linkId; the server checks each against the form's version (domain checkResponse). */
export const formAnswers = z
  .record(linkId, z.union([answerValue, z.array(answerValue).max(FORM_LIMITS.repeats)]))
  .refine((answers) => Object.keys(answers).length <= FORM_LIMITS.items, {
    message: `At most ${FORM_LIMITS.items} answers.`,
  });
