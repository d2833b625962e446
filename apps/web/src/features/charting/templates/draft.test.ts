import { SHIPPED_TEMPLATES, templateDefinitionProblems } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import { draftOf, newField, newSection, versionInput } from './draft';

const soap = SHIPPED_TEMPLATES.find((t) => t.key === 'soap')!;
const current = {
  templateId: 1,
  ...soap,
  sections: soap.sections.map((s) => ({
    ...s,
    fields: s.fields.map((f) => ({ ...f, options: 'options' in f ? [...f.options] : undefined })),
  })),
};

describe('a template version from the editor', () => {
  it('keeps the current version as it is when nothing changes', () => {
    expect(versionInput(draftOf(current))).toEqual({
      name: soap.name,
      sections: soap.sections.map((s) => ({
        ...s,
        fields: s.fields.map((f) => ({ required: false, ...f })),
      })),
    });
  });

  it('gives new fields and sections ids from their labels, never an id already used', () => {
    const draft = draftOf(current);
    const plan = { ...newField(), label: 'Plan' };
    const homework = { ...newField(), label: 'Homework given' };
    draft.sections[0]!.fields.push(plan, homework);
    draft.sections.push({
      ...newSection(),
      title: 'Safety plan',
      fields: [{ ...newField(), label: 'Plan' }],
    });
    const input = versionInput(draft);
    const ids = input.sections.flatMap((s) => s.fields.map((f) => f.id));
    expect(ids.filter((id) => id.startsWith('plan'))).toEqual(['plan2', 'plan', 'plan3']);
    expect(ids).toContain('homeworkGiven');
    expect(input.sections.at(-1)?.id).toBe('safetyPlan');
    expect(templateDefinitionProblems(input)).toEqual([]);
  });
});
