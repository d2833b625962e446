import { describe, expect, it } from 'vitest';
import { definitionProblems, unsupportedReasons } from './definition-problems.ts';
import { FORM_LIBRARY } from './library.ts';
import {
  GAD7_QUESTIONNAIRE,
  measureOfQuestionnaire,
  PHQ9_QUESTIONNAIRE,
  scoreMeasureAnswers,
} from './measure-forms.ts';
import type { Questionnaire, QuestionnaireItem } from './questionnaire.ts';

const form = (item: QuestionnaireItem[]): Questionnaire => ({
  resourceType: 'Questionnaire',
  title: 'F',
  item,
});

describe('definition problems name their place', () => {
  it.each<[string, QuestionnaireItem[], string[]]>([
    ['fine', [{ linkId: 'a', type: 'string', text: 'A' }], []],
    [
      'duplicate id',
      [
        { linkId: 'a', type: 'string', text: 'A' },
        { linkId: 'a', type: 'string', text: 'B' },
      ],
      ['item.1.linkId'],
    ],
    ['bad id', [{ linkId: 'a b', type: 'string', text: 'A' }], ['item.0.linkId']],
    ['no text', [{ linkId: 'a', type: 'string', text: ' ' }], ['item.0.text']],
    ['empty group', [{ linkId: 'g', type: 'group', text: 'G', item: [] }], ['item.0.item']],
    [
      'choice without options',
      [{ linkId: 'c', type: 'choice', text: 'C' }],
      ['item.0.answerOption'],
    ],
    [
      'options on a string',
      [
        {
          linkId: 's',
          type: 'string',
          text: 'S',
          answerOption: [{ valueCoding: { code: 'x', display: 'X' } }],
        },
      ],
      ['item.0.answerOption'],
    ],
    [
      'required display',
      [{ linkId: 'd', type: 'display', text: 'D', required: true }],
      ['item.0.required'],
    ],
    [
      'condition on nothing',
      [
        {
          linkId: 'a',
          type: 'string',
          text: 'A',
          enableWhen: [{ question: 'zz', operator: 'exists' }],
        },
      ],
      ['item.0.enableWhen.0.question'],
    ],
    [
      'nested child problem',
      [
        {
          linkId: 'g',
          type: 'group',
          text: 'G',
          item: [{ linkId: 'c', type: 'choice', text: 'C' }],
        },
      ],
      ['item.0.item.0.answerOption'],
    ],
    [
      'a loop',
      [
        {
          linkId: 'a',
          type: 'boolean',
          text: 'A',
          enableWhen: [{ question: 'b', operator: 'exists' }],
        },
        {
          linkId: 'b',
          type: 'boolean',
          text: 'B',
          enableWhen: [{ question: 'a', operator: 'exists' }],
        },
      ],
      ['item'],
    ],
  ])('%s', (_name, items, fields) => {
    expect(definitionProblems(form(items)).map((p) => p.field)).toEqual(fields);
  });

  it('every library form is well formed and shown by the renderer', () => {
    for (const entry of FORM_LIBRARY) {
      expect(definitionProblems(entry.questionnaire), entry.key).toEqual([]);
      expect(unsupportedReasons(entry.questionnaire), entry.key).toEqual([]);
    }
  });

  it('a form with no questions, or a repeating group, is unsupported with why', () => {
    expect(unsupportedReasons(form([]))).toEqual(['It has no questions yet.']);
    expect(
      unsupportedReasons(
        form([
          {
            linkId: 'g',
            type: 'group',
            text: 'G',
            repeats: true,
            item: [{ linkId: 'x', type: 'string', text: 'X' }],
          },
        ]),
      ),
    ).toContain("Group 'g' repeats; only questions may repeat.");
  });
});

describe('the measures as forms', () => {
  it('carry their LOINC codes and are locked in the library', () => {
    expect(PHQ9_QUESTIONNAIRE.code?.[0]?.code).toBe('44249-1');
    expect(GAD7_QUESTIONNAIRE.code?.[0]?.code).toBe('69737-5');
    expect(measureOfQuestionnaire(PHQ9_QUESTIONNAIRE)).toBe('phq9');
    expect(measureOfQuestionnaire(FORM_LIBRARY[0]!.questionnaire)).toBeNull();
    expect(FORM_LIBRARY.filter((f) => f.locked).map((f) => f.key)).toEqual(['phq9', 'gad7']);
  });

  it.each([
    [
      {
        'phq9-1': '3',
        'phq9-2': '3',
        'phq9-3': '3',
        'phq9-4': '3',
        'phq9-5': '3',
        'phq9-6': '2',
        'phq9-7': '0',
        'phq9-8': '0',
        'phq9-9': '0',
      },
      { complete: true, total: 17, severity: 'Moderately severe', selfHarmAlert: false },
    ],
    [
      { 'phq9-1': '0', 'phq9-9': '1' },
      { complete: false, answered: 2, selfHarmAlert: true },
    ],
  ])('scores answers by their codes: %j', (answers, score) => {
    expect(scoreMeasureAnswers('phq9', answers)).toEqual(score);
  });

  it('scores a response well within 5 ms', () => {
    const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9-${i + 1}`, '2']));
    const start = performance.now();
    for (let i = 0; i < 1000; i++) scoreMeasureAnswers('phq9', answers);
    expect((performance.now() - start) / 1000).toBeLessThan(5);
  });
});
