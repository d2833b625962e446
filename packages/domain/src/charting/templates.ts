/**
 * Note templates as data (issue 17 item 1): each is a versioned definition that one
 * form renderer draws, and a note keeps the version it was written with, so changing
 * a template never changes an old note. The shipped templates are SOAP, DAP, BIRP and
 * an intake assessment (90791); a practice's own templates take the same shape.
 */

export type TemplateField =
  | { id: string; label: string; type: 'text' | 'textarea'; required?: boolean; maxLength?: number }
  | { id: string; label: string; type: 'select'; options: readonly string[]; required?: boolean }
  /** A mental status exam: one choice per category, with 'All normal'. */
  | { id: string; label: string; type: 'mse'; required?: boolean }
  /** A risk assessment: a level per area, with 'Client denies all areas of risk'. */
  | { id: string; label: string; type: 'risk'; required?: boolean };

export type TemplateSection = { id: string; title: string; fields: readonly TemplateField[] };

export type NoteTemplateDefinition = {
  key: string;
  version: number;
  name: string;
  /** The service the template is written for, when it is one (an intake is 90791). */
  cptCode: string | null;
  sections: readonly TemplateSection[];
};

/** Mental status exam categories; the first choice of each is the normal finding. */
export const MSE_CATEGORIES: readonly { id: string; label: string; choices: readonly string[] }[] =
  [
    {
      id: 'appearance',
      label: 'Appearance',
      choices: ['Appropriate', 'Disheveled', 'Bizarre', 'Inappropriate'],
    },
    {
      id: 'behavior',
      label: 'Behavior',
      choices: ['Cooperative', 'Guarded', 'Agitated', 'Withdrawn'],
    },
    { id: 'speech', label: 'Speech', choices: ['Normal', 'Pressured', 'Slowed', 'Loud', 'Soft'] },
    {
      id: 'mood',
      label: 'Mood',
      choices: ['Euthymic', 'Depressed', 'Anxious', 'Irritable', 'Elevated'],
    },
    {
      id: 'affect',
      label: 'Affect',
      choices: ['Congruent', 'Flat', 'Blunted', 'Labile', 'Incongruent'],
    },
    {
      id: 'thoughtProcess',
      label: 'Thought process',
      choices: ['Logical', 'Tangential', 'Circumstantial', 'Disorganized'],
    },
    {
      id: 'thoughtContent',
      label: 'Thought content',
      choices: ['Appropriate', 'Obsessions', 'Delusions', 'Preoccupied'],
    },
    {
      id: 'perception',
      label: 'Perception',
      choices: ['No disturbance', 'Auditory hallucinations', 'Visual hallucinations'],
    },
    {
      id: 'orientation',
      label: 'Orientation',
      choices: ['Oriented x3', 'Partially oriented', 'Disoriented'],
    },
    { id: 'insight', label: 'Insight', choices: ['Good', 'Fair', 'Poor'] },
    { id: 'judgment', label: 'Judgment', choices: ['Good', 'Fair', 'Poor'] },
  ];

export const RISK_AREAS: readonly { id: string; label: string }[] = [
  { id: 'suicidal', label: 'Suicidal ideation' },
  { id: 'homicidal', label: 'Homicidal ideation' },
  { id: 'selfHarm', label: 'Self-harm' },
  { id: 'abuse', label: 'Abuse or neglect' },
  { id: 'substance', label: 'Substance use' },
];
export const RISK_LEVELS = ['None', 'Low', 'Medium', 'High'] as const;
export const ALL_NORMAL_LABEL = 'All normal';
export const DENIES_ALL_RISK_LABEL = 'Client denies all areas of risk';

/** The normal finding of every category, as 'All normal' fills it in. */
export function allNormalMse(): Record<string, string> {
  return Object.fromEntries(MSE_CATEGORIES.map((c) => [c.id, c.choices[0] ?? '']));
}

/** Every area at 'None', with the denial recorded. */
export function deniesAllRisk(): Record<string, string> {
  return { ...Object.fromEntries(RISK_AREAS.map((a) => [a.id, 'None'])), denies: 'yes' };
}

const mse: TemplateField = { id: 'mse', label: 'Mental status exam', type: 'mse', required: true };
const risk: TemplateField = { id: 'risk', label: 'Risk assessment', type: 'risk', required: true };
const text = (id: string, label: string, required = true): TemplateField => ({
  id,
  label,
  type: 'textarea',
  required,
  maxLength: 20_000,
});

export const SHIPPED_TEMPLATES: readonly NoteTemplateDefinition[] = [
  {
    key: 'soap',
    version: 1,
    name: 'SOAP progress note',
    cptCode: null,
    sections: [
      { id: 'subjective', title: 'Subjective', fields: [text('subjective', 'Subjective')] },
      { id: 'objective', title: 'Objective', fields: [text('objective', 'Objective'), mse] },
      { id: 'assessment', title: 'Assessment', fields: [text('assessment', 'Assessment'), risk] },
      { id: 'plan', title: 'Plan', fields: [text('plan', 'Plan')] },
    ],
  },
  {
    key: 'dap',
    version: 1,
    name: 'DAP progress note',
    cptCode: null,
    sections: [
      { id: 'data', title: 'Data', fields: [text('data', 'Data'), mse] },
      { id: 'assessment', title: 'Assessment', fields: [text('assessment', 'Assessment'), risk] },
      { id: 'plan', title: 'Plan', fields: [text('plan', 'Plan')] },
    ],
  },
  {
    key: 'birp',
    version: 1,
    name: 'BIRP progress note',
    cptCode: null,
    sections: [
      { id: 'behavior', title: 'Behavior', fields: [text('behavior', 'Behavior'), mse] },
      { id: 'intervention', title: 'Intervention', fields: [text('intervention', 'Intervention')] },
      { id: 'response', title: 'Response', fields: [text('response', 'Response'), risk] },
      { id: 'plan', title: 'Plan', fields: [text('plan', 'Plan')] },
    ],
  },
  {
    key: 'intake',
    version: 1,
    name: 'Intake assessment',
    cptCode: '90791',
    sections: [
      {
        id: 'presenting',
        title: 'Presenting problem',
        fields: [
          text('presentingProblem', 'Presenting problem'),
          text('history', 'History of the problem'),
        ],
      },
      {
        id: 'background',
        title: 'Background',
        fields: [
          text('psychiatricHistory', 'Psychiatric and treatment history', false),
          text('medicalHistory', 'Medical history and medications', false),
          text('socialHistory', 'Family and social history', false),
          text('substanceUse', 'Substance use', false),
        ],
      },
      { id: 'status', title: 'Mental status and risk', fields: [mse, risk] },
      {
        id: 'formulation',
        title: 'Formulation and plan',
        fields: [
          text('formulation', 'Clinical formulation'),
          text('plan', 'Treatment recommendations'),
        ],
      },
    ],
  },
];

export type NoteContent = Record<string, string | Record<string, string>>;
export type ContentProblem = { field: string; message: string };

function isFilled(field: TemplateField, value: NoteContent[string] | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (field.type === 'mse') return MSE_CATEGORIES.every((c) => (value[c.id] ?? '') !== '');
  if (field.type === 'risk') return RISK_AREAS.every((a) => (value[a.id] ?? '') !== '');
  return Object.keys(value).length > 0;
}

function shapeProblem(field: TemplateField, value: NoteContent[string]): string | null {
  const wantsText = field.type === 'text' || field.type === 'textarea' || field.type === 'select';
  if (wantsText !== (typeof value === 'string')) return 'has the wrong shape';
  if (typeof value === 'string') {
    if (
      (field.type === 'text' || field.type === 'textarea') &&
      value.length > (field.maxLength ?? 2000)
    ) {
      return `must be at most ${field.maxLength ?? 2000} characters`;
    }
    if (field.type === 'select' && value !== '' && !field.options.includes(value)) {
      return 'is not one of the choices';
    }
    return null;
  }
  const allowed =
    field.type === 'mse'
      ? new Map(MSE_CATEGORIES.map((c) => [c.id, c.choices]))
      : new Map<string, readonly string[]>([
          ...RISK_AREAS.map((a) => [a.id, RISK_LEVELS] as const),
          ['denies', ['yes', '']],
        ]);
  for (const [key, choice] of Object.entries(value)) {
    const choices = allowed.get(key);
    if (!choices || (choice !== '' && !choices.includes(choice))) return 'holds an unknown choice';
  }
  return null;
}

/**
 * What is wrong with a note's content for its template: unknown fields and wrong shapes
 * always (a draft too), and missing required answers when it is being signed.
 */
export function contentProblems(
  template: NoteTemplateDefinition,
  content: NoteContent,
  forSigning: boolean,
): ContentProblem[] {
  const fields = new Map(template.sections.flatMap((s) => s.fields).map((f) => [f.id, f]));
  const problems: ContentProblem[] = [];
  for (const [id, value] of Object.entries(content)) {
    const field = fields.get(id);
    if (!field) problems.push({ field: id, message: `${id} is not part of this template` });
    else {
      const problem = shapeProblem(field, value);
      if (problem) problems.push({ field: id, message: `${field.label} ${problem}` });
    }
  }
  if (forSigning) {
    for (const field of fields.values()) {
      if (field.required && !isFilled(field, content[field.id])) {
        problems.push({ field: field.id, message: `${field.label} is required before signing` });
      }
    }
  }
  return problems;
}

/**
 * The canonical text of a note, for its signature hash: keys sorted at every level,
 * so the same content always hashes the same whatever order it was typed in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
