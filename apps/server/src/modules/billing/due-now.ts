import type { dueNowAnswer } from '@openpractice/contracts/billing/due-now';
import { dueNow, sessionCharge } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { clientEntries, ledgerOf } from './ledger-store.ts';
import { chargeFactsOf, sessionFactsWhere } from './session-facts.ts';

type DueNowAnswer = z.output<typeof dueNowAnswer>;

/**
 * Today's sessions (the practice's day) that the client is expected to pay part of and that
 * have no charge yet: appointments not cancelled nor awaiting confirmation, attended or not yet
 * marked, never a no-show. What would be charged is the domain's `sessionCharge`, the same rule
 * attendance uses; a session without a service, a group's own row or a free session asks nothing.
 */
async function todaysUnchargedSessions(db: Db, practiceId: number, clientId: number, now: Date) {
  const { timezone, today } = await practiceDay(db, practiceId, now);
  const facts = await sessionFactsWhere(
    db,
    practiceId,
    sql`a.client_id = ${clientId}
        and a.event_start_at >= (${today}::date::timestamp at time zone ${timezone})
        and a.event_start_at < ((${today}::date + 1)::timestamp at time zone ${timezone})
        and e.type = 'appointment' and e.cancelled_at is null and not e.awaiting_confirmation
        and not a.no_show and a.attended is not false and a.account_invoice_id is null`,
    { lock: false },
  );
  return facts.flatMap((f) => {
    if (f.isGroupClient || f.productId === null) return [];
    const charge = sessionCharge(chargeFactsOf(f));
    if (charge === null || charge.clientCents <= 0) return [];
    return [{ attendeeId: f.attendeeId, startAt: f.startAt, clientPartCents: charge.clientCents }];
  });
}

/**
 * What the client should pay now, from their ledger as the ledger page derives it: the balance,
 * the credit, the charges still owing (for the payment form to apply the money to) and today's
 * part. One read of the entries, so the figures agree with each other.
 */
export async function readDueNow(
  db: Db,
  practiceId: number,
  clientId: number,
  now: Date,
): Promise<DueNowAnswer> {
  const entries = await clientEntries(db, practiceId, clientId, { lock: false });
  const ledger = ledgerOf(entries);
  const stored = new Map(entries.map((e) => [e.entryId, e]));
  const openCharges = ledger.openCharges().map(({ charge, openCents }) => ({
    chargeId: charge.id,
    dateOfService: charge.dateOfService,
    cptCode: stored.get(charge.id)?.cptCode ?? null,
    amountCents: charge.amountCents,
    openCents,
  }));
  const sessions = await todaysUnchargedSessions(db, practiceId, clientId, now);
  const due = dueNow({
    balanceCents: ledger.balance(),
    openChargeCents: openCharges.map((c) => c.openCents),
    todaysUnchargedCents: sessions.map((s) => s.clientPartCents),
  });
  return {
    patientId: clientId,
    balanceCents: ledger.balance(),
    creditCents: ledger.unappliedCredit(),
    openCharges,
    ...due,
    sessions,
  };
}
