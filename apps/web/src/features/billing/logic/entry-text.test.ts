import { describe, expect, it } from 'vitest';

import type { LedgerEntry } from '../api';
import { describeEntry, entryDate, kindLabel } from './entry-text';

const base: LedgerEntry = {
  entryId: 1,
  kind: 'charge',
  amountCents: 15000,
  reversesId: null,
  reversed: false,
  dateOfService: '2026-11-20',
  cptCode: '90834',
  units: 1,
  clientPartCents: 15000,
  insurerPartCents: 0,
  paymentSource: null,
  paymentMethod: null,
  reference: null,
  paymentId: null,
  chargeId: null,
  adjustmentKind: null,
  notation: null,
  createdAt: '2026-11-21T15:00:00.000Z',
  createdBy: 'Billy Biller',
  openCents: 15000,
  byCardProcessor: false,
};

const charge = base;
const payment: LedgerEntry = {
  ...base,
  entryId: 2,
  kind: 'payment',
  dateOfService: null,
  cptCode: null,
  units: null,
  paymentSource: 'client',
  paymentMethod: 'check',
  reference: '1042',
  createdAt: '2026-11-22T15:00:00.000Z',
};
const byId = new Map([charge, payment].map((e) => [e.entryId, e]));

describe('describeEntry', () => {
  it('names a charge by its service', () => {
    expect(describeEntry(charge, byId)).toBe('90834');
    expect(describeEntry({ ...charge, units: 2 }, byId)).toBe('90834 × 2 units');
  });

  it('names a payment by method, source and reference', () => {
    expect(describeEntry(payment, byId)).toBe('Check (client) · ref. 1042');
  });

  it('names an adjustment by its kind and charge, with the notation', () => {
    const adjustment = {
      ...base,
      entryId: 3,
      kind: 'adjustment' as const,
      chargeId: 1,
      adjustmentKind: 'writeoff' as const,
      notation: 'Hardship',
    };
    expect(describeEntry(adjustment, byId)).toBe('Write-off on 90834 of 11/20/2026 — Hardship');
  });

  it('names what a refund and an allocation belong to', () => {
    expect(describeEntry({ ...base, entryId: 4, kind: 'refund', paymentId: 2 }, byId)).toBe(
      'Refund of the check payment of 11/22/2026',
    );
    expect(
      describeEntry({ ...base, entryId: 5, kind: 'allocation', paymentId: 2, chargeId: 1 }, byId),
    ).toBe('Applied to 90834 of 11/20/2026');
  });

  it('says what a reversal undoes, and why', () => {
    const reversal = {
      ...payment,
      entryId: 6,
      reversesId: 2,
      amountCents: -15000,
      notation: 'Bounced',
    };
    expect(describeEntry(reversal, byId)).toBe('Reverses check (client) · ref. 1042 — Bounced');
    expect(kindLabel(reversal)).toBe('Payment reversal');
    expect(kindLabel(payment)).toBe('Payment');
  });
});

describe('entryDate', () => {
  it('is the date of service for a charge and the day recorded for the rest', () => {
    expect(entryDate(charge)).toBe('11/20/2026');
    expect(entryDate(payment)).toBe('11/22/2026');
  });
});
