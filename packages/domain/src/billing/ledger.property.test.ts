import { describe, expect, it } from 'vitest';
import {
  Ledger,
  adjustmentRefusal,
  allocationRefusal,
  refundPlan,
  reversalRefusal,
  type LedgerEntry,
} from './ledger.ts';

/** A small seeded generator (mulberry32): the same seed gives the same sequence, so a failure replays. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Random sequences of charges, payments, allocations, adjustments, refunds and reversals,
 * each tried against the rules and written only when they allow it, as the server does. After
 * every step the ledger must hold: the balance is the signed sum of its entries, nothing is
 * over-applied (no charge owes less than zero, no payment has less than zero left), and every
 * allocation the rules let through was within both limits.
 */
function run(seed: number, steps: number) {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T | undefined =>
    values[Math.floor(next() * values.length)];
  const amount = () => 1 + Math.floor(next() * 20_000);
  const entries: LedgerEntry[] = [];
  let id = 0;
  for (let step = 0; step < steps; step++) {
    const ledger = new Ledger(entries);
    const charges = entries.filter((e) => e.kind === 'charge' && !e.reversesId).map((e) => e.id);
    const payments = entries.filter((e) => e.kind === 'payment' && !e.reversesId).map((e) => e.id);
    const move = Math.floor(next() * 6);
    if (move === 0) {
      entries.push({
        kind: 'charge',
        id: ++id,
        amountCents: amount(),
        dateOfService: '2026-10-01',
      });
    } else if (move === 1) {
      entries.push({
        kind: 'payment',
        id: ++id,
        amountCents: amount(),
        source: 'client',
        method: 'cash',
      });
    } else if (move === 2) {
      const a = {
        paymentId: pick(payments) ?? -1,
        chargeId: pick(charges) ?? -1,
        amountCents: amount(),
      };
      if (allocationRefusal(ledger, a) === null)
        entries.push({ kind: 'allocation', id: ++id, ...a });
    } else if (move === 3) {
      const a = { chargeId: pick(charges) ?? -1, amountCents: amount() };
      if (adjustmentRefusal(ledger, a) === null)
        entries.push({ kind: 'adjustment', id: ++id, adjustmentKind: 'writeoff', ...a });
    } else if (move === 4) {
      const r = { paymentId: pick(payments) ?? -1, amountCents: amount() };
      const plan = refundPlan(ledger, r);
      if (plan.refusal === null) {
        for (const u of plan.unapply)
          entries.push({
            kind: 'allocation',
            id: ++id,
            paymentId: r.paymentId,
            chargeId: u.chargeId,
            amountCents: -u.amountCents,
          });
        entries.push({ kind: 'refund', id: ++id, ...r });
      }
    } else {
      const target = pick(entries);
      if (target && reversalRefusal(ledger, target.id) === null)
        entries.push({
          ...target,
          id: ++id,
          amountCents: -target.amountCents,
          reversesId: target.id,
        });
    }
    check(new Ledger(entries));
  }
  return entries;
}

function check(ledger: Ledger) {
  let signed = 0;
  for (const e of ledger.entries) {
    if (e.kind === 'charge' || e.kind === 'refund') signed += e.amountCents;
    if (e.kind === 'payment' || e.kind === 'adjustment') signed -= e.amountCents;
  }
  expect(ledger.balance()).toBe(signed);
  for (const e of ledger.entries) {
    if (e.kind === 'charge' && !e.reversesId)
      expect(ledger.chargeOpen(e.id)).toBeGreaterThanOrEqual(0);
    if (e.kind === 'payment' && !e.reversesId)
      expect(ledger.paymentUnapplied(e.id)).toBeGreaterThanOrEqual(0);
    if (e.kind === 'allocation' && !e.reversesId && e.amountCents > 0)
      expect(ledger.applied(e.paymentId, e.chargeId)).toBeGreaterThanOrEqual(0);
  }
  // What is owed on open charges less the credit is the balance, once nothing is refunded beyond payments.
  const open = ledger.openCharges().reduce((total, c) => total + c.openCents, 0);
  expect(open - ledger.unappliedCredit()).toBe(ledger.balance());
}

describe('the ledger under random sequences', () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    'seed %i keeps every balance equal to its entries',
    (seed) => {
      const entries = run(seed, 120);
      expect(entries.length).toBeGreaterThan(0);
    },
  );
});
