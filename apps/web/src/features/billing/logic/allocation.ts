import type { LedgerEntry } from '../api';

/** A charge that still owes something, as the payment pages list it. */
export type OpenCharge = {
  chargeId: number;
  dateOfService: string | null;
  cptCode: string | null;
  amountCents: number;
  openCents: number;
};

type EntryFacts = Pick<
  LedgerEntry,
  'entryId' | 'kind' | 'reversesId' | 'reversed' | 'dateOfService' | 'cptCode' | 'amountCents'
> & { openCents: number | null };

/**
 * The charges still owing, oldest date of service first (ties by entry, the order they were
 * made), which is the order a payment pays them in unless the person chooses otherwise.
 */
export function openCharges(entries: readonly EntryFacts[]): OpenCharge[] {
  return entries
    .filter(
      (e) =>
        e.kind === 'charge' &&
        e.reversesId === null &&
        !e.reversed &&
        e.openCents !== null &&
        e.openCents > 0,
    )
    .map((e) => ({
      chargeId: e.entryId,
      dateOfService: e.dateOfService,
      cptCode: e.cptCode,
      amountCents: e.amountCents,
      openCents: e.openCents ?? 0,
    }))
    .sort(
      (a, b) =>
        (a.dateOfService ?? '').localeCompare(b.dateOfService ?? '') || a.chargeId - b.chargeId,
    );
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

export type Split = {
  allocations: { chargeId: number; amountCents: number }[];
  /** What is left after the chosen charges are paid: credit, if the person chooses it. */
  leftoverCents: number;
  /** What the chosen charges still owe after the payment. */
  unpaidCents: number;
};

/**
 * A payment split across the chosen charges in the order given: each takes what it still owes
 * until the money runs out. Charges left with nothing are not sent (the API takes only
 * allocations above zero).
 */
export function splitPayment(amountCents: number, chosen: readonly OpenCharge[]): Split {
  let left = Math.max(0, amountCents);
  const allocations: Split['allocations'] = [];
  for (const charge of chosen) {
    const applied = Math.min(left, charge.openCents);
    if (applied > 0) allocations.push({ chargeId: charge.chargeId, amountCents: applied });
    left -= applied;
  }
  const owed = sum(chosen.map((c) => c.openCents));
  return {
    allocations,
    leftoverCents: left,
    unpaidCents: owed - sum(allocations.map((a) => a.amountCents)),
  };
}

/** The balance after a payment of `amountCents` (a payment lowers it, credit or not). */
export function balanceAfter(balanceCents: number, amountCents: number): number {
  return balanceCents - amountCents;
}

/**
 * What may still be refunded of a payment: its amount less the refunds made on it (a reversed
 * refund's reversal carries the opposite sign, so the sum is already net).
 */
export function refundableCents(
  payment: Pick<LedgerEntry, 'entryId' | 'amountCents'>,
  entries: readonly Pick<LedgerEntry, 'kind' | 'paymentId' | 'amountCents'>[],
): number {
  const refunded = sum(
    entries
      .filter((e) => e.kind === 'refund' && e.paymentId === payment.entryId)
      .map((e) => e.amountCents),
  );
  return Math.max(0, payment.amountCents - refunded);
}
