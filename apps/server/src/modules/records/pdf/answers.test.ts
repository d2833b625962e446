import type { NoteContent, TemplateField } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';
import { answerText, NOT_ANSWERED } from './answers.ts';

const text: TemplateField = { id: 'plan', label: 'Plan', type: 'textarea' };
const mse: TemplateField = { id: 'mse', label: 'Mental status exam', type: 'mse' };
const risk: TemplateField = { id: 'risk', label: 'Risk assessment', type: 'risk' };

describe('printed answers', () => {
  it.each<[string, TemplateField, NoteContent[string] | undefined, string]>([
    ['text as written', text, 'Weekly CBT.\nReview in 4 weeks.', 'Weekly CBT.\nReview in 4 weeks.'],
    ['empty text', text, '  ', NOT_ANSWERED],
    ['missing text', text, undefined, NOT_ANSWERED],
    [
      'mse in category order',
      mse,
      { mood: 'Anxious', appearance: 'Appropriate' },
      'Appearance: Appropriate\nMood: Anxious',
    ],
    ['empty mse', mse, {}, NOT_ANSWERED],
    ['mse given as text', mse, 'All normal', NOT_ANSWERED],
    [
      'risk with the denial first',
      risk,
      { suicidal: 'None', denies: 'yes' },
      'Client denies all areas of risk\nSuicidal ideation: None',
    ],
    [
      'risk levels',
      risk,
      { selfHarm: 'Low', homicidal: 'None' },
      'Homicidal ideation: None\nSelf-harm: Low',
    ],
  ])('%s', (_name, field, value, expected) => {
    expect(answerText(field, value)).toBe(expected);
  });
});
