import { describe, expect, it } from 'vitest';
import { checkResponse } from './response-validation.ts';
import type { FormAnswers, Questionnaire } from './questionnaire.ts';

/** One item of every type, a required question behind a condition, and a repeating choice. */
const FORM: Questionnaire = {
  resourceType: 'Questionnaire',
  title: 'Every type',
  item: [
    { linkId: 'intro', type: 'display', text: 'Hello' },
    {
      linkId: 'g',
      type: 'group',
      text: 'Group',
      item: [
        { linkId: 's', type: 'string', text: 'S', maxLength: 5 },
        { linkId: 't', type: 'text', text: 'T' },
      ],
    },
    { linkId: 'b', type: 'boolean', text: 'B', required: true },
    {
      linkId: 'why',
      type: 'text',
      text: 'Why?',
      required: true,
      enableWhen: [{ question: 'b', operator: '=', answerBoolean: true }],
    },
    { linkId: 'i', type: 'integer', text: 'I' },
    { linkId: 'd', type: 'decimal', text: 'D' },
    { linkId: 'dt', type: 'date', text: 'Date' },
    {
      linkId: 'c',
      type: 'choice',
      text: 'C',
      repeats: true,
      answerOption: [
        { valueCoding: { code: 'x', display: 'X' } },
        { valueCoding: { code: 'y', display: 'Y' } },
      ],
    },
  ],
};

const fieldsOf = (answers: FormAnswers, mode: 'save' | 'submit' = 'save') =>
  checkResponse(FORM, answers, mode).problems.map((p) => p.field);

describe('answer types', () => {
  it.each([
    ['string', { s: 'abc' }, []],
    ['string too long', { s: 'abcdef' }, ['answers.s']],
    ['string given a number', { s: 3 }, ['answers.s']],
    ['text', { t: 'long text' }, []],
    ['boolean', { b: false }, []],
    ['boolean given text', { b: 'yes' }, ['answers.b']],
    ['integer', { i: 4 }, []],
    ['integer given a fraction', { i: 4.5 }, ['answers.i']],
    ['decimal', { d: 4.5 }, []],
    ['decimal given text', { d: '4.5' }, ['answers.d']],
    ['date', { dt: '2026-02-28' }, []],
    ['date that does not exist', { dt: '2026-02-30' }, ['answers.dt']],
    ['date in another format', { dt: '02/28/2026' }, ['answers.dt']],
    ['choice', { c: ['x', 'y'] }, []],
    ['choice outside the options', { c: ['z'] }, ['answers.c']],
    ['a list for a single answer', { i: [1, 2] }, ['answers.i']],
    ['an unknown question', { nope: 'x' }, ['answers.nope']],
    ['display text answered', { intro: 'x' }, ['answers.intro']],
    ['a group answered', { g: 'x' }, ['answers.g']],
  ] as const)('%s', (_name, answers, fields) => {
    expect(fieldsOf(answers as FormAnswers)).toEqual(fields);
  });
});

describe('required items are enforced on submit, only when shown', () => {
  it.each([
    ['nothing answered', {}, ['answers.b']],
    ['b no: why is hidden', { b: false }, []],
    ['b yes: why is needed', { b: true }, ['answers.why']],
    ['b yes, why blank', { b: true, why: '  ' }, ['answers.why']],
    ['b yes, why given', { b: true, why: 'Because' }, []],
  ] as const)('%s', (_name, answers, fields) => {
    expect(fieldsOf(answers as FormAnswers, 'submit')).toEqual(fields);
    expect(fieldsOf(answers as FormAnswers, 'save')).toEqual([]);
  });

  it('drops the answers of hidden items from what is kept', () => {
    const check = checkResponse(FORM, { b: false, why: 'stale' }, 'submit');
    expect(check.kept).toEqual({ b: false });
  });
});
