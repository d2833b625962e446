import { describe, expect, it } from 'vitest';

import { CARD_EXPIRING_SOON_DAYS, cardExpiry, cardExpiryWarning } from './card-expiry.ts';

describe('a saved card’s expiry', () => {
  // [what, expiry MM/YYYY, today, days left, state]
  const cases: [string, [number, number], string, number, string][] = [
    ['far off', [12, 2030], '2026-11-27', 1495, 'current'],
    ['the day before the window', [12, 2026], '2026-11-30', 31, 'current'],
    [
      'on the window’s first day',
      [12, 2026],
      '2026-12-01',
      CARD_EXPIRING_SOON_DAYS,
      'expiringSoon',
    ],
    ['within the window', [12, 2026], '2026-12-20', 11, 'expiringSoon'],
    ['on its month’s last day (still good)', [11, 2026], '2026-11-30', 0, 'expiringSoon'],
    ['the day after its month', [11, 2026], '2026-12-01', -1, 'expired'],
    ['long past', [1, 2024], '2026-11-27', -1031, 'expired'],
    ['a 29-day February in a leap year', [2, 2028], '2028-02-01', 28, 'expiringSoon'],
    ['December rolls into the next year', [12, 2026], '2027-01-01', -1, 'expired'],
  ];
  it.each(cases)('%s', (_what, [expMonth, expYear], today, days, state) => {
    expect(cardExpiry({ expMonth, expYear }, today)).toEqual({ expiresInDays: days, state });
  });
});

describe('what the client is told', () => {
  const card = { brand: 'Visa', last4: '4242' };
  it.each([
    [[12, 2030], '2026-11-27', null],
    [
      [11, 2026],
      '2026-11-30',
      'Your Visa ending 4242 expires today. Please give the practice the new card from your bank before then.',
    ],
    [
      [12, 2026],
      '2026-12-30',
      'Your Visa ending 4242 expires in 1 day. Please give the practice the new card from your bank before then.',
    ],
    [
      [12, 2026],
      '2026-12-20',
      'Your Visa ending 4242 expires in 11 days. Please give the practice the new card from your bank before then.',
    ],
    [
      [10, 2026],
      '2026-11-27',
      'Your Visa ending 4242 has expired. Please give the practice your new card.',
    ],
  ] as const)('%j on %s', ([expMonth, expYear], today, message) => {
    expect(cardExpiryWarning(card, cardExpiry({ expMonth, expYear }, today))).toBe(message);
  });
});
