import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_MESSAGES,
  idFromLabel,
  suggestedTemplateKey,
  templateDefinitionProblems,
} from './template-editing.ts';
import { SHIPPED_TEMPLATES, type NoteTemplateDefinition } from './templates.ts';

const soap = SHIPPED_TEMPLATES.find((t) => t.key === 'soap')!;
type Edit = Pick<NoteTemplateDefinition, 'name' | 'sections'>;
const text = (id: string, label = 'Label') => ({ id, label, type: 'textarea' as const });

describe('a template version a manager saves', () => {
  it.each<[string, Edit, { field: string; message: string }[]]>([
    ['every shipped template is valid', soap, []],
    [
      'a renamed section and a new field',
      {
        name: 'SOAP (ours)',
        sections: [
          {
            id: 'subjective',
            title: 'What the client says',
            fields: [text('subjective'), text('homework')],
          },
        ],
      },
      [],
    ],
    [
      'no name',
      { name: ' ', sections: soap.sections },
      [{ field: 'name', message: TEMPLATE_MESSAGES.blankTitle }],
    ],
    [
      'no sections',
      { name: 'x', sections: [] },
      [{ field: 'sections', message: TEMPLATE_MESSAGES.noSections }],
    ],
    [
      'an empty section',
      { name: 'x', sections: [{ id: 's', title: 'S', fields: [] }] },
      [{ field: 'sections.0.fields', message: TEMPLATE_MESSAGES.emptySection }],
    ],
    [
      'a blank section title and field label',
      {
        name: 'x',
        sections: [{ id: 's', title: '', fields: [text('a', '  ')] }],
      },
      [
        { field: 'sections.0.title', message: TEMPLATE_MESSAGES.blankTitle },
        { field: 'sections.0.fields.0.label', message: TEMPLATE_MESSAGES.blankLabel },
      ],
    ],
    [
      'the same field id in two sections',
      {
        name: 'x',
        sections: [
          { id: 'a', title: 'A', fields: [text('plan')] },
          { id: 'b', title: 'B', fields: [text('plan')] },
        ],
      },
      [{ field: 'sections.1.fields.0.id', message: TEMPLATE_MESSAGES.duplicateField }],
    ],
    [
      'the same section id twice',
      {
        name: 'x',
        sections: [
          { id: 'a', title: 'A', fields: [text('one')] },
          { id: 'a', title: 'B', fields: [text('two')] },
        ],
      },
      [{ field: 'sections.1.id', message: TEMPLATE_MESSAGES.duplicateSection }],
    ],
    [
      'an id that is not a plain key',
      {
        name: 'x',
        sections: [{ id: 'a', title: 'A', fields: [text('1st field')] }],
      },
      [{ field: 'sections.0.fields.0.id', message: TEMPLATE_MESSAGES.badId }],
    ],
    [
      'a choice without options, and one with a repeat',
      {
        name: 'x',
        sections: [
          {
            id: 'a',
            title: 'A',
            fields: [
              { id: 'c', label: 'C', type: 'select', options: [] },
              { id: 'd', label: 'D', type: 'select', options: ['Yes', 'Yes'] },
            ],
          },
        ],
      },
      [
        { field: 'sections.0.fields.0.options', message: TEMPLATE_MESSAGES.noOptions },
        { field: 'sections.0.fields.1.options', message: TEMPLATE_MESSAGES.duplicateOption },
      ],
    ],
  ])('%s', (_, edit, problems) => {
    expect(templateDefinitionProblems(edit)).toEqual(problems);
  });

  it('accepts every shipped template as it is', () => {
    for (const t of SHIPPED_TEMPLATES) expect(templateDefinitionProblems(t), t.key).toEqual([]);
  });
});

describe('ids from labels', () => {
  it.each<[string, string[], string]>([
    ['Homework given', [], 'homeworkGiven'],
    ['Homework given', ['homeworkGiven'], 'homeworkGiven2'],
    ['Homework given', ['homeworkGiven', 'homeworkGiven2'], 'homeworkGiven3'],
    ['2nd opinion?', [], 'field2ndOpinion'],
    ['Émotions', [], 'emotions'],
  ])('%s (taken: %j) → %s', (label, taken, id) => {
    expect(idFromLabel(label, new Set(taken))).toBe(id);
  });
});

describe('the template a new note suggests', () => {
  const all = SHIPPED_TEMPLATES;
  it.each<[string, { cptCode: string | null; therapistsLastKey: string | null }, string | null]>([
    ['an intake session: the intake', { cptCode: '90791', therapistsLastKey: 'dap' }, 'intake'],
    ['the therapist’s last', { cptCode: '90834', therapistsLastKey: 'birp' }, 'birp'],
    ['nothing before: the practice default', { cptCode: null, therapistsLastKey: null }, 'soap'],
    ['a last template no longer offered', { cptCode: null, therapistsLastKey: 'gone' }, 'soap'],
  ])('%s', (_, session, key) => {
    expect(suggestedTemplateKey(all, session)).toBe(key);
  });

  it('falls back to the first template, or none', () => {
    expect(
      suggestedTemplateKey([{ key: 'dap', cptCode: null }], {
        cptCode: null,
        therapistsLastKey: null,
      }),
    ).toBe('dap');
    expect(suggestedTemplateKey([], { cptCode: null, therapistsLastKey: null })).toBeNull();
  });
});
