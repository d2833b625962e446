import { describe, expect, it } from 'vitest';
import {
  LEDGER_MESSAGES,
  Ledger,
  adjustmentRefusal,
  allocationRefusal,
  refundPlan,
  reversalRefusal,
  type LedgerEntry,
} from './ledger.ts';

const charge = (id: number, amountCents: number, dateOfService = '2026-10-01'): LedgerEntry => ({
  kind: 'charge',
  id,
  amountCents,
  dateOfService,
});
const payment = (id: number, amountCents: number): LedgerEntry => ({
  kind: 'payment',
  id,
  amountCents,
  source: 'client',
  method: 'card',
});
const allocation = (id: number, paymentId: number, chargeId: number, amountCents: number) =>
  ({ kind: 'allocation', id, paymentId, chargeId, amountCents }) as const;

describe('Ledger sums', () => {
  const ledger = new Ledger([
    charge(1, 15_000),
    charge(2, 15_000, '2026-10-08'),
    payment(3, 20_000),
    allocation(4, 3, 1, 15_000),
    allocation(5, 3, 2, 2_000),
    { kind: 'adjustment', id: 6, chargeId: 2, amountCents: 1_000, adjustmentKind: 'discount' },
    { kind: 'refund', id: 7, paymentId: 3, amountCents: 1_000 },
  ]);

  it.each([
    [
      'balance = charges − payments − adjustments + refunds',
      ledger.balance(),
      30_000 - 20_000 - 1_000 + 1_000,
    ],
    ['open on the first charge', ledger.chargeOpen(1), 0],
    ['open on the second charge', ledger.chargeOpen(2), 12_000],
    ['left of the payment', ledger.paymentUnapplied(3), 2_000],
    ['credit', ledger.unappliedCredit(), 2_000],
  ])('%s', (_, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('lists open charges oldest first', () => {
    expect(ledger.openCharges().map((c) => [c.charge.id, c.openCents])).toEqual([[2, 12_000]]);
  });
});

describe('refused entries', () => {
  const ledger = new Ledger([charge(1, 10_000), payment(2, 6_000), allocation(3, 2, 1, 5_000)]);

  it.each([
    ['fractional cents', { paymentId: 2, chargeId: 1, amountCents: 0.5 }, LEDGER_MESSAGES.notCents],
    ['zero', { paymentId: 2, chargeId: 1, amountCents: 0 }, LEDGER_MESSAGES.notCents],
    ['negative', { paymentId: 2, chargeId: 1, amountCents: -1 }, LEDGER_MESSAGES.notCents],
    [
      'more than left of the payment',
      { paymentId: 2, chargeId: 1, amountCents: 1_001 },
      LEDGER_MESSAGES.overAllocatedPayment,
    ],
    [
      'a payment of another account',
      { paymentId: 99, chargeId: 1, amountCents: 1 },
      LEDGER_MESSAGES.unknownPayment,
    ],
    [
      'a charge of another account',
      { paymentId: 2, chargeId: 99, amountCents: 1 },
      LEDGER_MESSAGES.unknownCharge,
    ],
    ['exactly what is left', { paymentId: 2, chargeId: 1, amountCents: 1_000 }, null],
  ])('allocation: %s', (_, allocationInput, expected) => {
    expect(allocationRefusal(ledger, allocationInput)).toBe(expected);
  });

  it('an allocation beyond what the charge still owes', () => {
    const paid = new Ledger([charge(1, 1_000), payment(2, 5_000)]);
    expect(allocationRefusal(paid, { paymentId: 2, chargeId: 1, amountCents: 1_001 })).toBe(
      LEDGER_MESSAGES.overAllocatedCharge,
    );
  });

  it.each([
    [5_001, LEDGER_MESSAGES.overAdjusted],
    [5_000, null],
  ])('adjustment of %i on 5,000 open', (amountCents, expected) => {
    expect(adjustmentRefusal(ledger, { chargeId: 1, amountCents })).toBe(expected);
  });

  it.each([
    [6_001, { refusal: LEDGER_MESSAGES.overRefunded }],
    [1_000, { refusal: null, unapply: [] }],
    [3_000, { refusal: null, unapply: [{ chargeId: 1, amountCents: 2_000 }] }],
    [6_000, { refusal: null, unapply: [{ chargeId: 1, amountCents: 5_000 }] }],
  ])('refund of %i of a 6,000 payment (5,000 applied) takes back', (amountCents, expected) => {
    expect(refundPlan(ledger, { paymentId: 2, amountCents })).toEqual(expected);
  });

  it.each([
    ['a payment still applied', 2, LEDGER_MESSAGES.notReversible],
    ['a charge still paid', 1, LEDGER_MESSAGES.notReversible],
    ['an allocation', 3, null],
    ['an unknown entry', 42, LEDGER_MESSAGES.notReversible],
  ])('reversal of %s', (_, id, expected) => {
    expect(reversalRefusal(ledger, id)).toBe(expected);
  });

  it('reverses an entry once only', () => {
    const reversed = new Ledger([
      charge(1, 10_000),
      { kind: 'charge', id: 2, amountCents: -10_000, dateOfService: '2026-10-01', reversesId: 1 },
    ]);
    expect(reversalRefusal(reversed, 1)).toBe(LEDGER_MESSAGES.reversedTwice);
    expect(reversalRefusal(reversed, 2)).toBe(LEDGER_MESSAGES.notReversible);
    expect(reversed.balance()).toBe(0);
    expect(reversed.chargeOpen(1)).toBe(0);
  });
});
