import type { Db } from '../db/client.ts';

/**
 * Where one area tells another that a session may now be billed (issue 19 item 1): the
 * calendar when attendance is recorded, charting when a note is signed. Billing decides
 * whether that makes a charge (a practice may require a signed note first) and answers the
 * charge's id (the attendee's account_invoice_id), or null. The call runs in the caller's
 * transaction, so a charge exists exactly when the attendance or signature it came from does.
 * Areas never import each other; billing registers its handler here when its module loads.
 * Other areas that act on a billable session (claims, issue 20) listen beside it: each
 * listener runs after the charge, in the same transaction, so a failure undoes it all.
 */
export type BillableSessionEvent = {
  practiceId: number;
  attendeeId: number;
  userId: number | null;
  reason: 'attended' | 'noteSigned';
};

type Handler = (db: Db, event: BillableSessionEvent) => Promise<number | null>;

type Listener = (db: Db, event: BillableSessionEvent) => Promise<void>;

let handler: Handler | null = null;
/** By area: a module registered again (another app in the same process) replaces its own. */
const listeners = new Map<string, Listener>();

export function handleBillableSessions(next: Handler): void {
  handler = next;
}

export function listenToBillableSessions(area: string, listener: Listener): void {
  listeners.set(area, listener);
}

/** The charge made (or already made) for the session, or null when it is not billed yet. */
export async function sessionMayBeBilled(
  db: Db,
  event: BillableSessionEvent,
): Promise<number | null> {
  const charge = handler === null ? null : await handler(db, event);
  for (const listener of listeners.values()) await listener(db, event);
  return charge;
}
