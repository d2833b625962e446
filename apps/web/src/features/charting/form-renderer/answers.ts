import { canonicalJson, MSE_CATEGORIES, RISK_AREAS } from '@openpractice/domain';

import {
  fieldsOf,
  type Answer,
  type Answers,
  type RenderableField,
  type RenderableTemplate,
} from './types';

const isText = (field: RenderableField) =>
  field.type === 'text' || field.type === 'textarea' || field.type === 'select';

/** The keys a choice field holds: the MSE categories, or the risk areas and the denial. */
export function choiceKeys(field: RenderableField): string[] {
  if (field.type === 'mse') return MSE_CATEGORIES.map((c) => c.id);
  if (field.type === 'risk') return [...RISK_AREAS.map((a) => a.id), 'denies'];
  return [];
}

function fullAnswer(field: RenderableField, saved: Answer | undefined): Answer {
  if (isText(field)) return typeof saved === 'string' ? saved : '';
  const given = typeof saved === 'object' ? saved : {};
  return Object.fromEntries(choiceKeys(field).map((key) => [key, given[key] ?? '']));
}

/** The form's starting values: every field of the template present, blanks where unanswered. */
export function formValuesOf(template: RenderableTemplate, saved: Answers): Answers {
  return Object.fromEntries(fieldsOf(template).map((f) => [f.id, fullAnswer(f, saved[f.id])]));
}

/**
 * What is saved: the template's fields only, blank answers and empty choice groups left
 * out, so an untouched field and a cleared one read the same.
 */
export function compactAnswers(template: RenderableTemplate, values: Answers): Answers {
  const out: Answers = {};
  for (const field of fieldsOf(template)) {
    const value = values[field.id];
    if (typeof value === 'string') {
      if (isText(field) && value !== '') out[field.id] = value;
    } else if (value && !isText(field)) {
      const kept = Object.fromEntries(
        choiceKeys(field)
          .map((key) => [key, value[key] ?? ''] as const)
          .filter(([, choice]) => choice !== ''),
      );
      if (Object.keys(kept).length > 0) out[field.id] = kept;
    }
  }
  return out;
}

/** The same answers, whatever their order or blanks. */
export function sameAnswers(template: RenderableTemplate, a: Answers, b: Answers): boolean {
  return canonicalJson(compactAnswers(template, a)) === canonicalJson(compactAnswers(template, b));
}
