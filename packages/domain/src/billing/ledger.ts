/**
 * The client ledger (issue 19 item 1): integer cents, append-only, every balance derived from
 * its entries and never stored. A change is a reversal (an entry of the same kind with the
 * opposite sign pointing at what it reverses), never an edit, so the history is the truth.
 *
 *   balance = charges − payments − adjustments + refunds
 *
 * Allocations move a payment onto charges; they change what is open on each charge and how
 * much of a payment is left as credit, never the balance itself.
 */

export const PAYMENT_SOURCES = ['client', 'insurance'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const PAYMENT_METHODS = ['cash', 'check', 'card', 'external_card', 'era'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ADJUSTMENT_KINDS = ['discount', 'writeoff', 'contractual', 'transfer'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

type Entry = { id: number; amountCents: number; reversesId?: number | null };

export type Charge = Entry & { kind: 'charge'; dateOfService: string };
export type Payment = Entry & { kind: 'payment'; source: PaymentSource; method: PaymentMethod };
export type Allocation = Entry & { kind: 'allocation'; paymentId: number; chargeId: number };
export type Adjustment = Entry & {
  kind: 'adjustment';
  chargeId: number;
  adjustmentKind: AdjustmentKind;
};
export type Refund = Entry & { kind: 'refund'; paymentId: number };

export type LedgerEntry = Charge | Payment | Allocation | Adjustment | Refund;

/** The messages a refused entry answers with (shown to staff as they are). */
export const LEDGER_MESSAGES = {
  notCents: 'Enter an amount in whole cents greater than zero.',
  unknownCharge: 'That charge is not on this client’s account.',
  unknownPayment: 'That payment is not on this client’s account.',
  overAllocatedPayment: 'That is more than is left of the payment to apply.',
  overAllocatedCharge: 'That is more than is still owed on the charge.',
  overAdjusted: 'An adjustment cannot be more than is still owed on the charge.',
  overRefunded: 'A refund cannot be more than was paid and not yet refunded.',
  reversedTwice: 'That entry has already been reversed.',
  notReversible: 'Only an entry of the same kind can be reversed, by its full amount.',
} as const;

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** Charges and payments share one id space; a charge's 'used' sum is kept under its negated id. */
const chargeKey = (chargeId: number) => -chargeId;

/** What an entry adds to the balance: charges and refunds up, payments and adjustments down. */
export function balanceEffect(entry: LedgerEntry): number {
  switch (entry.kind) {
    case 'charge':
    case 'refund':
      return entry.amountCents;
    case 'payment':
    case 'adjustment':
      return -entry.amountCents;
    case 'allocation':
      return 0;
  }
}

/** An amount a person enters: whole cents, positive, within safe integers. */
export const isPositiveCents = (cents: number) => Number.isSafeInteger(cents) && cents > 0;

const add = <K>(map: Map<K, number>, key: K, cents: number) => {
  map.set(key, (map.get(key) ?? 0) + cents);
};

/**
 * One client's entries, with the sums every rule reads, each worked out once when the ledger
 * is made (a client with years of sessions has hundreds of entries, and a page asks every
 * charge and payment what is left of it).
 */
export class Ledger {
  private readonly byId = new Map<number, LedgerEntry>();
  private readonly reversed = new Set<number>();
  /** A charge's or payment's amount with its reversal, by its id. */
  private readonly net = new Map<number, number>();
  /** What was applied or adjusted on a charge, or applied or refunded of a payment. */
  private readonly used = new Map<number, number>();
  /** What of a payment was applied to a charge, by `payment:charge`. */
  private readonly pairs = new Map<string, number>();
  private readonly total: number;

  constructor(readonly entries: readonly LedgerEntry[]) {
    let balance = 0;
    for (const e of entries) {
      this.byId.set(e.id, e);
      if (e.reversesId) this.reversed.add(e.reversesId);
      balance += balanceEffect(e);
      switch (e.kind) {
        case 'charge':
        case 'payment':
          add(this.net, e.reversesId ?? e.id, e.amountCents);
          break;
        case 'allocation':
          add(this.used, chargeKey(e.chargeId), e.amountCents);
          add(this.used, e.paymentId, e.amountCents);
          add(this.pairs, `${e.paymentId}:${e.chargeId}`, e.amountCents);
          break;
        case 'adjustment':
          add(this.used, chargeKey(e.chargeId), e.amountCents);
          break;
        case 'refund':
          add(this.used, e.paymentId, e.amountCents);
          break;
      }
    }
    this.total = balance;
  }

  /** What the client owes (negative: a credit). */
  balance(): number {
    return this.total;
  }

  /** What is still owed on a charge: its amount less what was applied or adjusted. */
  chargeOpen(chargeId: number): number {
    return (this.net.get(chargeId) ?? 0) - (this.used.get(chargeKey(chargeId)) ?? 0);
  }

  /** What is left of a payment to apply or refund: its credit. */
  paymentUnapplied(paymentId: number): number {
    return (this.net.get(paymentId) ?? 0) - (this.used.get(paymentId) ?? 0);
  }

  /** What of a payment was applied to one charge (net of reversals). */
  applied(paymentId: number, chargeId: number): number {
    return this.pairs.get(`${paymentId}:${chargeId}`) ?? 0;
  }

  /** The client's credit: payments not applied to any charge. */
  unappliedCredit(): number {
    return sum(
      this.entries
        .filter((e): e is Payment => e.kind === 'payment' && !e.reversesId)
        .map((p) => this.paymentUnapplied(p.id)),
    );
  }

  /** Charges with something still owed, oldest first. */
  openCharges(): { charge: Charge; openCents: number }[] {
    return this.entries
      .filter((e): e is Charge => e.kind === 'charge' && !e.reversesId)
      .map((charge) => ({ charge, openCents: this.chargeOpen(charge.id) }))
      .filter((c) => c.openCents > 0)
      .sort(
        (a, b) =>
          a.charge.dateOfService.localeCompare(b.charge.dateOfService) || a.charge.id - b.charge.id,
      );
  }

  get(id: number): LedgerEntry | undefined {
    return this.byId.get(id);
  }

  /** True when some entry reverses this one. */
  isReversed(id: number): boolean {
    return this.reversed.has(id);
  }
}

type Refusal = (typeof LEDGER_MESSAGES)[keyof typeof LEDGER_MESSAGES];

/** Why an allocation may not be made, or null. */
export function allocationRefusal(
  ledger: Ledger,
  a: { paymentId: number; chargeId: number; amountCents: number },
): Refusal | null {
  if (!isPositiveCents(a.amountCents)) return LEDGER_MESSAGES.notCents;
  if (ledger.get(a.paymentId)?.kind !== 'payment') return LEDGER_MESSAGES.unknownPayment;
  if (ledger.get(a.chargeId)?.kind !== 'charge') return LEDGER_MESSAGES.unknownCharge;
  if (a.amountCents > ledger.paymentUnapplied(a.paymentId))
    return LEDGER_MESSAGES.overAllocatedPayment;
  if (a.amountCents > ledger.chargeOpen(a.chargeId)) return LEDGER_MESSAGES.overAllocatedCharge;
  return null;
}

/** Why an adjustment may not be made, or null. */
export function adjustmentRefusal(
  ledger: Ledger,
  a: { chargeId: number; amountCents: number },
): Refusal | null {
  if (!isPositiveCents(a.amountCents)) return LEDGER_MESSAGES.notCents;
  if (ledger.get(a.chargeId)?.kind !== 'charge') return LEDGER_MESSAGES.unknownCharge;
  if (a.amountCents > ledger.chargeOpen(a.chargeId)) return LEDGER_MESSAGES.overAdjusted;
  return null;
}

/**
 * A refund of part or all of a payment: what it takes back from the charges it was applied
 * to (newest allocations first, as reversals) so that the refund never exceeds the payment's
 * credit; or why it may not be made.
 */
export function refundPlan(
  ledger: Ledger,
  r: { paymentId: number; amountCents: number },
): { refusal: Refusal } | { refusal: null; unapply: { chargeId: number; amountCents: number }[] } {
  if (!isPositiveCents(r.amountCents)) return { refusal: LEDGER_MESSAGES.notCents };
  if (ledger.get(r.paymentId)?.kind !== 'payment')
    return { refusal: LEDGER_MESSAGES.unknownPayment };
  const refundable =
    ledger.paymentUnapplied(r.paymentId) +
    sum(
      ledger.entries
        .filter((e): e is Allocation => e.kind === 'allocation' && e.paymentId === r.paymentId)
        .map((e) => e.amountCents),
    );
  if (r.amountCents > refundable) return { refusal: LEDGER_MESSAGES.overRefunded };
  let needed = r.amountCents - ledger.paymentUnapplied(r.paymentId);
  const unapply: { chargeId: number; amountCents: number }[] = [];
  const charges = [
    ...new Set(
      ledger.entries
        .filter((e): e is Allocation => e.kind === 'allocation' && e.paymentId === r.paymentId)
        .map((e) => e.chargeId),
    ),
  ].reverse();
  for (const chargeId of charges) {
    if (needed <= 0) break;
    const take = Math.min(needed, ledger.applied(r.paymentId, chargeId));
    if (take > 0) {
      unapply.push({ chargeId, amountCents: take });
      needed -= take;
    }
  }
  return { refusal: null, unapply };
}

/** Why an entry may not be reversed, or null: once only, and never a reversal itself. */
export function reversalRefusal(ledger: Ledger, entryId: number): Refusal | null {
  const entry = ledger.get(entryId);
  if (entry === undefined || entry.reversesId) return LEDGER_MESSAGES.notReversible;
  if (ledger.isReversed(entryId)) return LEDGER_MESSAGES.reversedTwice;
  // A payment or charge still carrying allocations must have them reversed first.
  if (entry.kind === 'payment' && ledger.paymentUnapplied(entryId) !== entry.amountCents)
    return LEDGER_MESSAGES.notReversible;
  if (entry.kind === 'charge' && ledger.chargeOpen(entryId) !== entry.amountCents)
    return LEDGER_MESSAGES.notReversible;
  // An allocation is reversed only while all of it is still applied (a refund may have taken
  // part of it back); what a refund took back is not re-applied by reversal but anew.
  if (
    entry.kind === 'allocation' &&
    (entry.amountCents < 0 || ledger.applied(entry.paymentId, entry.chargeId) < entry.amountCents)
  )
    return LEDGER_MESSAGES.notReversible;
  return null;
}
