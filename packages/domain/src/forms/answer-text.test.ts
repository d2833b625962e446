import { describe, expect, it } from 'vitest';
import { formAnswerText, type QuestionnaireItem } from './questionnaire.ts';

const choice: QuestionnaireItem = {
  linkId: 'scope',
  type: 'choice',
  answerOption: [{ valueCoding: { code: 'attendance', display: 'Attendance' } }],
};

describe('an answer as read on a page and in print', () => {
  it.each<[string, QuestionnaireItem, string | number | boolean, string]>([
    ['a choice by its words', choice, 'attendance', 'Attendance'],
    ['a choice no longer offered by its code', choice, 'gone', 'gone'],
    ['yes', { linkId: 'b', type: 'boolean' }, true, 'Yes'],
    ['no', { linkId: 'b', type: 'boolean' }, false, 'No'],
    ['a number as given', { linkId: 'n', type: 'integer' }, 3, '3'],
    ['a date as stored', { linkId: 'd', type: 'date' }, '2027-06-30', '2027-06-30'],
  ])('%s', (_name, item, value, expected) => {
    expect(formAnswerText(item, value)).toBe(expected);
  });
});
