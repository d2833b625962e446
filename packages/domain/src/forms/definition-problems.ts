import {
  FORM_LIMITS,
  flattenItems,
  isAnswerable,
  QUESTIONNAIRE_ITEM_TYPES,
  type Questionnaire,
  type QuestionnaireItem,
} from './questionnaire.ts';

/**
 * What makes a form definition unusable, each problem naming its place (`item.2.item.0.linkId`)
 * so the builder can point at it. The contract's zod schema checks shapes; these are the rules
 * across items: unique linkIds, choices with options, conditions that point at a question
 * that exists and do not loop, groups with children.
 */
export type DefinitionProblem = { field: string; message: string };

function walk(
  items: readonly QuestionnaireItem[],
  path: string,
  visit: (item: QuestionnaireItem, path: string, depth: number) => void,
  depth = 1,
): void {
  items.forEach((item, index) => {
    const here = `${path}.${index}`;
    visit(item, here, depth);
    if (item.item) walk(item.item, `${here}.item`, visit, depth + 1);
  });
}

function conditionCycle(questionnaire: Questionnaire): string | null {
  const needs = new Map<string, string[]>();
  for (const { item } of flattenItems(questionnaire.item))
    needs.set(
      item.linkId,
      (item.enableWhen ?? []).map((c) => c.question),
    );
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): string | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'open') return id;
    state.set(id, 'open');
    for (const next of needs.get(id) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    state.set(id, 'done');
    return null;
  };
  for (const id of needs.keys()) {
    const found = visit(id);
    if (found) return found;
  }
  return null;
}

export function definitionProblems(questionnaire: Questionnaire): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (questionnaire.title.trim() === '')
    problems.push({ field: 'title', message: 'Give the form a title.' });
  const all = flattenItems(questionnaire.item);
  if (all.length > FORM_LIMITS.items)
    problems.push({ field: 'item', message: `A form has at most ${FORM_LIMITS.items} items.` });
  const byId = new Map(all.map((e) => [e.item.linkId, e.item]));
  const seen = new Set<string>();
  walk(questionnaire.item, 'item', (item, path, depth) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(item.linkId))
      problems.push({
        field: `${path}.linkId`,
        message: 'A question id is letters, digits, dots, dashes or underscores.',
      });
    else if (seen.has(item.linkId))
      problems.push({ field: `${path}.linkId`, message: `The id '${item.linkId}' is used twice.` });
    seen.add(item.linkId);
    if (depth > FORM_LIMITS.depth)
      problems.push({ field: path, message: `Groups nest at most ${FORM_LIMITS.depth} deep.` });
    if (item.type !== 'display' && !(item.text ?? '').trim())
      problems.push({ field: `${path}.text`, message: 'Every question needs its text.' });
    if (item.type === 'group' && !item.item?.length)
      problems.push({ field: `${path}.item`, message: 'A group needs at least one item.' });
    if (item.type !== 'group' && item.item?.length)
      problems.push({ field: `${path}.item`, message: 'Only a group holds other items.' });
    if (item.type === 'choice') {
      const codes = (item.answerOption ?? []).map((o) => o.valueCoding.code);
      if (codes.length === 0)
        problems.push({ field: `${path}.answerOption`, message: 'A choice needs its options.' });
      if (new Set(codes).size !== codes.length)
        problems.push({ field: `${path}.answerOption`, message: 'Two options share a code.' });
    } else if (item.answerOption?.length) {
      problems.push({ field: `${path}.answerOption`, message: 'Only a choice has options.' });
    }
    if (!isAnswerable(item) && (item.required || item.repeats))
      problems.push({
        field: `${path}.required`,
        message: 'Groups and display text take no answer: they cannot be required or repeat.',
      });
    (item.enableWhen ?? []).forEach((condition, index) => {
      const target = byId.get(condition.question);
      if (!target || !isAnswerable(target))
        problems.push({
          field: `${path}.enableWhen.${index}.question`,
          message: `'${condition.question}' is not a question of this form.`,
        });
    });
  });
  const cycle = conditionCycle(questionnaire);
  if (cycle)
    problems.push({
      field: 'item',
      message: `The conditions around '${cycle}' depend on each other in a loop.`,
    });
  return problems;
}

/**
 * Why the renderer cannot show a stored definition (`/form/definition/unsupported`): a form
 * from before the builder with no questions, an item type the renderer does not draw, or
 * a structure problem (which a definition imported or migrated may have).
 */
export function unsupportedReasons(questionnaire: Questionnaire): string[] {
  const reasons: string[] = [];
  const all = flattenItems(questionnaire.item);
  if (all.length === 0) reasons.push('It has no questions yet.');
  for (const { item } of all) {
    if (!(QUESTIONNAIRE_ITEM_TYPES as readonly string[]).includes(item.type))
      reasons.push(`Item '${item.linkId}' has the type '${item.type}', which forms do not show.`);
    if (item.type === 'group' && item.repeats)
      reasons.push(`Group '${item.linkId}' repeats; only questions may repeat.`);
  }
  for (const problem of definitionProblems(questionnaire))
    if (problem.field !== 'item' || all.length > 0) reasons.push(problem.message);
  return [...new Set(reasons)];
}
