import {
  LEDGER_MESSAGES,
  adjustmentRefusal,
  allocationRefusal,
  refundPlan,
  reversalRefusal,
  type Ledger,
} from '@openpractice/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { releaseSessionCharge } from './charge-session.ts';
import {
  appendEntry,
  appendPaymentWithAllocations,
  appendStoredEntries,
  clientEntries,
  entryByKey,
  ledgerOf,
  lockClientLedger,
  paymentFacts,
  type EntryOwner,
  type RuleFields,
  type StoredEntry,
} from './ledger-store.ts';

/** Who writes, for whom: every write names its practice, client and user (and `at`, see EntryOwner). */
export type LedgerOwner = EntryOwner;

export const PAYMENT_MESSAGES = {
  leftOver:
    'The payment is more than the charges chosen. Choose more charges, or keep the rest as credit.',
  keyOfAnother: 'That submission was already recorded for another client.',
} as const;

/** The client's ledger, locked for writing (see clientEntries). */
async function lockedLedger(
  db: Db,
  owner: LedgerOwner,
): Promise<{ ledger: Ledger; entries: StoredEntry[] }> {
  const entries = await clientEntries(db, owner.practiceId, owner.clientId, { lock: true });
  return { ledger: ledgerOf(entries), entries };
}

/** An entry as the ledger reads it before it is read back (only its sums matter here). */
function blankEntry(entryId: number, kind: StoredEntry['kind'], amountCents: number): StoredEntry {
  return {
    entryId,
    kind,
    amountCents,
    reversesId: null,
    dateOfService: null,
    cptCode: null,
    units: null,
    clientPartCents: null,
    insurerPartCents: null,
    paymentSource: null,
    paymentMethod: null,
    reference: null,
    paymentId: null,
    chargeId: null,
    adjustmentKind: null,
    notation: null,
    createdAt: new Date(0),
    createdBy: null,
    byCardProcessor: false,
  };
}

/**
 * Checks allocations of one payment against the ledger as each would leave it (a charge
 * chosen twice is checked against what the first left); throws the first refusal, naming
 * the allocation's field.
 */
function checkAllocations(
  entries: readonly RuleFields[],
  paymentId: number,
  allocations: readonly { chargeId: number; amountCents: number }[],
): void {
  let grown = [...entries];
  for (const [index, a] of allocations.entries()) {
    const refusal = allocationRefusal(ledgerOf(grown), { paymentId, ...a });
    if (refusal !== null) {
      throw badRequest(
        refusal,
        refusal === LEDGER_MESSAGES.unknownCharge || refusal === LEDGER_MESSAGES.overAllocatedCharge
          ? `allocations.${index}.chargeId`
          : `allocations.${index}.amountCents`,
      );
    }
    // Not yet written: a stand-in id no stored entry has.
    grown = [
      ...grown,
      { ...blankEntry(-2 - index, 'allocation', a.amountCents), paymentId, chargeId: a.chargeId },
    ];
  }
}

/** Checks allocations of a stored payment against the client's locked ledger, then appends them. */
async function allocate(
  db: Db,
  owner: LedgerOwner,
  entries: readonly StoredEntry[],
  paymentId: number,
  allocations: readonly { chargeId: number; amountCents: number }[],
): Promise<void> {
  checkAllocations(entries, paymentId, allocations);
  await appendStoredEntries(
    db,
    owner,
    allocations.map((a) => ({ kind: 'allocation' as const, paymentId, ...a })),
  );
}

/** What a payment leaves the client at: the balance, and the credit not applied to charges. */
export type PaymentStanding = { balanceCents: number; creditCents: number };

/**
 * A payment not yet written, as the rules read it: a stand-in id no stored entry has. Positive,
 * since the domain keeps each charge's sums under its negated id.
 */
const PENDING_PAYMENT_ID = Number.MAX_SAFE_INTEGER;

/**
 * A payment, applied to the chosen charges; what is left stays as credit only when asked
 * (so a typo of an extra zero is caught, not silently banked). A key already recorded answers
 * the recorded payment: the same submission five times at once is one payment, because the
 * client's lock makes them wait and the later ones find the first.
 */
export async function recordPayment(
  db: Db,
  owner: LedgerOwner,
  input: {
    amountCents: number;
    source: 'client' | 'insurance';
    method: 'cash' | 'check' | 'card' | 'external_card' | 'era';
    reference?: string | undefined;
    notation?: string | undefined;
    allocations: readonly { chargeId: number; amountCents: number }[];
    leaveCredit: boolean;
    idempotencyKey: string;
  },
): Promise<{ paymentId: number; repeated: boolean; standing: PaymentStanding }> {
  // The rules need only the chosen charges, not the client's whole history: a payment costs
  // the same for a client of two years as for a new one (issue 19 item 10).
  await lockClientLedger(db, owner);
  const facts = await paymentFacts(
    db,
    owner,
    input.idempotencyKey,
    input.allocations.map((a) => a.chargeId),
  );
  const before = { balanceCents: facts.balanceCents, creditCents: facts.creditCents };
  if (facts.earlier) {
    if (facts.earlier.clientId !== owner.clientId) throw conflict(PAYMENT_MESSAGES.keyOfAnother);
    return { paymentId: facts.earlier.id, repeated: true, standing: before };
  }
  const applied = input.allocations.reduce((total, a) => total + a.amountCents, 0);
  if (applied > input.amountCents)
    throw badRequest(LEDGER_MESSAGES.overAllocatedPayment, 'allocations');
  if (applied < input.amountCents && !input.leaveCredit)
    throw badRequest(PAYMENT_MESSAGES.leftOver, 'leaveCredit');
  const payment = {
    kind: 'payment' as const,
    amountCents: input.amountCents,
    paymentSource: input.source,
    paymentMethod: input.method,
    reference: input.reference ?? null,
    notation: input.notation ?? null,
    idempotencyKey: input.idempotencyKey,
  };
  checkAllocations(
    [
      ...facts.charges,
      { ...blankEntry(PENDING_PAYMENT_ID, 'payment', input.amountCents), ...payment },
    ],
    PENDING_PAYMENT_ID,
    input.allocations,
  );
  const paymentId = await appendPaymentWithAllocations(db, owner, payment, input.allocations);
  return {
    paymentId,
    repeated: false,
    // A payment lowers the balance by its amount; what is not applied is credit.
    standing: {
      balanceCents: before.balanceCents - input.amountCents,
      creditCents: before.creditCents + input.amountCents - applied,
    },
  };
}

/** What the client stands at now (a repeated submission answers it, as the first did). */
export async function standingOf(db: Db, owner: LedgerOwner): Promise<PaymentStanding> {
  const facts = await paymentFacts(db, owner, null, []);
  return { balanceCents: facts.balanceCents, creditCents: facts.creditCents };
}

/** Applies more of an existing payment (its credit) to charges. */
export async function applyPayment(
  db: Db,
  owner: LedgerOwner,
  paymentId: number,
  allocations: readonly { chargeId: number; amountCents: number }[],
): Promise<void> {
  const { entries } = await lockedLedger(db, owner);
  await allocate(db, owner, entries, paymentId, allocations);
}

/** A discount, write-off, contractual adjustment or transfer on one charge. */
export async function recordAdjustment(
  db: Db,
  owner: LedgerOwner,
  input: { chargeId: number; amountCents: number; kind: string; notation?: string | undefined },
): Promise<void> {
  const { ledger } = await lockedLedger(db, owner);
  const refusal = adjustmentRefusal(ledger, input);
  if (refusal !== null)
    throw badRequest(
      refusal,
      refusal === LEDGER_MESSAGES.unknownCharge ? 'chargeId' : 'amountCents',
    );
  await appendEntry(db, owner, {
    kind: 'adjustment',
    chargeId: input.chargeId,
    amountCents: input.amountCents,
    adjustmentKind: input.kind,
    notation: input.notation ?? null,
  });
}

/**
 * A refund of part or all of a payment: first takes back what it needs from the charges the
 * payment was applied to (newest first), then records the refund. The caller moves the money
 * (card processor or cash) before this is committed; a repeated key answers the first refund.
 */
export async function refundPayment(
  db: Db,
  owner: LedgerOwner,
  input: {
    paymentId: number;
    amountCents: number;
    notation?: string | undefined;
    idempotencyKey: string;
  },
): Promise<{ refundId: number; repeated: boolean }> {
  const { ledger } = await lockedLedger(db, owner);
  const earlier = await entryByKey(db, owner.practiceId, input.idempotencyKey);
  if (earlier) {
    if (earlier.clientId !== owner.clientId) throw conflict(PAYMENT_MESSAGES.keyOfAnother);
    return { refundId: earlier.id, repeated: true };
  }
  const plan = refundPlan(ledger, input);
  if (plan.refusal !== null)
    throw badRequest(
      plan.refusal,
      plan.refusal === LEDGER_MESSAGES.unknownPayment ? 'paymentId' : 'amountCents',
    );
  for (const take of plan.unapply) {
    await appendEntry(db, owner, {
      kind: 'allocation',
      paymentId: input.paymentId,
      chargeId: take.chargeId,
      amountCents: -take.amountCents,
      notation: 'Taken back for a refund',
    });
  }
  const refundId = await appendEntry(db, owner, {
    kind: 'refund',
    paymentId: input.paymentId,
    amountCents: input.amountCents,
    notation: input.notation ?? null,
    idempotencyKey: input.idempotencyKey,
  });
  return { refundId, repeated: false };
}

/** Reverses one entry by its full amount, with the reason; once only. */
export async function reverseEntry(
  db: Db,
  owner: LedgerOwner,
  input: { entryId: number; notation: string },
): Promise<StoredEntry> {
  const { ledger, entries } = await lockedLedger(db, owner);
  const refusal = reversalRefusal(ledger, input.entryId);
  const entry = entries.find((e) => e.entryId === input.entryId);
  if (refusal !== null || entry === undefined)
    throw badRequest(refusal ?? LEDGER_MESSAGES.notReversible, 'entryId');
  await appendEntry(db, owner, {
    kind: entry.kind,
    amountCents: -entry.amountCents,
    reversesId: entry.entryId,
    dateOfService: entry.dateOfService,
    cptCode: entry.cptCode,
    units: entry.units,
    paymentSource: entry.paymentSource,
    paymentMethod: entry.paymentMethod,
    paymentId: entry.paymentId,
    chargeId: entry.chargeId,
    adjustmentKind: entry.adjustmentKind,
    notation: input.notation,
  });
  if (entry.kind === 'charge') await releaseSessionCharge(db, entry.entryId);
  return entry;
}
