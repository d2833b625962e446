/**
 * Measurement-based care (issue 18 item 6): PHQ-9 and GAD-7 scored from their answers.
 * Each item is answered 0–3 ('Not at all' … 'Nearly every day'); the total is their sum and
 * the severity band follows the published cut-offs (PHQ-9 5/10/15/20, GAD-7 5/10/15). A
 * response with any item unanswered is incomplete: it is stored, never prorated, and has no
 * total. Any non-zero answer to PHQ-9 item 9 (thoughts of self-harm) raises an alert.
 */

export const MEASURE_KEYS = ['phq9', 'gad7'] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];

export const ANSWER_CHOICES = [
  'Not at all',
  'Several days',
  'More than half the days',
  'Nearly every day',
] as const;

type Band = { from: number; label: string };

export type MeasureDefinition = {
  key: MeasureKey;
  name: string;
  /** The LOINC code of the panel and of its total score. */
  loinc: { panel: string; total: string };
  items: readonly string[];
  /** Ascending: a total belongs to the last band whose `from` it reaches. */
  bands: readonly Band[];
};

export const PHQ9: MeasureDefinition = {
  key: 'phq9',
  name: 'PHQ-9',
  loinc: { panel: '44249-1', total: '44261-6' },
  items: [
    'Little interest or pleasure in doing things',
    'Feeling down, depressed, or hopeless',
    'Trouble falling or staying asleep, or sleeping too much',
    'Feeling tired or having little energy',
    'Poor appetite or overeating',
    'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    'Trouble concentrating on things, such as reading the newspaper or watching television',
    'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
    'Thoughts that you would be better off dead or of hurting yourself in some way',
  ],
  bands: [
    { from: 0, label: 'Minimal' },
    { from: 5, label: 'Mild' },
    { from: 10, label: 'Moderate' },
    { from: 15, label: 'Moderately severe' },
    { from: 20, label: 'Severe' },
  ],
};

export const GAD7: MeasureDefinition = {
  key: 'gad7',
  name: 'GAD-7',
  loinc: { panel: '69737-5', total: '70274-6' },
  items: [
    'Feeling nervous, anxious, or on edge',
    'Not being able to stop or control worrying',
    'Worrying too much about different things',
    'Trouble relaxing',
    'Being so restless that it is hard to sit still',
    'Becoming easily annoyed or irritable',
    'Feeling afraid, as if something awful might happen',
  ],
  bands: [
    { from: 0, label: 'Minimal' },
    { from: 5, label: 'Mild' },
    { from: 10, label: 'Moderate' },
    { from: 15, label: 'Severe' },
  ],
};

export const MEASURES: Record<MeasureKey, MeasureDefinition> = { phq9: PHQ9, gad7: GAD7 };

/** The index of PHQ-9's self-harm item (item 9). */
const PHQ9_SELF_HARM_ITEM = 8;

export type MeasureScore =
  | { complete: true; total: number; severity: string; selfHarmAlert: boolean }
  | { complete: false; answered: number; selfHarmAlert: boolean };

export type ScoreProblem = { item: number; message: string };

/** Answers by item index: 0–3, or null when unanswered. */
export type MeasureAnswers = readonly (number | null)[];

/** Why the answers cannot be stored: the wrong count, or a value outside 0–3. */
export function answerProblems(
  definition: MeasureDefinition,
  answers: MeasureAnswers,
): ScoreProblem[] {
  if (answers.length !== definition.items.length) {
    return [{ item: -1, message: `${definition.name} has ${definition.items.length} items` }];
  }
  return answers.flatMap((answer, item) =>
    answer === null || (Number.isInteger(answer) && answer >= 0 && answer <= 3)
      ? []
      : [{ item, message: `Item ${item + 1} must be an answer from 0 to 3` }],
  );
}

export function severityOf(definition: MeasureDefinition, total: number): string {
  let label = definition.bands[0]?.label ?? '';
  for (const band of definition.bands) if (total >= band.from) label = band.label;
  return label;
}

/** Scores valid answers (check `answerProblems` first). */
export function scoreMeasure(definition: MeasureDefinition, answers: MeasureAnswers): MeasureScore {
  const selfHarm = definition.key === 'phq9' ? (answers[PHQ9_SELF_HARM_ITEM] ?? 0) : 0;
  const selfHarmAlert = selfHarm > 0;
  const answered = answers.filter((a) => a !== null).length;
  if (answered < definition.items.length) return { complete: false, answered, selfHarmAlert };
  const total = answers.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  return { complete: true, total, severity: severityOf(definition, total), selfHarmAlert };
}

/** Response: a drop of at least half from the first score; remission: below 5. */
export function trendOf(first: number, latest: number): { response: boolean; remission: boolean } {
  return { response: first > 0 && latest <= first / 2, remission: latest < 5 };
}
