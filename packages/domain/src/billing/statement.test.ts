import { describe, expect, it } from 'vitest';
import { statementFigures, type DatedEntry } from './statement.ts';

const entries: DatedEntry[] = [
  {
    kind: 'charge',
    id: 1,
    amountCents: 15_000,
    dateOfService: '2026-09-20',
    day: '2026-09-20',
    description: '90837',
  },
  {
    kind: 'payment',
    id: 2,
    amountCents: 5_000,
    source: 'client',
    method: 'cash',
    day: '2026-09-25',
    description: 'Cash',
  },
  {
    kind: 'allocation',
    id: 3,
    amountCents: 5_000,
    paymentId: 2,
    chargeId: 1,
    day: '2026-09-25',
    description: '',
  },
  {
    kind: 'charge',
    id: 4,
    amountCents: 15_000,
    dateOfService: '2026-10-04',
    day: '2026-10-04',
    description: '90837',
  },
  {
    kind: 'adjustment',
    id: 5,
    amountCents: 1_000,
    chargeId: 4,
    adjustmentKind: 'discount',
    day: '2026-10-10',
    description: 'Discount',
  },
  {
    kind: 'payment',
    id: 6,
    amountCents: 20_000,
    source: 'client',
    method: 'card',
    day: '2026-10-20',
    description: 'Card',
  },
  {
    kind: 'refund',
    id: 7,
    amountCents: 500,
    paymentId: 6,
    day: '2026-10-21',
    description: 'Refund',
  },
  {
    kind: 'charge',
    id: 8,
    amountCents: 15_000,
    dateOfService: '2026-11-02',
    day: '2026-11-02',
    description: '90837',
  },
];

describe('statementFigures', () => {
  const october = statementFigures(entries, '2026-10-01', '2026-10-31');

  it('opens with what was owed before the period and closes with what is owed at its end', () => {
    expect(october.openingCents).toBe(10_000);
    expect(october.closingCents).toBe(10_000 + 15_000 - 1_000 - 20_000 + 500);
    expect(october.amountDueCents).toBe(4_500);
  });

  it('lists the period’s charges, adjustments, payments and refunds by day, never allocations', () => {
    expect(october.lines.map((l) => [l.day, l.kind, l.amountCents])).toEqual([
      ['2026-10-04', 'charge', 15_000],
      ['2026-10-10', 'adjustment', -1_000],
      ['2026-10-20', 'payment', -20_000],
      ['2026-10-21', 'refund', 500],
    ]);
  });

  it('ages what charges still owe as of the last day, leaving later entries out', () => {
    // Nothing of payment 6 is applied: both charges still owe; the November charge is later.
    expect(october.aging).toEqual({
      current: 14_000,
      days31to60: 10_000,
      days61to90: 0,
      days91to120: 0,
      over120: 0,
    });
  });

  it('asks nothing of a client in credit', () => {
    const credit = statementFigures(
      [
        {
          kind: 'payment',
          id: 1,
          amountCents: 3_000,
          source: 'client',
          method: 'cash',
          day: '2026-10-02',
          description: 'Cash',
        },
      ],
      '2026-10-01',
      '2026-10-31',
    );
    expect(credit).toMatchObject({ openingCents: 0, closingCents: -3_000, amountDueCents: 0 });
  });
});
