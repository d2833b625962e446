import { describe, expect, it } from 'vitest';

import type { BenefitsConfirmation } from './api/types';
import {
  confirmationFormProblems,
  confirmationFormValues,
  confirmationInputOf,
  dollarsOf,
  preAuthFormProblems,
  preAuthFormValues,
  preAuthInputOf,
} from './authorization-forms';

const TODAY = '2026-03-10';

describe('pre-authorization form', () => {
  const blank = preAuthFormValues(null, TODAY);

  it('starts with today as the date granted', () => {
    expect(blank).toMatchObject({ authDate: '03/10/2026', visitsAuthorized: '', cptCodes: [] });
  });

  it('sends ISO dates and a whole number of visits', () => {
    const input = preAuthInputOf(
      {
        ...blank,
        authNumber: ' PA-1 ',
        startDate: '03/15/2026',
        visitsAuthorized: '12',
        cptCodes: ['90834'],
      },
      4,
    );
    expect(input).toEqual({
      preAuthId: 4,
      authNumber: 'PA-1',
      authDate: '2026-03-10',
      startDate: '2026-03-15',
      endDate: null,
      visitsAuthorized: 12,
      cptCodes: ['90834'],
      notes: null,
    });
  });

  it.each<[string, Partial<typeof blank>, [string, string][]]>([
    ['complete', { authNumber: 'PA-1' }, []],
    ['no number', {}, [['authNumber', 'This is required.']]],
    [
      'visits that are not a number',
      { authNumber: 'A', visitsAuthorized: '1.5' },
      [['visitsAuthorized', 'Please enter only digits 0-9.']],
    ],
    [
      'zero visits',
      { authNumber: 'A', visitsAuthorized: '0' },
      [['visitsAuthorized', 'Must be greater than 0']],
    ],
    [
      'a date typed wrong',
      { authNumber: 'A', endDate: '3/1/26' },
      [['endDate', 'Please enter a valid date, e.g. 01/05/1995.']],
    ],
  ])('%s', (_label, changes, expected) => {
    expect(preAuthFormProblems({ ...blank, ...changes }).map((p) => [p.field, p.message])).toEqual(
      expected,
    );
  });
});

describe('benefits confirmation form', () => {
  const saved: BenefitsConfirmation = {
    confirmationId: 2,
    userInsuranceId: 7,
    authDate: '2026-02-01',
    referenceNumber: 'REF-1',
    representative: 'Dana',
    copayCents: 2500,
    coinsurancePercent: 20,
    deductibleCents: 100000,
    deductibleRemainingCents: 40050,
    visitsPerYear: null,
    notes: null,
  };

  it('shows money in dollars and sends cents', () => {
    const values = confirmationFormValues(saved, TODAY);
    expect(values).toMatchObject({
      copay: '25.00',
      deductible: '1000.00',
      deductibleRemaining: '400.50',
      visitsPerYear: '',
    });
    expect(confirmationInputOf({ ...values, copay: '$30' }, 2)).toMatchObject({
      confirmationId: 2,
      authDate: '2026-02-01',
      copayCents: 3000,
      deductibleCents: 100000,
      deductibleRemainingCents: 40050,
      visitsPerYear: null,
    });
  });

  it.each<[string, Record<string, string>, [string, string][]]>([
    ['complete', {}, []],
    [
      'an amount that is not money',
      { copay: 'ten' },
      [['copay', 'Please enter an amount of $0.00 or more.']],
    ],
    [
      'coinsurance over 100',
      { coinsurancePercent: '150' },
      [['coinsurancePercent', 'Please enter a percentage from 0 to 100.']],
    ],
    [
      'more remaining than the deductible',
      { deductibleRemaining: '1500' },
      [['deductibleRemaining', 'The remaining deductible cannot be more than the deductible.']],
    ],
    ['no date', { authDate: '' }, [['authDate', 'This is required.']]],
  ])('%s', (_label, changes, expected) => {
    const values = { ...confirmationFormValues(saved, TODAY), ...changes };
    expect(confirmationFormProblems(values).map((p) => [p.field, p.message])).toEqual(expected);
  });

  it('dollarsOf', () => {
    expect(dollarsOf(null)).toBe('');
    expect(dollarsOf(5)).toBe('0.05');
  });
});
