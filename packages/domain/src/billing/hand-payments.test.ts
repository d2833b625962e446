import { describe, expect, it } from 'vitest';

import { HAND_PAYMENT_MESSAGES, handPaymentProblem } from './hand-payments.ts';

describe('payments keyed by hand', () => {
  it('takes a client’s cash, check, card and external card, never an ERA', () => {
    for (const method of ['cash', 'check', 'card', 'external_card'] as const) {
      expect(handPaymentProblem({ source: 'client', method })).toBeNull();
    }
    expect(handPaymentProblem({ source: 'client', method: 'era' })).toEqual({
      field: 'method',
      message: HAND_PAYMENT_MESSAGES.method,
    });
  });

  it('takes an insurer’s check with its number, nothing else', () => {
    expect(
      handPaymentProblem({ source: 'insurance', method: 'check', reference: '881' }),
    ).toBeNull();
    expect(handPaymentProblem({ source: 'insurance', method: 'check', reference: '  ' })).toEqual({
      field: 'reference',
      message: HAND_PAYMENT_MESSAGES.insuranceReference,
    });
    for (const method of ['cash', 'card', 'external_card', 'era'] as const) {
      expect(handPaymentProblem({ source: 'insurance', method, reference: '881' })?.field).toBe(
        'method',
      );
    }
  });
});
