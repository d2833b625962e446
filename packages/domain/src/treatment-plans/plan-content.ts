/**
 * What a treatment plan holds (issue 18 item 5) and its templates: a template lists the
 * plan's sections in order with the practice's own titles and help, and says which must
 * be filled before the therapist may sign. The sections themselves are a fixed set, so a
 * plan written from any template reads the same on every page, in print and in the portal.
 */

export const PLAN_SECTION_KEYS = [
  'diagnoses',
  'presentingProblem',
  'strengths',
  'goals',
  'interventions',
  'frequency',
  'dischargeCriteria',
] as const;
export type PlanSectionKey = (typeof PLAN_SECTION_KEYS)[number];

/** Sections every template carries, always required: a plan without them is no plan. */
export const ESSENTIAL_SECTIONS: readonly PlanSectionKey[] = ['diagnoses', 'goals'];

export const PLAN_LIMITS = {
  diagnoses: 12,
  goals: 10,
  objectivesPerGoal: 10,
  text: 20_000,
  goalText: 2_000,
  sectionTitle: 120,
  sectionHelp: 500,
  templateName: 120,
  comment: 4_000,
} as const;

export type PlanSection = { key: PlanSectionKey; title: string; help: string; required: boolean };
export type PlanTemplateDefinition = { sections: PlanSection[] };

export type PlanObjective = { id: string; text: string; targetDate: string | null };
export type PlanGoal = { id: string; text: string; objectives: PlanObjective[] };
export type PlanContent = {
  diagnoses: string[];
  presentingProblem: string;
  strengths: string;
  goals: PlanGoal[];
  interventions: string;
  frequency: string;
  dischargeCriteria: string;
};

export const EMPTY_PLAN_CONTENT: PlanContent = {
  diagnoses: [],
  presentingProblem: '',
  strengths: '',
  goals: [],
  interventions: '',
  frequency: '',
  dischargeCriteria: '',
};

export const SHIPPED_PLAN_TEMPLATE = {
  key: 'standard',
  name: 'Standard treatment plan',
  definition: {
    sections: [
      {
        key: 'diagnoses',
        title: 'Diagnosis',
        help: 'ICD-10-CM codes, primary first.',
        required: true,
      },
      {
        key: 'presentingProblem',
        title: 'Presenting problem',
        help: 'What brings the client to treatment, in their words and yours.',
        required: true,
      },
      {
        key: 'strengths',
        title: 'Strengths',
        help: 'What the client brings that will help.',
        required: false,
      },
      {
        key: 'goals',
        title: 'Long-term goals and measurable objectives',
        help: 'Each objective measurable, with a target date.',
        required: true,
      },
      {
        key: 'interventions',
        title: 'Interventions',
        help: 'Modalities and techniques you will use.',
        required: true,
      },
      {
        key: 'frequency',
        title: 'Frequency',
        help: 'How often sessions will be held, e.g. weekly 53-minute sessions.',
        required: true,
      },
      {
        key: 'dischargeCriteria',
        title: 'Discharge criteria',
        help: 'When treatment will be complete.',
        required: true,
      },
    ],
  } satisfies PlanTemplateDefinition,
} as const;

/**
 * Why a stored template cannot be shown (the `unsupported` list), or [] when it can:
 * sections this version does not know, a section twice, an essential one missing.
 */
export function templateProblems(definition: unknown): string[] {
  const sections = (definition as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(sections)) return ['It has no list of sections.'];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const section of sections as { key?: unknown }[]) {
    const key = typeof section.key === 'string' ? section.key : '';
    if (!(PLAN_SECTION_KEYS as readonly string[]).includes(key)) {
      problems.push(`The section '${key || '(unnamed)'}' is not one this version can show.`);
    } else if (seen.has(key)) {
      problems.push(`The section '${key}' appears twice.`);
    }
    seen.add(key);
  }
  for (const key of ESSENTIAL_SECTIONS) {
    if (!seen.has(key)) problems.push(`The section '${key}' is missing; every plan needs it.`);
  }
  return problems;
}

export type PlanProblem = { field: string; message: string };

const blank = (s: string) => s.trim() === '';

/**
 * What must be filled before the therapist signs, per the plan's template: each
 * required section, and for goals every goal's text and at least one objective, each
 * with its text and a target date (measurable objectives have a date to measure by).
 */
export function planProblems(
  definition: PlanTemplateDefinition,
  content: PlanContent,
): PlanProblem[] {
  const problems: PlanProblem[] = [];
  for (const section of definition.sections) {
    const required = section.required || ESSENTIAL_SECTIONS.includes(section.key);
    const field = `content.${section.key}`;
    const missing = `${section.title} is required before signing.`;
    switch (section.key) {
      case 'diagnoses':
        if (required && content.diagnoses.length === 0) problems.push({ field, message: missing });
        break;
      case 'goals':
        if (required && content.goals.length === 0) problems.push({ field, message: missing });
        problems.push(...goalProblems(content.goals));
        break;
      case 'presentingProblem':
      case 'strengths':
      case 'interventions':
      case 'frequency':
      case 'dischargeCriteria':
        if (required && blank(content[section.key])) problems.push({ field, message: missing });
        break;
    }
  }
  return problems;
}

function goalProblems(goals: readonly PlanGoal[]): PlanProblem[] {
  const problems: PlanProblem[] = [];
  goals.forEach((goal, g) => {
    const at = `content.goals.${g}`;
    if (blank(goal.text))
      problems.push({ field: `${at}.text`, message: `Goal ${g + 1} needs its text.` });
    if (goal.objectives.length === 0) {
      problems.push({
        field: `${at}.objectives`,
        message: `Goal ${g + 1} needs at least one measurable objective.`,
      });
    }
    goal.objectives.forEach((objective, o) => {
      const name = `Objective ${g + 1}.${o + 1}`;
      if (blank(objective.text)) {
        problems.push({ field: `${at}.objectives.${o}.text`, message: `${name} needs its text.` });
      }
      if (!objective.targetDate) {
        problems.push({
          field: `${at}.objectives.${o}.targetDate`,
          message: `${name} needs a target date.`,
        });
      }
    });
  });
  return problems;
}
