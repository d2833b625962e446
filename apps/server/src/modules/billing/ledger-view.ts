import type { clientLedger } from '@openpractice/contracts/billing/ledger';
import { AGING_BASIS, agingOf } from '@openpractice/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { clientEntries, ledgerOf, type StoredEntry } from './ledger-store.ts';

type ClientLedger = z.output<typeof clientLedger>;

/** A client's ledger as the page shows it: entries with what each still owes or has left. */
export function ledgerAnswer(
  clientId: number,
  entries: readonly StoredEntry[],
  today: string,
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
  return ledgerAsOfToday(db, practiceId, clientId, entries, now);
}

/** Answers entries already read (a write's, with what it wrote), aged as of today. */
export async function ledgerAsOfToday(
  db: Db,
  practiceId: number,
  clientId: number,
  entries: readonly StoredEntry[],
  now: Date,
): Promise<ClientLedger> {
  const { today } = await practiceDay(db, practiceId, now);
  return ledgerAnswer(clientId, entries, today);
}
