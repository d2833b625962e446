import type { clientLedger } from '@openpractice/contracts/billing/ledger';
import { AGING_BASIS, agingOf } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { clientEntries, ledgerOf, type StoredEntry } from './ledger-store.ts';

type ClientLedger = z.output<typeof clientLedger>;

/** A client's ledger as the page shows it: entries with what each still owes or has left. */
export function ledgerAnswer(
  clientId: number,
  entries: readonly StoredEntry[],
  today: string,
  /** Payments charged through a card processor (they may be refunded to the card). */
  byCardProcessor: ReadonlySet<number> = new Set(),
): ClientLedger {
  const ledger = ledgerOf(entries);
  const open = ledger.openCharges();
  return {
    patientId: clientId,
    balanceCents: ledger.balance(),
    creditCents: ledger.unappliedCredit(),
    aging: agingOf(
      open.map((c) => ({ dateOfService: c.charge.dateOfService, openCents: c.openCents })),
      today,
    ),
    agingBasis: AGING_BASIS,
    entries: entries.map((e) => ({
      ...e,
      reversed: ledger.isReversed(e.entryId),
      openCents:
        e.reversesId !== null
          ? null
          : e.kind === 'charge'
            ? ledger.chargeOpen(e.entryId)
            : e.kind === 'payment'
              ? ledger.paymentUnapplied(e.entryId)
              : null,
      byCardProcessor: e.kind === 'payment' && byCardProcessor.has(e.entryId),
    })),
  };
}

/** Reads and answers a client's ledger, aged as of today in the practice's zone. */
export async function readClientLedger(
  db: Db,
  practiceId: number,
  clientId: number,
  now: Date,
): Promise<ClientLedger> {
  const entries = await clientEntries(db, practiceId, clientId, { lock: false });
  const { today } = await practiceDay(db, practiceId, now);
  // Through the client's entries, then each payment's charge by its unique index (0052).
  const charged = await rowsOf<{ paymentId: number }>(
    db,
    sql`select c.payment_entry_id as "paymentId" from ledger_entries e
        join card_charges c on c.payment_entry_id = e.id
        where e.client_id = ${clientId} and e.practice_id = ${practiceId} and e.kind = 'payment'`,
  );
  return ledgerAnswer(clientId, entries, today, new Set(charged.map((c) => c.paymentId)));
}
