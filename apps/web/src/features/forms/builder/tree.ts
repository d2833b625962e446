import {
  flattenItems,
  isAnswerable,
  type QuestionnaireItem,
  type QuestionnaireItemType,
} from '@openpractice/domain';

/**
 * The builder's edits on a form's item tree, pure so they are tested apart from the page. An
 * item is found by its path: indexes from the top (`[2, 0]` is the first child of the third).
 */
export type ItemPath = readonly number[];

export function updateAt(
  items: readonly QuestionnaireItem[],
  path: ItemPath,
  change: (item: QuestionnaireItem) => QuestionnaireItem | null,
): QuestionnaireItem[] {
  const [head, ...rest] = path;
  return items.flatMap((item, index) => {
    if (index !== head) return [item];
    if (rest.length === 0) {
      const next = change(item);
      return next ? [next] : [];
    }
    return [{ ...item, item: updateAt(item.item ?? [], rest, change) }];
  });
}

export const removeAt = (items: readonly QuestionnaireItem[], path: ItemPath) =>
  updateAt(items, path, () => null);

/** Moves an item one place up (-1) or down (+1) among its siblings. */
export function moveAt(
  items: readonly QuestionnaireItem[],
  path: ItemPath,
  by: -1 | 1,
): QuestionnaireItem[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1] ?? 0;
  const swap = (list: readonly QuestionnaireItem[]) => {
    const target = index + by;
    if (target < 0 || target >= list.length) return [...list];
    const next = [...list];
    [next[index], next[target]] = [
      next[target] as QuestionnaireItem,
      next[index] as QuestionnaireItem,
    ];
    return next;
  };
  if (parent.length === 0) return swap(items);
  return updateAt(items, parent, (group) => ({ ...group, item: swap(group.item ?? []) }));
}

/** A linkId not used yet in the form: `item-1`, `item-2`, … */
export function freshLinkId(items: readonly QuestionnaireItem[]): string {
  const used = new Set(flattenItems(items).map((e) => e.item.linkId));
  let n = used.size + 1;
  while (used.has(`item-${String(n)}`)) n++;
  return `item-${String(n)}`;
}

/** A new item of a type, with what the type needs (a choice starts with two options). */
export function newItem(type: QuestionnaireItemType, linkId: string): QuestionnaireItem {
  const item: QuestionnaireItem = {
    linkId,
    type,
    text: type === 'display' ? 'Some text' : 'New question',
  };
  if (type === 'group') return { ...item, text: 'New section', item: [] };
  if (type === 'choice') {
    return {
      ...item,
      answerOption: [
        { valueCoding: { code: 'a', display: 'Option A' } },
        { valueCoding: { code: 'b', display: 'Option B' } },
      ],
    };
  }
  return item;
}

/** Changes an item's type, dropping what the new type cannot have. */
export function withType(item: QuestionnaireItem, type: QuestionnaireItemType): QuestionnaireItem {
  const fresh = newItem(type, item.linkId);
  const kept: QuestionnaireItem = { ...fresh, text: item.text ?? fresh.text };
  if (item.enableWhen) kept.enableWhen = item.enableWhen;
  if (item.enableBehavior) kept.enableBehavior = item.enableBehavior;
  if (isAnswerable(kept) && item.required) kept.required = true;
  if (type === 'group') kept.item = item.item ?? [];
  return kept;
}

/** Appends a child to the group at `path` (or to the top with an empty path). */
export function appendAt(
  items: readonly QuestionnaireItem[],
  path: ItemPath,
  child: QuestionnaireItem,
): QuestionnaireItem[] {
  if (path.length === 0) return [...items, child];
  return updateAt(items, path, (group) => ({ ...group, item: [...(group.item ?? []), child] }));
}

/**
 * The item path a server refusal names (`questionnaire.item.0.item.2.linkId` → [0, 2]), or
 * null when it names the form itself.
 */
export function pathOfField(field: string | undefined): number[] | null {
  if (!field) return null;
  const parts = field.replace(/^questionnaire\./, '').split('.');
  const path: number[] = [];
  for (let i = 0; i + 1 < parts.length && parts[i] === 'item'; i += 2) {
    const index = Number(parts[i + 1]);
    if (!Number.isInteger(index)) break;
    path.push(index);
  }
  return path.length ? path : null;
}
