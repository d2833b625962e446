import { sessionCharge } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BillableSessionEvent } from '../../platform/billable-sessions.ts';
import { appendEntry } from './ledger-store.ts';
import { chargeFactsOf, sessionFactsWhere } from './session-facts.ts';

/**
 * Makes the charge for an attended session, once (issue 19 item 1): on attendance, or — when
 * the practice requires a signed note first — on the note's signature. The fee comes from the
 * payer's fee schedule, the client's usual fee or the service's fee; the client's and the
 * insurer's expected parts from the policy's newest confirmed copay or coinsurance. The
 * attendee row is locked while this runs, so two callers cannot both charge a session.
 */
export async function chargeSession(db: Db, event: BillableSessionEvent): Promise<number | null> {
  const [facts] = await sessionFactsWhere(db, event.practiceId, sql`a.id = ${event.attendeeId}`, {
    lock: true,
  });
  if (!facts || facts.accountInvoiceId !== null) return facts?.accountInvoiceId ?? null;
  if (facts.attended !== true || facts.isGroupClient || facts.productId === null) return null;
  if (facts.signedNoteRequired && !facts.hasLockedNote) return null;
  const charge = sessionCharge(chargeFactsOf(facts));
  // A free session (a fee of zero) is not a charge: nothing is owed and nothing is billed.
  if (charge === null) return null;
  const chargeId = await appendEntry(
    db,
    { practiceId: event.practiceId, clientId: facts.clientId, userId: event.userId },
    {
      kind: 'charge',
      amountCents: charge.feeCents,
      dateOfService: facts.dateOfService,
      attendeeId: event.attendeeId,
      productId: facts.productId,
      cptCode: facts.cptCode,
      units: 1,
      clientPartCents: charge.clientCents,
      insurerPartCents: charge.insurerCents,
    },
  );
  await db.execute(
    sql`update calendar_event_attendees set account_invoice_id = ${chargeId} where id = ${event.attendeeId}`,
  );
  return chargeId;
}

/** A reversed session charge frees its session to be charged again (after a correction). */
export async function releaseSessionCharge(db: Db, chargeId: number): Promise<void> {
  await db.execute(
    sql`update calendar_event_attendees set account_invoice_id = null where account_invoice_id = ${chargeId}`,
  );
}
