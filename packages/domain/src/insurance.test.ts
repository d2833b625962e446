import { describe, expect, it } from 'vitest';
import {
  defaultInsurance,
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
