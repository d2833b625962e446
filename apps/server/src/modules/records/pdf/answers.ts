import {
  DENIES_ALL_RISK_LABEL,
  MSE_CATEGORIES,
  RISK_AREAS,
  type NoteContent,
  type TemplateField,
} from '@openpractice/domain';

/** What a printed field says when the note left it empty. */
export const NOT_ANSWERED = 'Not answered';

const choicesOf = (value: NoteContent[string] | undefined): Record<string, string> =>
  typeof value === 'object' ? value : {};

/** One line per category of a mental status exam, in the template's order. */
function mseLines(value: NoteContent[string] | undefined): string[] {
  const choices = choicesOf(value);
  return MSE_CATEGORIES.filter((c) => (choices[c.id] ?? '').trim() !== '').map(
    (c) => `${c.label}: ${choices[c.id] ?? ''}`,
  );
}

/** The denial first when recorded, then each area's level. */
function riskLines(value: NoteContent[string] | undefined): string[] {
  const choices = choicesOf(value);
  const areas = RISK_AREAS.filter((a) => (choices[a.id] ?? '').trim() !== '').map(
    (a) => `${a.label}: ${choices[a.id] ?? ''}`,
  );
  return choices.denies === 'yes' ? [DENIES_ALL_RISK_LABEL, ...areas] : areas;
}

/** A field's answer as printed text (lines joined by line breaks). */
export function answerText(field: TemplateField, value: NoteContent[string] | undefined): string {
  let lines: string[];
  switch (field.type) {
    case 'mse':
      lines = mseLines(value);
      break;
    case 'risk':
      lines = riskLines(value);
      break;
    case 'text':
    case 'textarea':
    case 'select':
      lines =
        typeof value === 'string'
          ? [value]
          : Object.entries(choicesOf(value)).map(([k, v]) => `${k}: ${v}`);
      break;
  }
  const text = lines.join('\n').trim();
  return text === '' ? NOT_ANSWERED : text;
}
