import { enabledItems, isAnswerable, type Questionnaire } from '@openpractice/domain';

import { answersOf, keyedItems, typedValue, type QuestionnaireValues } from './values';

/**
 * The check of a questionnaire's values. What is checked depends on the answers (enableWhen),
 * so it walks the items shown: a value of the item's type, and a required item answered. The
 * messages are the server's (domain response-validation), so the browser and the server say
 * the same thing; the server checks again on submit. A plain function rather than a zod
 * schema: zod would add 13 KiB to the client's portal form page, whose budget is 250 KiB
 * (docs/decisions.md), and a schema here would only wrap this walk.
 */
export const MESSAGES = {
  required: 'This question needs an answer.',
  integer: 'Enter a whole number.',
  decimal: 'Enter a number.',
  date: 'Enter a date as YYYY-MM-DD.',
} as const;

/** The problem of each item key that has one. */
export function questionnaireProblems(
  questionnaire: Questionnaire,
  values: QuestionnaireValues,
  { forSubmit }: { forSubmit: boolean },
): Map<string, string> {
  const problems = new Map<string, string>();
  const enabled = enabledItems(questionnaire, answersOf(questionnaire, values));
  for (const { key, item } of keyedItems(questionnaire)) {
    if (!isAnswerable(item) || !enabled.has(item.linkId)) continue;
    const raw = values[key] ?? '';
    const texts = (Array.isArray(raw) ? raw : [raw]).filter((t) => t.trim() !== '');
    const badType = texts.some((text) => typedValue(item, text) === undefined);
    if (badType && (item.type === 'integer' || item.type === 'decimal' || item.type === 'date')) {
      problems.set(key, MESSAGES[item.type]);
    } else if (forSubmit && item.required && texts.length === 0) {
      problems.set(key, MESSAGES.required);
    }
  }
  return problems;
}
