import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { asking, CARD_SERVICE_MESSAGES, type CardOwner } from './cards-service.ts';
import { cardOf, processorById, processorServing } from './cards-store.ts';
import {
  PAYMENT_MESSAGES,
  recordPayment,
  refundPayment,
  standingOf,
  type PaymentStanding,
} from './ledger-service.ts';
import { lockClientLedger } from './ledger-store.ts';
import { adapterFor } from './processors/index.ts';

/**
 * Paying by card (issue 19 items 4 and 6). The order matters:
 *  1. the client's row lock (the ledger's own), so the same submission sent five times at
 *     once is handled one after another and the later ones find the first;
 *  2. the ledger records the payment with its rules (allocations, credit) BEFORE any money
 *     moves, so a payment the ledger would refuse is never charged;
 *  3. the processor charges with our key (prefixed by practice: keys are per account there);
 *  4. a decline throws, and the request's transaction takes the payment back: nothing written.
 * A crash between the processor's answer and our commit leaves a charge with no payment; the
 * retry carries the same key, the processor answers the same charge, and the payment is kept.
 */

export const CHARGE_MESSAGES = {
  which: 'Choose a saved card, or enter a card.',
  notByCard: 'That payment was not made by card here, so it cannot go back to a card.',
} as const;

export async function payByCard(
  db: Db,
  owner: CardOwner,
  input: {
    amountCents: number;
    cardId?: number | undefined;
    token?: string | undefined;
    processorId?: number | undefined;
    notation?: string | undefined;
    allocations: readonly { chargeId: number; amountCents: number }[];
    leaveCredit: boolean;
    idempotencyKey: string;
  },
  now: () => Date,
): Promise<{ paymentId: number; repeated: boolean; standing: PaymentStanding }> {
  await lockClientLedger(db, owner);
  const [earlier] = await rowsOf<{ clientId: number; paymentId: number }>(
    db,
    sql`select client_id as "clientId", payment_entry_id as "paymentId" from card_charges
        where practice_id = ${owner.practiceId} and idempotency_key = ${input.idempotencyKey}`,
  );
  if (earlier) {
    if (earlier.clientId !== owner.clientId) throw conflict(PAYMENT_MESSAGES.keyOfAnother);
    return { paymentId: earlier.paymentId, repeated: true, standing: await standingOf(db, owner) };
  }

  const source = await chargeSource(db, owner, input);
  const recorded = await recordPayment(db, owner, {
    amountCents: input.amountCents,
    source: 'client',
    method: 'card',
    // What the desk and the statement show: the card, never its number.
    reference: `${source.brand} ending ${source.last4}`,
    notation: input.notation,
    allocations: input.allocations,
    leaveCredit: input.leaveCredit,
    idempotencyKey: input.idempotencyKey,
  });
  if (recorded.repeated) return recorded;

  const adapter = adapterFor(db, source.setting, now);
  const outcome = await asking(() =>
    adapter.charge({
      amountCents: input.amountCents,
      cardRef: source.cardRef,
      customerRef: source.customerRef,
      idempotencyKey: `op-charge:${owner.practiceId}:${input.idempotencyKey}`,
      refs: { practice: String(owner.practiceId), payment: String(recorded.paymentId) },
    }),
  );
  // 402: the request was right, the card was refused; the processor's words, nothing kept.
  if (!outcome.ok) throw new AppError(402, outcome.message, input.cardId ? 'cardId' : 'token');
  await db.execute(sql`insert into card_charges (practice_id, client_id, processor_id,
        saved_card_id, idempotency_key, charge_ref, amount_cents, payment_entry_id)
      values (${owner.practiceId}, ${owner.clientId}, ${source.setting.processorId},
        ${input.cardId ?? null}, ${input.idempotencyKey}, ${outcome.chargeRef},
        ${input.amountCents}, ${recorded.paymentId})`);
  return recorded;
}

/** The card to charge: a saved card of this client, or a fresh token on a processor serving them. */
async function chargeSource(
  db: Db,
  owner: CardOwner,
  input: {
    cardId?: number | undefined;
    token?: string | undefined;
    processorId?: number | undefined;
  },
) {
  if (input.cardId !== undefined) {
    const card = await cardOf(db, owner.practiceId, owner.clientId, input.cardId);
    if (!card) throw notFound(CARD_SERVICE_MESSAGES.noCard);
    const setting = await processorById(db, owner.practiceId, card.processorId);
    if (!setting?.active) throw badRequest(CARD_SERVICE_MESSAGES.noProcessor, 'cardId');
    return {
      setting,
      cardRef: card.cardRef,
      customerRef: card.customerRef,
      brand: card.brand,
      last4: card.last4,
    };
  }
  if (input.token === undefined || input.processorId === undefined)
    throw badRequest(CHARGE_MESSAGES.which, 'cardId');
  const setting = await processorServing(db, owner.practiceId, owner.clientId, input.processorId);
  if (!setting) throw badRequest(CARD_SERVICE_MESSAGES.notServing, 'processorId');
  const facts = await oneTimeCardFacts(db, owner.practiceId, setting.kind, input.token);
  return { setting, cardRef: input.token, customerRef: null, ...facts };
}

/** What to print of a one-time card: the local vault knows; Stripe's is named after the charge. */
async function oneTimeCardFacts(
  db: Db,
  practiceId: number,
  kind: 'local' | 'stripe',
  token: string,
): Promise<{ brand: string; last4: string }> {
  if (kind === 'stripe') return { brand: 'Card', last4: '····' };
  const [row] = await rowsOf<{ brand: string; last4: string }>(
    db,
    sql`select brand, last4 from local_processor_cards
        where token = ${token} and practice_id = ${practiceId}`,
  );
  return row ?? { brand: 'Card', last4: '····' };
}

/** A refund to the card a payment came from: the ledger's rules first, then the processor. */
export async function refundToCard(
  db: Db,
  owner: CardOwner,
  input: {
    paymentId: number;
    amountCents: number;
    notation?: string | undefined;
    idempotencyKey: string;
  },
  now: () => Date,
): Promise<void> {
  const [charge] = await rowsOf<{ id: number; processorId: number; chargeRef: string }>(
    db,
    sql`select id, processor_id as "processorId", charge_ref as "chargeRef" from card_charges
        where payment_entry_id = ${input.paymentId} and practice_id = ${owner.practiceId}
          and client_id = ${owner.clientId}`,
  );
  if (!charge) throw badRequest(CHARGE_MESSAGES.notByCard, 'paymentId');
  const refund = await refundPayment(db, owner, input);
  if (refund.repeated) return;
  const setting = await processorById(db, owner.practiceId, charge.processorId);
  if (!setting) throw notFound(CARD_SERVICE_MESSAGES.noProcessor);
  await asking(() =>
    adapterFor(db, setting, now).refund({
      chargeRef: charge.chargeRef,
      amountCents: input.amountCents,
      idempotencyKey: `op-refund:${owner.practiceId}:${input.idempotencyKey}`,
    }),
  );
  // Kept so the processor's own refund event for this refund adds nothing again.
  await db.execute(sql`update card_charges set refunded_cents = refunded_cents + ${input.amountCents}
      where id = ${charge.id}`);
}
