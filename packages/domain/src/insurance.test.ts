import { describe, expect, it } from 'vitest';
import {
  autoClaimProblem,
  confirmationProblems,
  conversionChanges,
  convertedType,
  currentPolicyOfType,
  defaultInsurance,
  policiesReplacedBy,
  policyProblems,
  preAuthProblems,
  shortPayerLabel,
  usualFeeProblem,
  type ConfirmationInput,
  type PolicyInput,
  type PreAuthInput,
  isPolicyActive,
  isPolicyVerified,
  isPracticeInsuranceActive,
  payerLabel,
  sortByAuthDateNewestFirst,
  sortPolicies,
  type InsurancePolicy,
  type PracticeInsurance,
} from './insurance.ts';

const TODAY = '2024-06-15';

describe('isPolicyActive', () => {
  it.each<[string | null | undefined, string | Date, boolean]>([
    [null, TODAY, true],
    [undefined, TODAY, true],
    ['', TODAY, true],
    ['2024-06-16', TODAY, true],
    ['2024-06-15', TODAY, true],
    ['2024-06-15', new Date(2024, 5, 15, 23, 59), true],
    ['2024-06-14', TODAY, false],
    ['2020-01-01', TODAY, false],
  ])('end %j on %j -> %s', (endDate, now, expected) => {
    expect(isPolicyActive({ endDate }, now)).toBe(expected);
  });
});

describe('isPolicyVerified', () => {
  it.each<[number | string | null | undefined, boolean]>([
    [17, true],
    ['17', true],
    [null, false],
    [undefined, false],
    ['', false],
  ])('companyId %j -> %s', (companyId, expected) => {
    expect(isPolicyVerified({ companyId })).toBe(expected);
  });
});

const policy = (insuranceId: number, fields: Partial<InsurancePolicy> = {}): InsurancePolicy => ({
  insuranceId,
  insuranceType: 'PRIMARY',
  ...fields,
});

describe('sortPolicies', () => {
  it.each<[string, InsurancePolicy[], number[]]>([
    ['current first', [policy(1, { isCurrent: false }), policy(2, { isCurrent: true })], [2, 1]],
    [
      'then end date newest first, open-ended first',
      [
        policy(1, { endDate: '2022-12-31' }),
        policy(2, { endDate: null }),
        policy(3, { endDate: '2023-12-31' }),
      ],
      [2, 3, 1],
    ],
    [
      'then start date newest first',
      [
        policy(1, { endDate: '2023-12-31', startDate: '2021-01-01' }),
        policy(2, { endDate: '2023-12-31', startDate: '2023-01-01' }),
        policy(3, { endDate: '2023-12-31', startDate: '2022-01-01' }),
      ],
      [2, 3, 1],
    ],
    [
      'current outranks a later end date',
      [policy(1, { endDate: null }), policy(2, { isCurrent: true, endDate: '2020-01-01' })],
      [2, 1],
    ],
    [
      'equal policies keep their order',
      [policy(1, { isCurrent: true }), policy(2, { isCurrent: true })],
      [1, 2],
    ],
  ])('%s', (_label, policies, expectedIds) => {
    expect(sortPolicies(policies).map((p) => p.insuranceId)).toEqual(expectedIds);
  });

  it('does not change its input', () => {
    const policies = [policy(1), policy(2, { isCurrent: true })];
    sortPolicies(policies);
    expect(policies.map((p) => p.insuranceId)).toEqual([1, 2]);
  });
});

describe('sortByAuthDateNewestFirst', () => {
  it.each<[string, (string | null)[], (string | null)[]]>([
    [
      'newest first',
      ['2024-01-01', '2024-03-01', '2024-02-01'],
      ['2024-03-01', '2024-02-01', '2024-01-01'],
    ],
    ['undated last', [null, '2023-01-01', '2024-01-01'], ['2024-01-01', '2023-01-01', null]],
    ['already sorted', ['2024-02-01', '2024-01-01'], ['2024-02-01', '2024-01-01']],
  ])('%s', (_label, dates, expected) => {
    const records = dates.map((authDate) => ({ authDate }));
    expect(sortByAuthDateNewestFirst(records).map((r) => r.authDate)).toEqual(expected);
  });
});

describe('defaultInsurance', () => {
  it.each<[string, InsurancePolicy[], number | null]>([
    ['no policies', [], null],
    [
      'primary over secondary',
      [
        policy(1, { insuranceType: 'SECONDARY', startDate: '2010-01-01' }),
        policy(2, { insuranceType: 'PRIMARY', startDate: '2020-01-01' }),
      ],
      2,
    ],
    [
      'earliest primary',
      [
        policy(1, { startDate: '2022-01-01' }),
        policy(2, { startDate: '2019-05-01' }),
        policy(3, { startDate: '2021-01-01' }),
      ],
      2,
    ],
    [
      'earliest secondary when there is no primary',
      [
        policy(1, { insuranceType: 'SECONDARY', startDate: '2022-01-01' }),
        policy(2, { insuranceType: 'SECONDARY', startDate: '2018-01-01' }),
      ],
      2,
    ],
    [
      'undated start comes after dated ones',
      [policy(1, { startDate: null }), policy(2, { startDate: '2023-01-01' })],
      2,
    ],
  ])('%s', (_label, policies, expectedId) => {
    expect(defaultInsurance(policies)?.insuranceId ?? null).toBe(expectedId);
  });
});

describe('isPracticeInsuranceActive', () => {
  it.each<[string, Partial<PracticeInsurance>, boolean]>([
    ['no end date', { endDate: null }, true],
    ['ends after today', { endDate: '2024-06-16' }, true],
    ['ends today', { endDate: '2024-06-15' }, false],
    ['ended', { endDate: '2024-01-01' }, false],
    ['therapist-specific', { therapist_specific: true, endDate: null }, false],
    ['therapist-specific (legacy 1)', { therapist_specific: 1 }, false],
    ['not therapist-specific (legacy 0)', { therapist_specific: 0 }, true],
  ])('%s -> %s', (_label, fields, expected) => {
    expect(isPracticeInsuranceActive(fields, TODAY)).toBe(expected);
  });
});

describe('payerLabel', () => {
  it.each<[string, string | null | undefined, string]>([
    ['Aetna', '60054', 'Aetna (60054)'],
    ['Aetna', null, 'Aetna'],
    ['Aetna', '', 'Aetna'],
  ])('%s / %j -> %s', (label, payerId, expected) => {
    expect(payerLabel({ label, payerId })).toBe(expected);
  });
});

describe('shortPayerLabel', () => {
  it.each<[string, string | null, string]>([
    ['Aetna', '60054', 'Aetna (60054)'],
    ['Blue Cross Blue Shield of Maine Anthem', '00180', 'Blue Cross Blue Shie... (00180)'],
    ['Exactly twenty-three ch', '1', 'Exactly twenty-three ch (1)'],
    ['Twenty-four characters!!', null, 'Twenty-four characte...'],
  ])('%s / %j -> %s', (label, payerId, expected) => {
    expect(shortPayerLabel({ label, payerId })).toBe(expected);
  });
});

describe('convertedType', () => {
  it('swaps PRIMARY and SECONDARY', () => {
    expect(convertedType('PRIMARY')).toBe('SECONDARY');
    expect(convertedType('SECONDARY')).toBe('PRIMARY');
  });
});

describe('currentPolicyOfType', () => {
  const policies = [
    policy(1, { isCurrent: false }),
    policy(2, { isCurrent: true, insuranceType: 'SECONDARY' }),
    policy(3, { isCurrent: true, startDate: '2024-01-01' }),
  ];
  it.each<['PRIMARY' | 'SECONDARY', number | null, InsurancePolicy[]]>([
    ['PRIMARY', 3, policies],
    ['SECONDARY', 2, policies],
    ['PRIMARY', null, [policy(1, { isCurrent: false })]],
  ])('%s -> %j', (type, expected, list) => {
    expect(currentPolicyOfType(list, type)?.insuranceId ?? null).toBe(expected);
  });
});

describe('conversionChanges', () => {
  it.each<[string, InsurancePolicy[], number, [number, string][]]>([
    [
      'a current primary and its current secondary trade places',
      [policy(1, { isCurrent: true }), policy(2, { isCurrent: true, insuranceType: 'SECONDARY' })],
      1,
      [
        [1, 'SECONDARY'],
        [2, 'PRIMARY'],
      ],
    ],
    [
      'a current secondary with no current primary simply becomes primary',
      [policy(1, { isCurrent: false }), policy(2, { isCurrent: true, insuranceType: 'SECONDARY' })],
      2,
      [[2, 'PRIMARY']],
    ],
    [
      'a policy that is not current changes alone',
      [policy(1, { isCurrent: true }), policy(2, { isCurrent: false, insuranceType: 'SECONDARY' })],
      2,
      [[2, 'PRIMARY']],
    ],
    ['an unknown id changes nothing', [policy(1, { isCurrent: true })], 9, []],
  ])('%s', (_label, policies, id, expected) => {
    expect(conversionChanges(policies, id).map((c) => [c.insuranceId, c.insuranceType])).toEqual(
      expected,
    );
  });

  it('matches ids given as text', () => {
    expect(conversionChanges([policy(7)], '7')).toEqual([
      { insuranceId: 7, insuranceType: 'SECONDARY' },
    ]);
  });
});

describe('policiesReplacedBy', () => {
  const policies = [
    policy(1, { isCurrent: true }),
    policy(2, { isCurrent: true, insuranceType: 'SECONDARY' }),
    policy(3, { isCurrent: false }),
  ];
  it.each<[string, Parameters<typeof policiesReplacedBy>[1], number[]]>([
    [
      'a new current primary replaces the current primary',
      { insuranceType: 'PRIMARY', isCurrent: true },
      [1],
    ],
    [
      'saving the current primary itself replaces nothing',
      { insuranceId: 1, insuranceType: 'PRIMARY', isCurrent: true },
      [],
    ],
    [
      'an old primary made current replaces the current one',
      { insuranceId: 3, insuranceType: 'PRIMARY', isCurrent: true },
      [1],
    ],
    [
      'a policy that is not current replaces nothing',
      { insuranceType: 'PRIMARY', isCurrent: false },
      [],
    ],
    [
      'a new current secondary replaces the secondary',
      { insuranceId: null, insuranceType: 'SECONDARY', isCurrent: true },
      [2],
    ],
  ])('%s', (_label, saved, expected) => {
    expect(policiesReplacedBy(policies, saved)).toEqual(expected);
  });
});

const NOW = '2026-03-10';
const validPolicy: PolicyInput = {
  insuranceNumber: 'W123',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  insuredRelationship: 'self',
  insuredFirstName: null,
  insuredLastName: null,
  insuredDob: null,
};

describe('policyProblems', () => {
  it.each<[string, Partial<PolicyInput>, [string, string][]]>([
    ['a complete policy', {}, []],
    ['open dates', { startDate: null, endDate: null }, []],
    ['the same start and end day', { endDate: '2026-01-01' }, []],
    ['no insurance number', { insuranceNumber: '  ' }, [['insuranceNumber', 'This is required.']]],
    [
      'an end before the start',
      { endDate: '2025-12-31' },
      [['endDate', 'Please enter a date on or after 01/01/2026.']],
    ],
    [
      'a dependent without the insured’s name',
      { insuredRelationship: 'child', insuredFirstName: 'Ann' },
      [['insuredLastName', 'This is required.']],
    ],
    [
      'an insured born in the future',
      {
        insuredRelationship: 'spouse',
        insuredFirstName: 'Ann',
        insuredLastName: 'Lee',
        insuredDob: '2026-03-11',
      },
      [['insuredDob', 'Please enter a date on or before 03/10/2026.']],
    ],
    ['the client as insured needs no insured name', { insuredFirstName: '' }, []],
  ])('%s', (_label, changes, expected) => {
    expect(
      policyProblems({ ...validPolicy, ...changes }, NOW).map((p) => [p.field, p.message]),
    ).toEqual(expected);
  });
});

const validPreAuth: PreAuthInput = {
  authNumber: 'PA-1',
  authDate: '2026-01-02',
  startDate: '2026-01-05',
  endDate: '2026-06-30',
  visitsAuthorized: 12,
  cptCodes: ['90834', '90837'],
};

describe('preAuthProblems', () => {
  it.each<[string, Partial<PreAuthInput>, [string, string][]]>([
    ['a complete pre-authorization', {}, []],
    ['no limit on visits and no codes', { visitsAuthorized: null, cptCodes: [] }, []],
    ['no number', { authNumber: '' }, [['authNumber', 'This is required.']]],
    ['no date', { authDate: null }, [['authDate', 'This is required.']]],
    [
      'ends before it starts',
      { endDate: '2026-01-04' },
      [['endDate', 'Please enter a date on or after 01/05/2026.']],
    ],
    ['zero visits', { visitsAuthorized: 0 }, [['visitsAuthorized', 'Must be greater than 0']]],
    [
      'part of a visit',
      { visitsAuthorized: 1.5 },
      [['visitsAuthorized', 'Must be greater than 0']],
    ],
    [
      'a malformed code',
      { cptCodes: ['9083'] },
      [['cptCodes', 'Please enter CPT codes of five characters, e.g. 90834.']],
    ],
    ['an HCPCS-style code', { cptCodes: ['9083T'] }, []],
    [
      'too many codes',
      { cptCodes: Array.from({ length: 13 }, () => '90834') },
      [['cptCodes', 'Please choose no more than 12 CPT codes.']],
    ],
  ])('%s', (_label, changes, expected) => {
    expect(
      preAuthProblems({ ...validPreAuth, ...changes }).map((p) => [p.field, p.message]),
    ).toEqual(expected);
  });
});

const validConfirmation: ConfirmationInput = {
  authDate: '2026-02-01',
  copayCents: 2500,
  coinsurancePercent: 20,
  deductibleCents: 100000,
  deductibleRemainingCents: 40000,
  visitsPerYear: 30,
};

describe('confirmationProblems', () => {
  it.each<[string, Partial<ConfirmationInput>, [string, string][]]>([
    ['a complete confirmation', {}, []],
    [
      'only the date',
      {
        copayCents: null,
        coinsurancePercent: null,
        deductibleCents: null,
        deductibleRemainingCents: null,
        visitsPerYear: null,
      },
      [],
    ],
    [
      'zero everything',
      {
        copayCents: 0,
        coinsurancePercent: 0,
        deductibleCents: 0,
        deductibleRemainingCents: 0,
        visitsPerYear: 0,
      },
      [],
    ],
    ['no date', { authDate: null }, [['authDate', 'This is required.']]],
    [
      'a negative copay',
      { copayCents: -1 },
      [['copayCents', 'Please enter an amount of $0.00 or more.']],
    ],
    [
      'part of a cent',
      { deductibleCents: 10.5 },
      [['deductibleCents', 'Please enter an amount of $0.00 or more.']],
    ],
    [
      'coinsurance over 100',
      { coinsurancePercent: 101 },
      [['coinsurancePercent', 'Please enter a percentage from 0 to 100.']],
    ],
    ['coinsurance of 100', { coinsurancePercent: 100 }, []],
    [
      'negative visits',
      { visitsPerYear: -2 },
      [['visitsPerYear', 'Please enter a whole number of 0 or more.']],
    ],
    [
      'more remaining than the deductible',
      { deductibleRemainingCents: 100001 },
      [
        [
          'deductibleRemainingCents',
          'The remaining deductible cannot be more than the deductible.',
        ],
      ],
    ],
    ['remaining without a deductible', { deductibleCents: null, deductibleRemainingCents: 5 }, []],
  ])('%s', (_label, changes, expected) => {
    expect(
      confirmationProblems({ ...validConfirmation, ...changes }).map((p) => [p.field, p.message]),
    ).toEqual(expected);
  });
});

describe('usualFeeProblem', () => {
  it.each<[number | null, string | null]>([
    [null, null],
    [0, null],
    [15000, null],
    [10_000_000, null],
    [10_000_001, 'Please enter a fee from $0.00 to $100,000.00.'],
    [-1, 'Please enter a fee from $0.00 to $100,000.00.'],
    [12.5, 'Please enter a fee from $0.00 to $100,000.00.'],
  ])('%j -> %j', (cents, expected) => {
    expect(usualFeeProblem(cents)).toBe(expected);
  });
});

describe('autoClaimProblem', () => {
  it.each<[boolean, string | null, string | null]>([
    [true, null, null],
    [true, 'back on', null],
    [false, 'Client pays privately until the new plan starts', null],
    [false, null, 'Please say why claims are not created automatically.'],
    [false, '   ', 'Please say why claims are not created automatically.'],
  ])('autogen %s, reason %j -> %j', (autogen, reason, expected) => {
    expect(autoClaimProblem(autogen, reason)).toBe(expected);
  });
});
