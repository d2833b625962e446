import { idFromLabel } from '@openpractice/domain';

import type { ManagedTemplate, TemplateVersionInput } from './api';

type Field = TemplateVersionInput['sections'][number]['fields'][number];

/** A field or section being edited; `added` ones get their id from their label when saved. */
export type DraftField = Field & { key: string; added: boolean };
export type DraftSection = {
  key: string;
  added: boolean;
  id: string;
  title: string;
  fields: DraftField[];
};
export type TemplateDraft = { name: string; sections: DraftSection[] };

let counter = 0;
/** React keys for rows that have no id yet. */
const nextKey = () => `row-${String((counter += 1))}`;

/** The current version as an editable draft (each field as its type keeps it). */
export function draftOf(template: ManagedTemplate['current']): TemplateDraft {
  return {
    name: template.name,
    sections: template.sections.map((s) => ({
      key: nextKey(),
      added: false,
      id: s.id,
      title: s.title,
      fields: s.fields.map((f): DraftField => {
        const base = {
          key: nextKey(),
          added: false,
          id: f.id,
          label: f.label,
          required: f.required ?? false,
        };
        if (f.type === 'select') return { ...base, type: 'select', options: f.options ?? [] };
        if (f.type === 'mse' || f.type === 'risk') return { ...base, type: f.type };
        return {
          ...base,
          type: f.type,
          ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
        };
      }),
    })),
  };
}

/** A new long-text field (the kind a practice adds most: a prompt and a box). */
export function newField(): DraftField {
  return {
    key: nextKey(),
    added: true,
    id: '',
    label: '',
    type: 'textarea',
    required: false,
    maxLength: 20_000,
  };
}

export function newSection(): DraftSection {
  return { key: nextKey(), added: true, id: '', title: '', fields: [newField()] };
}

/**
 * The version to save: existing ids kept (old answers stay readable under them), new
 * fields and sections given ids from their labels, unique in the template.
 */
export function versionInput(draft: TemplateDraft): TemplateVersionInput {
  const fieldIds = new Set(
    draft.sections.flatMap((s) => s.fields.filter((f) => !f.added).map((f) => f.id)),
  );
  const sectionIds = new Set(draft.sections.filter((s) => !s.added).map((s) => s.id));
  return {
    name: draft.name,
    sections: draft.sections.map((s) => {
      const id = s.added ? idFromLabel(s.title || 'section', sectionIds) : s.id;
      sectionIds.add(id);
      return {
        id,
        title: s.title,
        fields: s.fields.map(({ key: _key, added, ...field }) => {
          if (!added) return field;
          const fieldId = idFromLabel(field.label || 'field', fieldIds);
          fieldIds.add(fieldId);
          return { ...field, id: fieldId };
        }),
      };
    }),
  };
}

/** Human words for a field's type. */
export const FIELD_TYPE_TEXT: Record<Field['type'], string> = {
  text: 'Short text',
  textarea: 'Long text',
  select: 'One choice',
  mse: 'Mental status exam',
  risk: 'Risk assessment',
};
