import { describe, expect, it } from 'vitest';

import type { InsurancePolicy } from './api/types';
import { payerOptions, policyFormProblems, policyFormValues, policyInputOf } from './policy-form';

const POLICY: InsurancePolicy = {
  insuranceId: 7,
  insuranceType: 'SECONDARY',
  isCurrent: true,
  startDate: '2026-01-01',
  endDate: null,
  insuranceNumber: 'W123',
  groupNumber: 'G9',
  companyId: 3,
  payerName: 'Cigna',
  payerId: '62308',
  payerLabel: 'Cigna (62308)',
  isActive: true,
  isVerified: true,
  insuranceCardPhotoUrl: null,
  insuredRelationship: 'spouse',
  insuredFirstName: 'Sam',
  insuredLastName: 'Lee',
  insuredDob: '1980-05-06',
  preAuths: [],
  confirmations: [],
};

const NOW = new Date(2026, 2, 10);

describe('policyFormValues and policyInputOf', () => {
  it('round-trips a policy through the form (US dates on screen, ISO on the wire)', () => {
    const values = policyFormValues(POLICY);
    expect(values).toMatchObject({
      startDate: '01/01/2026',
      endDate: '',
      companyId: '3',
      insuredDob: '05/06/1980',
    });
    expect(policyInputOf(values, 7)).toEqual({
      insuranceId: 7,
      insuranceType: 'SECONDARY',
      isCurrent: true,
      startDate: '2026-01-01',
      endDate: null,
      insuranceNumber: 'W123',
      groupNumber: 'G9',
      companyId: 3,
      insuredRelationship: 'spouse',
      insuredFirstName: 'Sam',
      insuredLastName: 'Lee',
      insuredDob: '1980-05-06',
    });
  });

  it('starts a new policy as current, of the type asked, with no payer', () => {
    expect(policyFormValues(null, 'SECONDARY')).toMatchObject({
      insuranceType: 'SECONDARY',
      isCurrent: true,
      companyId: '',
      insuredRelationship: 'self',
    });
  });

  it('sends no insured details when the client is the insured, and null for no payer', () => {
    const input = policyInputOf({
      ...policyFormValues(POLICY),
      insuredRelationship: 'self',
      companyId: '',
    });
    expect(input).toMatchObject({
      companyId: null,
      insuredFirstName: null,
      insuredLastName: null,
      insuredDob: null,
    });
    expect(input).not.toHaveProperty('insuranceId');
  });
});

describe('policyFormProblems', () => {
  const values = policyFormValues(POLICY);
  it.each<[string, Partial<typeof values>, [string, string][]]>([
    ['a complete policy', {}, []],
    [
      'a date typed wrong',
      { startDate: '1/1/2026' },
      [['startDate', 'Please enter a valid date, e.g. 01/05/1995.']],
    ],
    ['no number', { insuranceNumber: ' ' }, [['insuranceNumber', 'This is required.']]],
    [
      'an end before the start',
      { endDate: '12/31/2025' },
      [['endDate', 'Please enter a date on or after 01/01/2026.']],
    ],
    [
      'a dependent with no insured name',
      { insuredFirstName: '' },
      [['insuredFirstName', 'This is required.']],
    ],
    [
      'a bad insured birth date is ignored for the client as insured',
      { insuredRelationship: 'self', insuredDob: 'x' },
      [],
    ],
  ])('%s', (_label, changes, expected) => {
    expect(
      policyFormProblems({ ...values, ...changes }, NOW).map((p) => [p.field, p.message]),
    ).toEqual(expected);
  });
});

describe('payerOptions', () => {
  const payers = [
    {
      practice_insurance_id: 1,
      label: 'Aetna',
      payerId: '60054',
      endDate: null,
      therapist_specific: false,
    },
  ];
  it("offers the practice's payers as 'label (payerId)'", () => {
    expect(payerOptions(payers, null)).toEqual([{ value: '1', label: 'Aetna (60054)' }]);
  });
  it('keeps a policy’s payer that is no longer offered', () => {
    expect(payerOptions(payers, POLICY)).toEqual([
      { value: '1', label: 'Aetna (60054)' },
      { value: '3', label: 'Cigna (62308) (no longer offered)' },
    ]);
  });
});
