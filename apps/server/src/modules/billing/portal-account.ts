import type { portalAccount } from '@openpractice/contracts/billing/portal';
import { portalPaymentPlan } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { payByCard } from './cards-charge.ts';
import type { CardOwner } from './cards-service.ts';
import { cardsOf, processorsOf, toSavedCard } from './cards-store.ts';
import { clientEntries, ledgerOf } from './ledger-store.ts';
import { publishableKeyFor } from './processors/index.ts';

type PortalAccount = z.output<typeof portalAccount>;

/**
 * A client's own account as the portal shows it (issue 19 item 4), and their payment. Both
 * reuse billing's own parts: the ledger's sums, the saved cards and processors, and paying by
 * card (`payByCard`: the client's lock, the ledger's rules, then the processor), so a portal
 * payment obeys every rule a staff payment does.
 */

/** What the balance is made of, the client's cards and the processors a new card may go to. */
export async function readPortalAccount(
  db: Db,
  practiceId: number,
  clientId: number,
  now: Date,
): Promise<PortalAccount> {
  const entries = await clientEntries(db, practiceId, clientId, { lock: false });
  const ledger = ledgerOf(entries);
  const openCharges = ledger.openCharges().map(({ charge, openCents }) => ({
    chargeId: charge.id,
    dateOfService: charge.dateOfService,
    amountCents: charge.amountCents,
    openCents,
  }));
  const owed = openCharges.reduce((total, c) => total + c.openCents, 0);
  const cards = await cardsOf(db, practiceId, clientId);
  const processors = await processorsOf(db, practiceId, clientId);
  return {
    balanceCents: ledger.balance(),
    creditCents: ledger.unappliedCredit(),
    payableCents: Math.max(0, Math.min(ledger.balance(), owed)),
    openCharges,
    cards: cards.map((c) => toSavedCard(c, now)),
    processors: processors.map((p) => ({
      processorId: p.processorId,
      kind: p.kind,
      name: p.name,
      active: p.active,
      movesMoney: p.kind !== 'local',
      publishableKey: publishableKeyFor(p),
    })),
  };
}

/**
 * Pays all or part of the client's balance by card, oldest charges first (the domain's
 * `portalPaymentPlan`). The client's row is locked before the ledger is read, so two tabs
 * paying at once cannot both pay the same balance; a submission already charged (same key)
 * answers that payment rather than being checked against the balance it lowered.
 */
export async function payOwnBalance(
  db: Db,
  owner: CardOwner,
  input: {
    amountCents: number;
    cardId?: number | undefined;
    token?: string | undefined;
    processorId?: number | undefined;
    idempotencyKey: string;
  },
  now: () => Date,
): Promise<{ paymentId: number; repeated: boolean }> {
  await db.execute(
    sql`select 1 from clients where id = ${owner.clientId} and practice_id = ${owner.practiceId} for update`,
  );
  const [earlier] = await rowsOf<{ id: number }>(
    db,
    sql`select id from card_charges
        where practice_id = ${owner.practiceId} and idempotency_key = ${input.idempotencyKey}`,
  );
  let allocations: { chargeId: number; amountCents: number }[] = [];
  if (!earlier) {
    const entries = await clientEntries(db, owner.practiceId, owner.clientId, { lock: false });
    const ledger = ledgerOf(entries);
    const plan = portalPaymentPlan(
      {
        balanceCents: ledger.balance(),
        openCharges: ledger
          .openCharges()
          .map(({ charge, openCents }) => ({ chargeId: charge.id, openCents })),
      },
      input.amountCents,
    );
    if (plan.refusal !== null) throw badRequest(plan.refusal, 'amountCents');
    allocations = plan.allocations;
  }
  return payByCard(
    db,
    owner,
    {
      amountCents: input.amountCents,
      cardId: input.cardId,
      token: input.token,
      processorId: input.processorId,
      // Printed on the statement, so the practice knows where the payment came from.
      notation: 'Paid in the client portal',
      allocations,
      leaveCredit: false,
      idempotencyKey: input.idempotencyKey,
    },
    now,
  );
}
