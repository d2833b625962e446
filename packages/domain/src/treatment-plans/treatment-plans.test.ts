import { describe, expect, it } from 'vitest';
import {
  EMPTY_PLAN_CONTENT,
  SHIPPED_PLAN_TEMPLATE,
  currentGoalProgress,
  defaultReviewDate,
  expiringCutoff,
  isPlanExpiring,
  planProblems,
  planStateOf,
  reviewStatusOf,
  templateProblems,
  typedNameMatches,
  type PlanContent,
  type PlanSignatures,
} from './index.ts';

const sig = (s: Partial<PlanSignatures>): PlanSignatures => ({
  therapistSigned: false,
  supervisorRequired: false,
  supervisorSigned: false,
  clientSigned: false,
  ...s,
});

describe('planStateOf', () => {
  it.each([
    [sig({}), 'draft'],
    [sig({ clientSigned: true }), 'draft'],
    [sig({ therapistSigned: true }), 'awaiting_client'],
    [sig({ therapistSigned: true, supervisorRequired: true }), 'awaiting_supervisor'],
    [
      sig({ therapistSigned: true, supervisorRequired: true, supervisorSigned: true }),
      'awaiting_client',
    ],
    [
      sig({ therapistSigned: true, supervisorRequired: true, clientSigned: true }),
      'awaiting_supervisor',
    ],
    [sig({ therapistSigned: true, clientSigned: true }), 'signed'],
    [
      sig({
        therapistSigned: true,
        supervisorRequired: true,
        supervisorSigned: true,
        clientSigned: true,
      }),
      'signed',
    ],
  ] as const)('%o is %s', (signatures, state) => {
    expect(planStateOf(signatures)).toBe(state);
  });
});

describe('review dates', () => {
  it.each([
    ['2026-01-01', '2026-04-01'],
    ['2026-11-27', '2027-02-25'],
    ['2028-02-28', '2028-05-28'],
  ])('a plan started %s is reviewed on %s (90 days)', (today, review) => {
    expect(defaultReviewDate(today)).toBe(review);
  });

  it.each([
    ['2026-11-26', 'past', true],
    ['2026-11-27', 'due_soon', true],
    ['2026-12-11', 'due_soon', true],
    ['2026-12-12', 'current', false],
    ['2025-01-01', 'past', true],
  ] as const)('review on %s, today 2026-11-27: %s', (review, status, expiring) => {
    expect(reviewStatusOf(review, '2026-11-27')).toBe(status);
    expect(isPlanExpiring(review, '2026-11-27')).toBe(expiring);
  });

  it('the expiring list takes review dates up to 14 days ahead', () => {
    expect(expiringCutoff('2026-12-25')).toBe('2027-01-08');
  });
});

describe('goal progress', () => {
  it.each([
    [[], 'in_progress'],
    [[{ progress: 'improving', at: '2026-01-02T00:00:00Z' }], 'improving'],
    [
      [
        { progress: 'achieved', at: '2026-03-01T00:00:00Z' },
        { progress: 'worsening', at: '2026-02-01T00:00:00Z' },
      ],
      'achieved',
    ],
  ] as const)('%o → %s', (recorded, progress) => {
    expect(currentGoalProgress(recorded)).toBe(progress);
  });
});

describe('typedNameMatches', () => {
  const record = { firstName: 'Casey', lastName: 'Client' };
  it.each([
    ['Casey Client', true],
    ['  casey   CLIENT ', true],
    ['Casey', false],
    ['', false],
    ['Someone Else', false],
  ])('%j → %s', (typed, ok) => {
    expect(typedNameMatches(typed, record)).toBe(ok);
  });
});

const complete: PlanContent = {
  diagnoses: ['F41.1'],
  presentingProblem: 'Worry most days.',
  strengths: '',
  goals: [
    {
      id: 'g1',
      text: 'Less worry',
      objectives: [{ id: 'o1', text: 'GAD-7 under 5', targetDate: '2027-01-01' }],
    },
  ],
  interventions: 'CBT',
  frequency: 'Weekly',
  dischargeCriteria: 'GAD-7 under 5 for a month.',
};
const shipped = SHIPPED_PLAN_TEMPLATE.definition;

describe('planProblems (before signing)', () => {
  it('a complete plan has none (strengths are optional in the shipped template)', () => {
    expect(planProblems(shipped, complete)).toEqual([]);
  });

  it.each([
    [{ diagnoses: [] }, 'content.diagnoses'],
    [{ presentingProblem: '  ' }, 'content.presentingProblem'],
    [{ goals: [] }, 'content.goals'],
    [{ interventions: '' }, 'content.interventions'],
    [{ frequency: '' }, 'content.frequency'],
    [{ dischargeCriteria: '' }, 'content.dischargeCriteria'],
    [
      {
        goals: [
          { id: 'g', text: '', objectives: [{ id: 'o', text: 'x', targetDate: '2027-01-01' }] },
        ],
      },
      'content.goals.0.text',
    ],
    [{ goals: [{ id: 'g', text: 'x', objectives: [] }] }, 'content.goals.0.objectives'],
    [
      { goals: [{ id: 'g', text: 'x', objectives: [{ id: 'o', text: 'x', targetDate: null }] }] },
      'content.goals.0.objectives.0.targetDate',
    ],
    [
      {
        goals: [
          { id: 'g', text: 'x', objectives: [{ id: 'o', text: '', targetDate: '2027-01-01' }] },
        ],
      },
      'content.goals.0.objectives.0.text',
    ],
  ] as const)('%o names %s', (change, field) => {
    const problems = planProblems(shipped, { ...complete, ...change } as PlanContent);
    expect(problems.map((p) => p.field)).toEqual([field]);
  });

  it('an empty plan lists every required section', () => {
    expect(planProblems(shipped, EMPTY_PLAN_CONTENT)).toHaveLength(6);
  });

  it('diagnoses and goals stay required even where a template says not', () => {
    const loose = { sections: shipped.sections.map((s) => ({ ...s, required: false })) };
    expect(planProblems(loose, EMPTY_PLAN_CONTENT).map((p) => p.field)).toEqual([
      'content.diagnoses',
      'content.goals',
    ]);
  });
});

describe('templateProblems (the unsupported list)', () => {
  it.each([
    [shipped, []],
    [null, ['It has no list of sections.']],
    [
      { sections: [{ key: 'goals' }] },
      ["The section 'diagnoses' is missing; every plan needs it."],
    ],
    [
      { sections: [{ key: 'diagnoses' }, { key: 'goals' }, { key: 'goals' }] },
      ["The section 'goals' appears twice."],
    ],
    [
      { sections: [{ key: 'diagnoses' }, { key: 'goals' }, { key: 'risk' }] },
      ["The section 'risk' is not one this version can show."],
    ],
  ] as const)('%j → %j', (definition, problems) => {
    expect(templateProblems(definition)).toEqual(problems);
  });
});
