import { describe, expect, it } from 'vitest';
import { parse271, type Rejection } from './eligibility-271.ts';
import {
  answersTrace,
  DEFAULT_ELIGIBILITY_SERVICE_TYPE,
  eligibilityOutcome,
  eligibilityServiceTypes,
  isEligibilityServiceType,
  rejectionMessage,
  serviceTypeLabel,
  stepAfterCheck,
  x12GenderOf,
} from './eligibility-outcome.ts';
import {
  ACTIVE_COMMERCIAL_271,
  INACTIVE_271,
  PAYER_UNAVAILABLE_271,
  REJECTED_MEMBER_ID_271,
} from './fixtures/responses-271.ts';
import { X12_SERVICE_TYPES } from './codes.ts';

const rejection = (code: string, reason: string, followUp: string | null): Rejection => ({
  loop: '2100C',
  validRequest: true,
  code,
  reason,
  followUpCode: followUp === null ? null : 'C',
  followUp,
});

describe('eligibilityOutcome', () => {
  it.each([
    ['an active plan', ACTIVE_COMMERCIAL_271, { status: 'COMPLETE', failureMessage: null }],
    [
      'an inactive plan (a complete answer)',
      INACTIVE_271,
      { status: 'COMPLETE', failureMessage: null },
    ],
    [
      'a rejected member id',
      REJECTED_MEMBER_ID_271,
      {
        status: 'FAILED',
        failureMessage:
          'The subscriber or insured id (member id) is invalid or missing. The date of birth is invalid or missing. Please correct and resubmit.',
      },
    ],
    [
      'a payer that cannot answer now',
      PAYER_UNAVAILABLE_271,
      {
        status: 'FAILED',
        failureMessage: 'The payer is unable to respond at this time. Resubmission is allowed.',
      },
    ],
  ])('%s', (_label, x12, expected) => {
    expect(eligibilityOutcome(parse271(x12))).toEqual(expected);
  });
});

describe('rejectionMessage', () => {
  it.each<[string, Rejection[], string]>([
    ['one reason without follow-up', [rejection('75', 'Not found.', null)], 'Not found.'],
    [
      'repeated reasons and follow-ups once each',
      [
        rejection('75', 'Not found.', 'Fix it.'),
        rejection('75', 'Not found.', 'Fix it.'),
        rejection('58', 'Bad birth date.', 'Wait.'),
      ],
      'Not found. Bad birth date. Fix it. Wait.',
    ],
  ])('%s', (_label, rejections, expected) => {
    expect(rejectionMessage(rejections)).toBe(expected);
  });
});

describe('answersTrace', () => {
  it.each([
    [null, 'ELIG1', true],
    ['ELIG1', 'ELIG1', true],
    ['ELIG2', 'ELIG1', false],
  ])('trace %s for request %s: %s', (traceNumber, trace, expected) => {
    expect(answersTrace({ traceNumber }, trace)).toBe(expected);
  });
});

describe('service types', () => {
  const list = eligibilityServiceTypes();

  it('offers behavioural health first, then the rest by code, each once', () => {
    expect(list.slice(0, 7).map((t) => t.code)).toEqual(['30', 'MH', 'A4', 'A6', 'A7', 'A8', 'CF']);
    expect(list).toHaveLength(Object.keys(X12_SERVICE_TYPES).length);
    expect(new Set(list.map((t) => t.code)).size).toBe(list.length);
    const rest = list.slice(15).map((t) => t.code);
    expect(rest.slice(0, 4)).toEqual(['1', '3', '33', '35']);
    expect(list[1]).toEqual({ code: 'MH', description: 'Mental Health' });
  });

  it.each([
    ['MH', true],
    ['30', true],
    ['ZZ', false],
    ['toString', false],
  ])('%s is a service type: %s', (code, expected) => {
    expect(isEligibilityServiceType(code)).toBe(expected);
  });

  it('defaults to mental health and labels codes', () => {
    expect(DEFAULT_ELIGIBILITY_SERVICE_TYPE).toBe('MH');
    expect(serviceTypeLabel('A6')).toBe('A6 - Psychotherapy');
    expect(serviceTypeLabel('Q9')).toBe('Q9');
  });
});

describe('x12GenderOf', () => {
  it.each([
    ['Female', 'F'],
    ['male', 'M'],
    ['F', 'F'],
    ['Non-binary', null],
    [null, null],
    ['', null],
  ])('%s is %s', (gender, expected) => {
    expect(x12GenderOf(gender)).toBe(expected);
  });
});

describe('stepAfterCheck', () => {
  it.each([
    [{ failureMessage: null, errorMessage: null }, 'review'],
    [{ failureMessage: 'The patient was not found.', errorMessage: null }, 'create'],
    [{ failureMessage: null, errorMessage: 'We could not reach the clearinghouse.' }, 'create'],
  ] as const)('%j goes to %s', (summary, step) => {
    expect(stepAfterCheck(summary)).toBe(step);
  });
});
