import { describe, expect, it } from 'vitest';
import { enabledItems } from './enable-when.ts';
import type { EnableWhen, FormAnswers, Questionnaire } from './questionnaire.ts';

const formWith = (conditions: EnableWhen[], behavior?: 'all' | 'any'): Questionnaire => ({
  resourceType: 'Questionnaire',
  title: 'F',
  item: [
    { linkId: 'n', type: 'integer', text: 'N' },
    { linkId: 'b', type: 'boolean', text: 'B' },
    {
      linkId: 'c',
      type: 'choice',
      text: 'C',
      answerOption: [{ valueCoding: { code: 'a', display: 'A' } }],
    },
    { linkId: 'dt', type: 'date', text: 'D' },
    {
      linkId: 'target',
      type: 'string',
      text: 'T',
      enableWhen: conditions,
      ...(behavior ? { enableBehavior: behavior } : {}),
    },
  ],
});

const shown = (conditions: EnableWhen[], answers: FormAnswers, behavior?: 'all' | 'any') =>
  enabledItems(formWith(conditions, behavior), answers).has('target');

describe('enableWhen operators', () => {
  it.each([
    ['= boolean', [{ question: 'b', operator: '=', answerBoolean: true }], { b: true }, true],
    [
      '= boolean, other answer',
      [{ question: 'b', operator: '=', answerBoolean: true }],
      { b: false },
      false,
    ],
    ['= boolean, unanswered', [{ question: 'b', operator: '=', answerBoolean: true }], {}, false],
    ['!= boolean, unanswered', [{ question: 'b', operator: '!=', answerBoolean: true }], {}, true],
    ['= coding', [{ question: 'c', operator: '=', answerCoding: { code: 'a' } }], { c: 'a' }, true],
    ['> integer', [{ question: 'n', operator: '>', answerInteger: 3 }], { n: 4 }, true],
    ['> integer, equal', [{ question: 'n', operator: '>', answerInteger: 3 }], { n: 3 }, false],
    ['>= integer', [{ question: 'n', operator: '>=', answerInteger: 3 }], { n: 3 }, true],
    ['< integer', [{ question: 'n', operator: '<', answerInteger: 3 }], { n: 2 }, true],
    ['<= integer', [{ question: 'n', operator: '<=', answerInteger: 3 }], { n: 4 }, false],
    [
      '< date',
      [{ question: 'dt', operator: '<', answerDate: '2026-01-01' }],
      { dt: '2025-12-31' },
      true,
    ],
    ['exists true', [{ question: 'n', operator: 'exists', answerBoolean: true }], { n: 0 }, true],
    [
      'exists true, unanswered',
      [{ question: 'n', operator: 'exists', answerBoolean: true }],
      {},
      false,
    ],
    [
      'exists false, unanswered',
      [{ question: 'n', operator: 'exists', answerBoolean: false }],
      {},
      true,
    ],
  ] as const)('%s → %s', (_name, conditions, answers, expected) => {
    expect(shown(conditions as unknown as EnableWhen[], answers as FormAnswers)).toBe(expected);
  });

  const two: EnableWhen[] = [
    { question: 'b', operator: '=', answerBoolean: true },
    { question: 'n', operator: '>', answerInteger: 0 },
  ];
  it.each([
    ['all', { b: true, n: 1 }, true],
    ['all', { b: true, n: 0 }, false],
    ['any', { b: false, n: 1 }, true],
    ['any', { b: false, n: 0 }, false],
  ] as const)('enableBehavior %s with %j → %s', (behavior, answers, expected) => {
    expect(shown(two, answers, behavior)).toBe(expected);
  });
});

describe('chains and groups', () => {
  const form: Questionnaire = {
    resourceType: 'Questionnaire',
    title: 'F',
    item: [
      { linkId: 'a', type: 'boolean', text: 'A' },
      {
        linkId: 'b',
        type: 'boolean',
        text: 'B',
        enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }],
      },
      {
        linkId: 'c',
        type: 'string',
        text: 'C',
        enableWhen: [{ question: 'b', operator: '=', answerBoolean: true }],
      },
      {
        linkId: 'g',
        type: 'group',
        text: 'G',
        enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }],
        item: [{ linkId: 'inner', type: 'string', text: 'I' }],
      },
    ],
  };
  it('a hidden question switches off what depends on it, even with a stale answer', () => {
    expect([...enabledItems(form, { a: false, b: true })].sort()).toEqual(['a']);
    expect([...enabledItems(form, { a: true, b: true })].sort()).toEqual([
      'a',
      'b',
      'c',
      'g',
      'inner',
    ]);
  });
});
