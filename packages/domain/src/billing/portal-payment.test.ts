import { describe, expect, it } from 'vitest';

import { PORTAL_PAYMENT_MESSAGES, portalPaymentPlan } from './portal-payment.ts';

const charges = [
  { chargeId: 11, openCents: 5_000 },
  { chargeId: 12, openCents: 2_500 },
  { chargeId: 13, openCents: 10_000 },
];

describe('a client paying their balance in the portal', () => {
  it.each([
    [
      'all of it',
      17_500,
      17_500,
      [
        [11, 5_000],
        [12, 2_500],
        [13, 10_000],
      ],
    ],
    ['part: the oldest charge first', 17_500, 3_000, [[11, 3_000]]],
    [
      'part: across the oldest two',
      17_500,
      6_000,
      [
        [11, 5_000],
        [12, 1_000],
      ],
    ],
    [
      'a balance lowered by credit',
      15_000,
      15_000,
      [
        [11, 5_000],
        [12, 2_500],
        [13, 7_500],
      ],
    ],
  ] as const)('%s', (_what, balanceCents, amount, expected) => {
    expect(portalPaymentPlan({ balanceCents, openCharges: charges }, amount)).toEqual({
      refusal: null,
      allocations: expected.map(([chargeId, amountCents]) => ({ chargeId, amountCents })),
    });
  });

  it.each([
    ['more than the balance', 17_500, charges, 17_501, PORTAL_PAYMENT_MESSAGES.overBalance(17_500)],
    [
      'more than credit leaves',
      15_000,
      charges,
      15_001,
      PORTAL_PAYMENT_MESSAGES.overBalance(15_000),
    ],
    ['nothing owed', 0, [], 100, PORTAL_PAYMENT_MESSAGES.nothingOwed],
    ['only credit', -2_000, [], 100, PORTAL_PAYMENT_MESSAGES.nothingOwed],
  ] as const)('refuses %s', (_what, balanceCents, openCharges, amount, refusal) => {
    expect(portalPaymentPlan({ balanceCents, openCharges }, amount)).toEqual({
      refusal,
      allocations: [],
    });
  });

  it('says the largest amount in dollars', () => {
    expect(PORTAL_PAYMENT_MESSAGES.overBalance(17_500)).toBe(
      'The amount is more than your balance. You can pay up to $175.00.',
    );
  });
});
