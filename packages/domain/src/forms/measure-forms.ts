import {
  ANSWER_CHOICES,
  GAD7,
  MEASURES,
  PHQ9,
  scoreMeasure,
  type MeasureDefinition,
  type MeasureKey,
  type MeasureScore,
} from '../measures/scoring.ts';
import { LOINC_SYSTEM, type FormAnswers, type Questionnaire } from './questionnaire.ts';

/**
 * PHQ-9 and GAD-7 as forms (issue 18 item 6): built from the measures' own item lists so the
 * questions and the scoring can never disagree. Each item is a choice of the four standard
 * answers with codes and scores 0–3; linkIds are `phq9-1` … `phq9-9`, `gad7-1` … `gad7-7`.
 * The practice may add them but not edit them (they are locked: a changed wording is no
 * longer the validated instrument).
 */

const STEM = {
  phq9: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  gad7: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
} as const;

export const linkIdOf = (key: MeasureKey, index: number) => `${key}-${index + 1}`;

function measureQuestionnaire(definition: MeasureDefinition): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    title: definition.name,
    code: [{ system: LOINC_SYSTEM, code: definition.loinc.panel, display: definition.name }],
    item: [
      { linkId: `${definition.key}-stem`, type: 'display', text: STEM[definition.key] },
      ...definition.items.map((text, index) => ({
        linkId: linkIdOf(definition.key, index),
        text,
        type: 'choice' as const,
        required: true,
        answerOption: ANSWER_CHOICES.map((display, score) => ({
          valueCoding: { code: String(score), display },
          score,
        })),
      })),
    ],
  };
}

export const PHQ9_QUESTIONNAIRE = measureQuestionnaire(PHQ9);
export const GAD7_QUESTIONNAIRE = measureQuestionnaire(GAD7);

/** The measure a questionnaire is, by its LOINC panel code; null for any other form. */
export function measureOfQuestionnaire(questionnaire: Questionnaire): MeasureKey | null {
  const codes = (questionnaire.code ?? []).map((c) => c.code);
  for (const key of Object.keys(MEASURES) as MeasureKey[])
    if (codes.includes(MEASURES[key].loinc.panel)) return key;
  return null;
}

/**
 * Scores a measure's answers: each item's answer code is its score; an unanswered (or
 * unknown) item leaves the response incomplete, which is never prorated.
 */
export function scoreMeasureAnswers(key: MeasureKey, answers: FormAnswers): MeasureScore {
  const definition = MEASURES[key];
  const values = definition.items.map((_, index) => {
    const answer = answers[linkIdOf(key, index)];
    const code = Array.isArray(answer) ? answer[0] : answer;
    return typeof code === 'string' && /^[0-3]$/.test(code) ? Number(code) : null;
  });
  return scoreMeasure(definition, values);
}

/** How often a client is given a measure (issue 18 item 6). */
export const MEASURE_FREQUENCIES = [
  'once',
  'every_appointment',
  'every_other_appointment',
] as const;
export type MeasureFrequency = (typeof MEASURE_FREQUENCIES)[number];

export const MEASURE_FREQUENCY_LABELS: Record<MeasureFrequency, string> = {
  once: 'Once',
  every_appointment: 'Before every appointment',
  every_other_appointment: 'Before every other appointment',
};

/**
 * Whether the measure is due before the client's `nth` appointment since the schedule began
 * (counting from 0); `given` is how many times it was already given under this schedule.
 */
export function measureDue(frequency: MeasureFrequency, nth: number, given: number): boolean {
  if (frequency === 'once') return given === 0;
  if (frequency === 'every_appointment') return true;
  return nth % 2 === 0;
}
