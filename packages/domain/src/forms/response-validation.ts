import { enabledItems } from './enable-when.ts';
import {
  FORM_LIMITS,
  flattenItems,
  isAnswerable,
  type AnswerValue,
  type FormAnswers,
  type Questionnaire,
  type QuestionnaireItem,
} from './questionnaire.ts';

/**
 * A response checked against the definition version it was given with (issue 18 item 2). The
 * server runs this on every save and on submit, so the browser's checks are a convenience:
 * each answer must have its item's type, a question the form does not have is refused, and
 * on submit every required item that is shown (enableWhen) must be answered. Each problem
 * names the item as its field (`answers.<linkId>`).
 */
export type ResponseProblem = { field: string; message: string };

export type ResponseCheck = {
  problems: ResponseProblem[];
  /** The answers of enabled items only: what is stored on submit. */
  kept: FormAnswers;
  /** Required items shown but unanswered. */
  missing: string[];
};

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === text;
}

/** Why one value does not fit the item, or null when it does. */
function valueProblem(item: QuestionnaireItem, value: AnswerValue): string | null {
  switch (item.type) {
    case 'string':
    case 'text': {
      const max =
        item.maxLength ?? (item.type === 'text' ? FORM_LIMITS.textAnswer : FORM_LIMITS.string);
      if (typeof value !== 'string') return 'Enter text.';
      return value.length > max ? `Use at most ${max} characters.` : null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Answer yes or no.';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value)
        ? null
        : 'Enter a whole number.';
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Enter a number.';
    case 'date':
      return typeof value === 'string' && validDate(value) ? null : 'Enter a date as YYYY-MM-DD.';
    case 'choice':
      return typeof value === 'string' &&
        (item.answerOption ?? []).some((o) => o.valueCoding.code === value)
        ? null
        : 'Choose one of the options.';
    default:
      return 'This item takes no answer.';
  }
}

/** An answer counts as given when it is not blank text and not an empty list. */
function isAnswered(value: AnswerValue | AnswerValue[] | undefined): boolean {
  if (value === undefined) return false;
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => !(typeof v === 'string' && v.trim() === ''));
}

export function checkResponse(
  questionnaire: Questionnaire,
  answers: FormAnswers,
  mode: 'save' | 'submit',
): ResponseCheck {
  const items = new Map(flattenItems(questionnaire.item).map((e) => [e.item.linkId, e.item]));
  const problems: ResponseProblem[] = [];
  for (const [linkId, answer] of Object.entries(answers)) {
    const field = `answers.${linkId}`;
    const item = items.get(linkId);
    if (!item || !isAnswerable(item)) {
      problems.push({ field, message: 'This form has no such question.' });
      continue;
    }
    if (Array.isArray(answer) && !item.repeats) {
      problems.push({ field, message: 'This question takes one answer.' });
      continue;
    }
    const values = Array.isArray(answer) ? answer : [answer];
    if (values.length > FORM_LIMITS.repeats) {
      problems.push({ field, message: `Give at most ${FORM_LIMITS.repeats} answers.` });
      continue;
    }
    // A blank text is "not answered yet" while saving as one goes.
    const message = values
      .filter((v) => !(typeof v === 'string' && v === '' && item.type !== 'choice'))
      .map((v) => valueProblem(item, v))
      .find((m) => m !== null);
    if (message) problems.push({ field, message });
  }
  const enabled = enabledItems(questionnaire, answers);
  const kept: FormAnswers = {};
  for (const [linkId, answer] of Object.entries(answers))
    if (enabled.has(linkId) && isAnswered(answer)) kept[linkId] = answer;
  const missing = [...items.values()]
    .filter((item) => item.required && isAnswerable(item) && enabled.has(item.linkId))
    .filter((item) => !isAnswered(kept[item.linkId]))
    .map((item) => item.linkId);
  if (mode === 'submit')
    for (const linkId of missing)
      problems.push({ field: `answers.${linkId}`, message: 'This question needs an answer.' });
  return { problems, kept, missing };
}

/** The sum of the chosen options' scores, over the enabled choice items that have scores. */
export function choiceScores(
  questionnaire: Questionnaire,
  answers: FormAnswers,
): Map<string, number | null> {
  const scores = new Map<string, number | null>();
  for (const { item } of flattenItems(questionnaire.item)) {
    if (item.type !== 'choice' || !item.answerOption?.some((o) => o.score !== undefined)) continue;
    const answer = answers[item.linkId];
    const code = Array.isArray(answer) ? answer[0] : answer;
    const option = item.answerOption.find((o) => o.valueCoding.code === code);
    scores.set(item.linkId, option?.score ?? null);
  }
  return scores;
}
