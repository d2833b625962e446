import type { NoteTemplateDefinition, TemplateField } from './templates.ts';

/**
 * A practice's own versions of its note templates (issue 17 item 1: "editing a template
 * never changes old notes"). A manager's edit is a new version (a new row); notes keep the
 * version they were started with. These rules are shared by the editor page and the server.
 */

export const TEMPLATE_LIMITS = {
  sections: 20,
  fieldsPerSection: 30,
  title: 120,
  options: 30,
  option: 60,
} as const;

/** Ids are the keys of a note's answers: short, plain and stable once written. */
const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

/** The practice's default when nothing else chooses (there is no setting for it yet). */
export const DEFAULT_TEMPLATE_KEY = 'soap';

export type TemplateProblem = { field: string; message: string };

export const TEMPLATE_MESSAGES = {
  noSections: 'A template needs at least one section.',
  emptySection: 'Each section needs at least one field.',
  blankTitle: 'Give it a title.',
  blankLabel: 'Give the field a label.',
  badId: 'Ids start with a letter and hold only letters, digits and underscores.',
  duplicateSection: 'Two sections have the same id.',
  duplicateField: 'Two fields have the same id (answers are kept by field id).',
  noOptions: 'A choice field needs at least one option.',
  duplicateOption: 'Each option appears once.',
  tooMany: 'That is more than a template can hold.',
} as const;

function fieldProblems(field: TemplateField, path: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (!ID_PATTERN.test(field.id))
    problems.push({ field: `${path}.id`, message: TEMPLATE_MESSAGES.badId });
  if (field.label.trim() === '')
    problems.push({ field: `${path}.label`, message: TEMPLATE_MESSAGES.blankLabel });
  if (field.type === 'select') {
    const options = field.options.map((o) => o.trim());
    if (options.length === 0 || options.some((o) => o === '')) {
      problems.push({ field: `${path}.options`, message: TEMPLATE_MESSAGES.noOptions });
    } else if (new Set(options).size !== options.length) {
      problems.push({ field: `${path}.options`, message: TEMPLATE_MESSAGES.duplicateOption });
    }
  }
  return problems;
}

/**
 * What keeps a definition from being a template: each problem names where it is, as
 * `name`, `sections.<i>.title` or `sections.<i>.fields.<j>.label`, so a form can show it there.
 */
export function templateDefinitionProblems(
  definition: Pick<NoteTemplateDefinition, 'name' | 'sections'>,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (definition.name.trim() === '')
    problems.push({ field: 'name', message: TEMPLATE_MESSAGES.blankTitle });
  if (definition.sections.length === 0) {
    problems.push({ field: 'sections', message: TEMPLATE_MESSAGES.noSections });
  }
  if (definition.sections.length > TEMPLATE_LIMITS.sections) {
    problems.push({ field: 'sections', message: TEMPLATE_MESSAGES.tooMany });
  }
  const sectionIds = new Set<string>();
  const fieldIds = new Set<string>();
  definition.sections.forEach((section, i) => {
    const path = `sections.${i}`;
    if (!ID_PATTERN.test(section.id))
      problems.push({ field: `${path}.id`, message: TEMPLATE_MESSAGES.badId });
    else if (sectionIds.has(section.id)) {
      problems.push({ field: `${path}.id`, message: TEMPLATE_MESSAGES.duplicateSection });
    }
    sectionIds.add(section.id);
    if (section.title.trim() === '')
      problems.push({ field: `${path}.title`, message: TEMPLATE_MESSAGES.blankTitle });
    if (section.fields.length === 0)
      problems.push({ field: `${path}.fields`, message: TEMPLATE_MESSAGES.emptySection });
    if (section.fields.length > TEMPLATE_LIMITS.fieldsPerSection) {
      problems.push({ field: `${path}.fields`, message: TEMPLATE_MESSAGES.tooMany });
    }
    section.fields.forEach((field, j) => {
      problems.push(...fieldProblems(field, `${path}.fields.${j}`));
      if (fieldIds.has(field.id)) {
        problems.push({
          field: `${path}.fields.${j}.id`,
          message: TEMPLATE_MESSAGES.duplicateField,
        });
      }
      fieldIds.add(field.id);
    });
  });
  return problems;
}

/**
 * An id for a new field or section from its label ("Homework given" → "homeworkGiven"),
 * made unique against the ids already taken by adding a number.
 */
export function idFromLabel(label: string, taken: ReadonlySet<string>): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const joined = words
    .map((w, i) =>
      i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
    )
    .join('');
  const base = (/^[A-Za-z]/.test(joined) ? joined : `field${joined}`).slice(0, 50);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/**
 * The template a new note starts with when the therapist does not choose: the one written
 * for the session's service (an intake for 90791), else the therapist's last, else the
 * practice's default (SOAP), else the first there is. Null when there is none at all.
 */
export function suggestedTemplateKey(
  available: readonly Pick<NoteTemplateDefinition, 'key' | 'cptCode'>[],
  session: { cptCode: string | null; therapistsLastKey: string | null },
): string | null {
  const has = (key: string | null) => key !== null && available.some((t) => t.key === key);
  const forService = available.find(
    (t) => session.cptCode !== null && t.cptCode === session.cptCode,
  );
  if (forService) return forService.key;
  if (has(session.therapistsLastKey)) return session.therapistsLastKey;
  if (has(DEFAULT_TEMPLATE_KEY)) return DEFAULT_TEMPLATE_KEY;
  return available[0]?.key ?? null;
}
