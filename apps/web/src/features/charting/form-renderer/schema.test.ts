import {
  allNormalMse,
  contentProblems,
  deniesAllRisk,
  SHIPPED_TEMPLATES,
  type NoteContent,
} from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import { compactAnswers, formValuesOf, sameAnswers } from './answers';
import { templateSchema } from './schema';

const fields = (issues: { path: PropertyKey[] }[]) =>
  [...new Set(issues.map((i) => String(i.path[0])))].sort();

const CONTENTS: [string, NoteContent][] = [
  ['nothing', {}],
  ['text only', { subjective: 'a', objective: 'b', assessment: 'c', plan: 'd' }],
  ['an incomplete exam', { mse: { mood: 'Anxious' }, risk: deniesAllRisk() }],
  [
    'everything',
    {
      subjective: 'a',
      objective: 'b',
      assessment: 'c',
      plan: 'd',
      data: 'e',
      behavior: 'f',
      intervention: 'g',
      response: 'h',
      presentingProblem: 'i',
      history: 'j',
      formulation: 'k',
      mse: allNormalMse(),
      risk: deniesAllRisk(),
    },
  ],
  ['a choice not offered', { mse: { ...allNormalMse(), mood: 'Sleepy' } }],
  ['text too long', { plan: 'x'.repeat(20_001) }],
];

describe('templateSchema', () => {
  for (const template of SHIPPED_TEMPLATES) {
    for (const [name, content] of CONTENTS) {
      it(`${template.key}, ${name}: refuses the fields the domain refuses, for signing and for drafts`, () => {
        const known = Object.fromEntries(
          Object.entries(content).filter(([id]) =>
            template.sections.some((s) => s.fields.some((f) => f.id === id)),
          ),
        );
        const values = { ...formValuesOf(template, known) };
        for (const forSigning of [true, false]) {
          const result = templateSchema(template, { forSigning }).safeParse(values);
          const expected = [
            ...new Set(contentProblems(template, known, forSigning).map((p) => p.field)),
          ].sort();
          expect(result.success ? [] : fields(result.error.issues)).toEqual(expected);
        }
      });
    }
  }
});

describe('answers', () => {
  const soap = SHIPPED_TEMPLATES[0]!;

  it('fills every field for the form and leaves blanks out of what is saved', () => {
    const values = formValuesOf(soap, { subjective: 'a', mse: { mood: 'Anxious' } });
    expect(values.plan).toBe('');
    expect(values.risk).toEqual({
      suicidal: '',
      homicidal: '',
      selfHarm: '',
      abuse: '',
      substance: '',
      denies: '',
    });
    expect(compactAnswers(soap, values)).toEqual({ subjective: 'a', mse: { mood: 'Anxious' } });
  });

  it('compares answers whatever their blanks and order', () => {
    expect(sameAnswers(soap, { plan: 'x', mse: {} }, formValuesOf(soap, { plan: 'x' }))).toBe(true);
    expect(sameAnswers(soap, { plan: 'x' }, { plan: 'y' })).toBe(false);
  });
});
