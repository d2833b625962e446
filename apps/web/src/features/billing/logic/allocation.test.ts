import { describe, expect, it } from 'vitest';

import {
  balanceAfter,
  openCharges,
  refundableCents,
  splitPayment,
  type OpenCharge,
} from './allocation';

const charge = (
  entryId: number,
  dateOfService: string,
  openCents: number | null,
  more: { reversed?: boolean; reversesId?: number | null; amountCents?: number } = {},
) => ({
  entryId,
  kind: 'charge' as const,
  dateOfService,
  cptCode: '90834',
  amountCents: more.amountCents ?? 15000,
  openCents,
  reversed: more.reversed ?? false,
  reversesId: more.reversesId ?? null,
});

const open = (chargeId: number, openCents: number, dateOfService = '2026-11-01'): OpenCharge => ({
  chargeId,
  dateOfService,
  cptCode: '90834',
  amountCents: 15000,
  openCents,
});

describe('openCharges', () => {
  it('keeps charges that still owe, oldest date of service first, then by entry', () => {
    const entries = [
      charge(5, '2026-11-10', 15000),
      charge(3, '2026-10-01', 2000),
      charge(4, '2026-11-10', 100),
      charge(6, '2026-11-12', 0),
      charge(7, '2026-09-01', 15000, { reversed: true }),
      charge(8, '2026-09-01', null, { reversesId: 7, amountCents: -15000 }),
      { ...charge(9, '2026-08-01', 500), kind: 'payment' as const },
    ];
    expect(openCharges(entries).map((c) => [c.chargeId, c.openCents])).toEqual([
      [3, 2000],
      [4, 100],
      [5, 15000],
    ]);
  });
});

describe('splitPayment', () => {
  const chosen = [open(1, 5000), open(2, 3000), open(3, 2000)];

  it('pays the chosen charges in order until the money runs out', () => {
    expect(splitPayment(6000, chosen)).toEqual({
      allocations: [
        { chargeId: 1, amountCents: 5000 },
        { chargeId: 2, amountCents: 1000 },
      ],
      leftoverCents: 0,
      unpaidCents: 4000,
    });
  });

  it('leaves what the chosen charges cannot take as a leftover (credit if chosen)', () => {
    expect(splitPayment(12500, chosen)).toEqual({
      allocations: [
        { chargeId: 1, amountCents: 5000 },
        { chargeId: 2, amountCents: 3000 },
        { chargeId: 3, amountCents: 2000 },
      ],
      leftoverCents: 2500,
      unpaidCents: 0,
    });
  });

  it('follows the order given, not the charges’ ids', () => {
    expect(splitPayment(2500, [open(3, 2000), open(1, 5000)]).allocations).toEqual([
      { chargeId: 3, amountCents: 2000 },
      { chargeId: 1, amountCents: 500 },
    ]);
  });

  it('with no charge chosen, the whole payment is left over', () => {
    expect(splitPayment(1000, [])).toEqual({
      allocations: [],
      leftoverCents: 1000,
      unpaidCents: 0,
    });
  });

  it('never allocates a negative or zero amount', () => {
    expect(splitPayment(0, chosen).allocations).toEqual([]);
    expect(splitPayment(-100, chosen).leftoverCents).toBe(0);
  });
});

describe('balanceAfter and refundableCents', () => {
  it('lowers the balance by the payment, into credit if need be', () => {
    expect(balanceAfter(15000, 15000)).toBe(0);
    expect(balanceAfter(15000, 20000)).toBe(-5000);
  });

  it('counts refunds net of their reversals, only of that payment', () => {
    const payment = { entryId: 10, amountCents: 15000 };
    const entries = [
      { kind: 'refund' as const, paymentId: 10, amountCents: 5000 },
      { kind: 'refund' as const, paymentId: 10, amountCents: 2000 },
      { kind: 'refund' as const, paymentId: 10, amountCents: -2000 },
      { kind: 'refund' as const, paymentId: 11, amountCents: 9000 },
      { kind: 'allocation' as const, paymentId: 10, amountCents: 15000 },
    ];
    expect(refundableCents(payment, entries)).toBe(10000);
  });
});
