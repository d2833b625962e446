import { describe, expect, it } from 'vitest';
import { parse271 } from './eligibility-271.ts';
import {
  eligibilityWarnings,
  type ConfirmedBenefits,
  type EligibilityWarningCode,
} from './eligibility-warnings.ts';
import { ACTIVE_COMMERCIAL_271 } from './fixtures/responses-271.ts';

const TODAY = '2026-06-15';

/** An active plan for this year: $30 copay, 20 % coinsurance, $1,500 deductible. */
const answer = (
  changes: Partial<{
    coverage: 'active' | 'inactive' | 'unknown';
    planBegin: string | null;
    planEnd: string | null;
    copayCents: number | null;
    coinsurancePercent: number | null;
    deductibleCents: number | null;
  }> = {},
) => ({
  coverage: changes.coverage ?? 'active',
  planBegin: changes.planBegin === undefined ? '2026-01-01' : changes.planBegin,
  planEnd: changes.planEnd === undefined ? '2026-12-31' : changes.planEnd,
  summary: {
    copayCents: changes.copayCents === undefined ? 3000 : changes.copayCents,
    coinsurancePercent: changes.coinsurancePercent === undefined ? 20 : changes.coinsurancePercent,
    deductibleCents: changes.deductibleCents === undefined ? 150000 : changes.deductibleCents,
  },
});

const confirmed = (changes: Partial<ConfirmedBenefits> = {}): ConfirmedBenefits => ({
  authDate: '2026-03-02',
  copayCents: 3000,
  coinsurancePercent: 20,
  deductibleCents: 150000,
  ...changes,
});

describe('eligibilityWarnings', () => {
  it.each<[string, ReturnType<typeof answer>, ConfirmedBenefits | null, EligibilityWarningCode[]]>([
    ['a current plan agreeing with the confirmation', answer(), confirmed(), []],
    ['a current plan and no confirmation', answer(), null, []],
    ['plan ended yesterday', answer({ planEnd: '2026-06-14' }), null, ['planEnded']],
    ['plan ends today (still covered)', answer({ planEnd: TODAY }), null, []],
    ['plan begins tomorrow', answer({ planBegin: '2026-06-16' }), null, ['planNotStarted']],
    ['plan began today', answer({ planBegin: TODAY }), null, []],
    ['no plan dates', answer({ planBegin: null, planEnd: null }), null, []],
    [
      'unknown coverage, ended plan',
      answer({ coverage: 'unknown', planEnd: '2025-12-31' }),
      null,
      ['planEnded'],
    ],
    [
      'inactive coverage says it already',
      answer({ coverage: 'inactive', planEnd: '2025-12-31', copayCents: 1 }),
      confirmed(),
      [],
    ],
    ['copay differs', answer(), confirmed({ copayCents: 4000 }), ['copayDiffers']],
    [
      'coinsurance differs',
      answer(),
      confirmed({ coinsurancePercent: 30 }),
      ['coinsuranceDiffers'],
    ],
    ['deductible differs', answer(), confirmed({ deductibleCents: 100000 }), ['deductibleDiffers']],
    ['a fraction of a point is the same', answer({ coinsurancePercent: 20.001 }), confirmed(), []],
    [
      'the payer leaves the copay out',
      answer({ copayCents: null }),
      confirmed({ copayCents: 4000 }),
      [],
    ],
    ['the confirmation leaves the copay out', answer(), confirmed({ copayCents: null }), []],
    [
      'a zero copay confirmed against $30',
      answer(),
      confirmed({ copayCents: 0 }),
      ['copayDiffers'],
    ],
    [
      'everything at once, plan dates first',
      answer({ planEnd: '2026-01-31' }),
      confirmed({ copayCents: 1, coinsurancePercent: 1, deductibleCents: 1 }),
      ['planEnded', 'copayDiffers', 'coinsuranceDiffers', 'deductibleDiffers'],
    ],
  ])('%s', (_name, given, confirmation, codes) => {
    expect(eligibilityWarnings(given, confirmation, TODAY).map((w) => w.code)).toEqual(codes);
  });

  it('says what differs, with both values and the day of the confirmation', () => {
    const warnings = eligibilityWarnings(
      answer({ planEnd: '2024-12-31' }),
      confirmed({ copayCents: 4000, coinsurancePercent: 25 }),
      TODAY,
    );
    expect(warnings).toEqual([
      {
        code: 'planEnded',
        label: 'Plan ended 12/31/2024',
        message:
          "The payer says the plan ended on 12/31/2024. Confirm the client's current coverage before relying on this answer.",
      },
      {
        code: 'copayDiffers',
        label: 'Copay differs',
        message:
          'Copay: the payer says $30.00; the benefits confirmation of 03/02/2026 says $40.00.',
      },
      {
        code: 'coinsuranceDiffers',
        label: 'Coinsurance differs',
        message:
          'Coinsurance: the payer says 20%; the benefits confirmation of 03/02/2026 says 25%.',
      },
    ]);
  });

  it('reads a parsed 271 as it is stored', () => {
    // The fixture's plan is 2024; checked in 2026 it has ended.
    const parsed = parse271(ACTIVE_COMMERCIAL_271);
    expect(eligibilityWarnings(parsed, null, TODAY).map((w) => w.label)).toEqual([
      'Plan ended 12/31/2024',
    ]);
    expect(eligibilityWarnings(parsed, null, '2024-06-15')).toEqual([]);
  });
});
