import {
  flattenItems,
  type AnswerValue,
  type EnableWhen,
  type FormAnswers,
  type Questionnaire,
  type QuestionnaireItem,
} from './questionnaire.ts';

/**
 * Which items are shown (FHIR enableWhen): an item is enabled when its conditions hold (all
 * of them, or any with enableBehavior 'any') and its group is enabled. A question that is
 * itself disabled counts as unanswered, so a chain of conditions switches off together.
 */

function expectedOf(condition: EnableWhen): AnswerValue | undefined {
  return (
    condition.answerBoolean ??
    condition.answerString ??
    condition.answerInteger ??
    condition.answerDecimal ??
    condition.answerDate ??
    condition.answerCoding?.code
  );
}

function compare(actual: AnswerValue, operator: EnableWhen['operator'], expected: AnswerValue) {
  switch (operator) {
    case '=':
      return actual === expected;
    case '!=':
      return actual !== expected;
    case 'exists':
      return true;
    default: {
      // Ordered comparisons: numbers, and dates as ISO text (which sort as they compare).
      if (typeof actual !== typeof expected || typeof actual === 'boolean') return false;
      if (operator === '>') return actual > expected;
      if (operator === '<') return actual < expected;
      if (operator === '>=') return actual >= expected;
      return actual <= expected;
    }
  }
}

function holds(condition: EnableWhen, answers: FormAnswers, enabled: Set<string>): boolean {
  const raw = enabled.has(condition.question) ? answers[condition.question] : undefined;
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (condition.operator === 'exists') return values.length > 0 === (expectedOf(condition) ?? true);
  const expected = expectedOf(condition);
  if (expected === undefined) return false;
  // '!=' holds when no answer equals the value (an unanswered question included).
  if (condition.operator === '!=') return values.every((v) => v !== expected);
  return values.some((v) => compare(v, condition.operator, expected));
}

function itemEnabled(item: QuestionnaireItem, answers: FormAnswers, enabled: Set<string>) {
  const conditions = item.enableWhen ?? [];
  if (conditions.length === 0) return true;
  const results = conditions.map((c) => holds(c, answers, enabled));
  return item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
}

/**
 * The linkIds of the enabled items for these answers. Conditions may point at any question
 * (earlier or later), so this settles in a few passes; a definition's structure check refuses
 * cycles, and the pass limit keeps a bad stored definition from looping.
 */
export function enabledItems(questionnaire: Questionnaire, answers: FormAnswers): Set<string> {
  const all = flattenItems(questionnaire.item);
  let enabled = new Set(all.map((e) => e.item.linkId));
  for (let pass = 0; pass <= all.length; pass++) {
    const next = new Set<string>();
    for (const { item, parent } of all) {
      const parentOn = parent === null || next.has(parent);
      if (parentOn && itemEnabled(item, answers, enabled)) next.add(item.linkId);
    }
    const same = next.size === enabled.size && [...next].every((id) => enabled.has(id));
    enabled = next;
    if (same) break;
  }
  return enabled;
}
