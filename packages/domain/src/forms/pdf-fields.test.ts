import { describe, expect, it } from 'vitest';
import { numberPdfFields, pdfValuesOf, questionnaireOfPdfFields } from './pdf-fields.ts';

const fields = numberPdfFields([
  { name: 'Full name', kind: 'text' },
  { name: 'History/notes (2)', kind: 'multiline' },
  { name: 'I agree', kind: 'checkbox' },
  { name: 'Contact by', kind: 'choice', options: ['Phone', 'Email'] },
]);

describe('PDF form fields', () => {
  it('numbers the fields in the PDF order and keeps their names', () => {
    expect(fields.map((f) => [f.linkId, f.name])).toEqual([
      ['p1', 'Full name'],
      ['p2', 'History/notes (2)'],
      ['p3', 'I agree'],
      ['p4', 'Contact by'],
    ]);
  });

  it.each([
    ['p1', 'string'],
    ['p2', 'text'],
    ['p3', 'boolean'],
    ['p4', 'choice'],
  ])('field %s becomes a %s item', (linkId, type) => {
    const form = questionnaireOfPdfFields('Release', fields, true);
    expect(form.signatureRequired).toBe(true);
    expect(form.item.find((i) => i.linkId === linkId)?.type).toBe(type);
  });

  it('codes choices by position, so any option text is safe', () => {
    const form = questionnaireOfPdfFields('Release', fields, false);
    expect(form.signatureRequired).toBeUndefined();
    expect(
      form.item[3]?.answerOption?.map((o) => [o.valueCoding.code, o.valueCoding.display]),
    ).toEqual([
      ['o1', 'Phone'],
      ['o2', 'Email'],
    ]);
  });

  it.each([
    [{ p1: 'Chris Client' }, [{ name: 'Full name', kind: 'text', value: 'Chris Client' }]],
    [{ p3: true }, [{ name: 'I agree', kind: 'checkbox', value: true }]],
    [{ p3: false }, [{ name: 'I agree', kind: 'checkbox', value: false }]],
    [{ p4: 'o2' }, [{ name: 'Contact by', kind: 'choice', value: 'Email' }]],
    [{ p4: 'o9' }, []],
    [{}, []],
  ])('writes %j into the PDF as %j', (answers, expected) => {
    expect(pdfValuesOf(fields, answers)).toEqual(expected);
  });
});
