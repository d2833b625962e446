import { describe, expect, it } from 'vitest';
import { agingBucket, agingOf } from './aging.ts';
import { expectedParts, sessionFeeCents } from './expected-parts.ts';

describe('expectedParts', () => {
  it.each([
    ['no policy: the client owes all', 15_000, null, 15_000, 0],
    ['a copay', 15_000, { copayCents: 2_500 }, 2_500, 12_500],
    ['a copay above the fee is capped at the fee', 2_000, { copayCents: 2_500 }, 2_000, 0],
    ['a coinsurance share, rounded half up', 12_345, { coinsurancePercent: 20 }, 2_469, 9_876],
    ['half a cent rounds up', 1, { coinsurancePercent: 50 }, 1, 0],
    [
      'a copay wins over a coinsurance',
      10_000,
      { copayCents: 1_000, coinsurancePercent: 20 },
      1_000,
      9_000,
    ],
    ['neither: the insurer owes all', 10_000, {}, 0, 10_000],
    ['a share over 100% is 100%', 10_000, { coinsurancePercent: 140 }, 10_000, 0],
  ])('%s', (_, fee, coverage, client, insurer) => {
    expect(expectedParts(fee, coverage)).toEqual({ clientCents: client, insurerCents: insurer });
  });

  it.each([
    [
      'the payer fee first',
      { units: 1, payerFeeCents: 9_000, clientUsualFeeCents: 12_000, serviceFeeCents: 15_000 },
      9_000,
    ],
    [
      'then the usual fee',
      { units: 1, payerFeeCents: null, clientUsualFeeCents: 12_000, serviceFeeCents: 15_000 },
      12_000,
    ],
    [
      'then the service fee',
      { units: 1, payerFeeCents: null, clientUsualFeeCents: null, serviceFeeCents: 15_000 },
      15_000,
    ],
    [
      'times the units',
      { units: 2, payerFeeCents: null, clientUsualFeeCents: null, serviceFeeCents: 15_000 },
      30_000,
    ],
    [
      'at least one unit',
      { units: 0, payerFeeCents: null, clientUsualFeeCents: null, serviceFeeCents: 15_000 },
      15_000,
    ],
  ])('sessionFeeCents: %s', (_, input, expected) => {
    expect(sessionFeeCents(input)).toBe(expected);
  });
});

describe('aging by date of service', () => {
  it.each([
    ['2026-11-26', 'current'],
    ['2026-10-27', 'current'], // 30 days
    ['2026-10-26', 'days31to60'], // 31 days
    ['2026-09-27', 'days31to60'], // 60 days
    ['2026-09-26', 'days61to90'],
    ['2026-08-28', 'days61to90'], // 90 days
    ['2026-08-27', 'days91to120'],
    ['2026-07-29', 'days91to120'], // 120 days
    ['2026-07-28', 'over120'],
    ['2026-12-01', 'current'], // a future date of service is current
  ])('%s as of 2026-11-26 is %s', (dateOfService, bucket) => {
    expect(agingBucket(dateOfService, '2026-11-26')).toBe(bucket);
  });

  it('sums open amounts per bucket', () => {
    expect(
      agingOf(
        [
          { dateOfService: '2026-11-20', openCents: 100 },
          { dateOfService: '2026-11-01', openCents: 50 },
          { dateOfService: '2026-01-01', openCents: 7 },
        ],
        '2026-11-26',
      ),
    ).toEqual({ current: 150, days31to60: 0, days61to90: 0, days91to120: 0, over120: 7 });
  });
});
