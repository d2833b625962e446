import type { QuestionnaireItem } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import { appendAt, freshLinkId, moveAt, newItem, pathOfField, removeAt, withType } from './tree';

const ITEMS: QuestionnaireItem[] = [
  { linkId: 'a', type: 'string', text: 'A' },
  {
    linkId: 'g',
    type: 'group',
    text: 'G',
    item: [
      { linkId: 'b', type: 'boolean', text: 'B', required: true },
      { linkId: 'c', type: 'integer', text: 'C' },
    ],
  },
];

describe('the builder’s item tree', () => {
  it('moves, removes and appends by path, inside groups too', () => {
    expect(moveAt(ITEMS, [1, 1], -1)[1]?.item?.map((i) => i.linkId)).toEqual(['c', 'b']);
    expect(moveAt(ITEMS, [0], -1)).toEqual(ITEMS);
    expect(removeAt(ITEMS, [1, 0])[1]?.item?.map((i) => i.linkId)).toEqual(['c']);
    const added = appendAt(ITEMS, [1], newItem('date', 'd'));
    expect(added[1]?.item?.map((i) => i.linkId)).toEqual(['b', 'c', 'd']);
    expect(appendAt(ITEMS, [], newItem('display', 'e')).map((i) => i.linkId)).toEqual([
      'a',
      'g',
      'e',
    ]);
  });

  it('makes fresh ids and new items with what their type needs', () => {
    expect(freshLinkId(ITEMS)).toBe('item-5');
    expect(newItem('choice', 'x').answerOption).toHaveLength(2);
    expect(newItem('group', 'y').item).toEqual([]);
  });

  it('changes a type, keeping the words, the condition and required where it applies', () => {
    const item: QuestionnaireItem = {
      linkId: 'q',
      type: 'string',
      text: 'Q',
      required: true,
      enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }],
    };
    const choice = withType(item, 'choice');
    expect(choice).toMatchObject({ linkId: 'q', text: 'Q', required: true, type: 'choice' });
    expect(choice.enableWhen).toHaveLength(1);
    expect(withType(item, 'display').required).toBeUndefined();
  });

  it('finds the item a server refusal names', () => {
    expect(pathOfField('questionnaire.item.1.item.0.linkId')).toEqual([1, 0]);
    expect(pathOfField('questionnaire.item.2')).toEqual([2]);
    expect(pathOfField('questionnaire.title')).toBeNull();
    expect(pathOfField(undefined)).toBeNull();
  });
});
