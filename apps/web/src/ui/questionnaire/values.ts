import {
  enabledItems,
  flattenItems,
  isAnswerable,
  type AnswerValue,
  type FormAnswers,
  type Questionnaire,
  type QuestionnaireItem,
} from '@openpractice/domain';

/**
 * The bridge between a Questionnaire's answers (a map from linkId to typed values, as the
 * server stores them) and the form's values. linkIds are free text (dots and spaces
 * included), unfit for element ids and input names, so each item gets a plain key (`q0`,
 * `q1`, …) in the form's order. Inputs hold text while typing ('' is unanswered, '4.' is a number
 * being typed); the typed values are made only when answers are read.
 */

/** One value per key: text, or a list of texts for a repeating item. */
export type QuestionnaireValues = Record<string, string | string[]>;

export type KeyedItem = { key: string; item: QuestionnaireItem };

export function keyedItems(questionnaire: Questionnaire): KeyedItem[] {
  return flattenItems(questionnaire.item).map(({ item }, index) => ({ key: `q${index}`, item }));
}

export function keysByLinkId(questionnaire: Questionnaire): Map<string, string> {
  return new Map(keyedItems(questionnaire).map(({ key, item }) => [item.linkId, key]));
}

const INTEGER = /^[-+]?\d+$/;
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The typed value of one input, or undefined when blank or not (yet) a valid value. */
export function typedValue(item: QuestionnaireItem, text: string): AnswerValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  switch (item.type) {
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
    case 'integer':
      return INTEGER.test(trimmed) && Number.isSafeInteger(Number(trimmed))
        ? Number(trimmed)
        : undefined;
    case 'decimal':
      return DECIMAL.test(trimmed) ? Number(trimmed) : undefined;
    case 'date':
      return DATE.test(trimmed) ? trimmed : undefined;
    default:
      // Free text keeps what was typed (spaces inside included); a choice is its code.
      return item.type === 'choice' ? trimmed : text;
  }
}

/** Every answered item's typed value (disabled items included; see `enabledAnswers`). */
export function answersOf(questionnaire: Questionnaire, values: QuestionnaireValues): FormAnswers {
  const answers: FormAnswers = {};
  for (const { key, item } of keyedItems(questionnaire)) {
    if (!isAnswerable(item)) continue;
    const raw = values[key];
    if (raw === undefined) continue;
    const typed = (Array.isArray(raw) ? raw : [raw])
      .map((text) => typedValue(item, text))
      .filter((v): v is AnswerValue => v !== undefined);
    if (typed.length === 0) continue;
    answers[item.linkId] = item.repeats ? typed : (typed[0] as AnswerValue);
  }
  return answers;
}

/** The answers of the items shown: what is saved and submitted (hidden ones are dropped). */
export function enabledAnswers(
  questionnaire: Questionnaire,
  values: QuestionnaireValues,
): FormAnswers {
  const answers = answersOf(questionnaire, values);
  const enabled = enabledItems(questionnaire, answers);
  return Object.fromEntries(Object.entries(answers).filter(([linkId]) => enabled.has(linkId)));
}

/** The form's starting values from saved answers: every answerable item has a key. */
export function valuesOf(questionnaire: Questionnaire, answers: FormAnswers): QuestionnaireValues {
  const values: QuestionnaireValues = {};
  for (const { key, item } of keyedItems(questionnaire)) {
    if (!isAnswerable(item)) continue;
    const saved = answers[item.linkId];
    const texts = (saved === undefined ? [] : Array.isArray(saved) ? saved : [saved]).map(String);
    // A repeating free-text item starts with one empty box; a repeating choice with none ticked.
    values[key] = item.repeats
      ? texts.length || item.type === 'choice'
        ? texts
        : ['']
      : (texts[0] ?? '');
  }
  return values;
}
