import { describe, expect, it } from 'vitest';
import {
  allNormalMse,
  canonicalJson,
  contentProblems,
  deniesAllRisk,
  SHIPPED_TEMPLATES,
  type NoteContent,
} from './templates.ts';

const soap = SHIPPED_TEMPLATES.find((t) => t.key === 'soap')!;
const complete: NoteContent = {
  subjective: 'Reports better sleep.',
  objective: 'Calm, engaged.',
  mse: allNormalMse(),
  assessment: 'Improving.',
  risk: deniesAllRisk(),
  plan: 'Continue weekly.',
};

describe('shipped templates', () => {
  it('are SOAP, DAP, BIRP and an intake (90791), each at version 1 with unique field ids', () => {
    expect(SHIPPED_TEMPLATES.map((t) => [t.key, t.version])).toEqual([
      ['soap', 1],
      ['dap', 1],
      ['birp', 1],
      ['intake', 1],
    ]);
    expect(SHIPPED_TEMPLATES.find((t) => t.key === 'intake')?.cptCode).toBe('90791');
    for (const t of SHIPPED_TEMPLATES) {
      const ids = t.sections.flatMap((s) => s.fields.map((f) => f.id));
      expect(new Set(ids).size, t.key).toBe(ids.length);
    }
  });
});

describe('content problems', () => {
  it.each([
    ['a complete note signs', complete, true, []],
    ['a draft may be empty', {}, false, []],
    [
      'an empty note cannot be signed',
      {},
      true,
      ['subjective', 'objective', 'mse', 'assessment', 'risk', 'plan'],
    ],
    ['blank text counts as missing', { ...complete, plan: '   ' }, true, ['plan']],
    ['a partial exam is missing', { ...complete, mse: { mood: 'Euthymic' } }, true, ['mse']],
    ['an unknown field is refused even in a draft', { notes: 'x' }, false, ['notes']],
    ['an unknown exam choice is refused', { mse: { mood: 'Sleepy' } }, false, ['mse']],
    ['an unknown risk level is refused', { risk: { suicidal: 'Some' } }, false, ['risk']],
    ['text where a choice list belongs is refused', { mse: 'normal' }, false, ['mse']],
    ['over-long text is refused', { plan: 'x'.repeat(20_001) }, false, ['plan']],
  ] as [string, NoteContent, boolean, string[]][])('%s', (_name, content, forSigning, fields) => {
    expect(contentProblems(soap, content, forSigning).map((p) => p.field)).toEqual(fields);
  });

  it('names the field by its label', () => {
    expect(contentProblems(soap, {}, true)[0]?.message).toBe(
      'Subjective is required before signing',
    );
  });
});

describe('canonical JSON', () => {
  it('is the same whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: 'x' } })).toBe(
      canonicalJson({ a: { c: 'x', d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });
});
