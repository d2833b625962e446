import type { Db } from '../db/client.ts';

/**
 * Where claims hands billing what an insurer's remittance (ERA 835) pays for one client
 * (issue 20 item 7), so the ledger's own rules write it: claims never imports billing, and
 * billing registers its handler here when its module loads (as billable-sessions.ts). The
 * call runs in the caller's transaction, so the ledger rows exist exactly when the ERA's
 * posting row does.
 */
export type RemittancePart = {
  /** The sessions (attendees) the amounts are for, in order; their charges take them in turn. */
  attendeeIds: readonly number[];
  paidCents: number;
  /** CO: written off under the payer's contract. */
  contractualCents: number;
  /** OA, PI, CR: written off the insurer's part, for a person to look at. */
  otherCents: number;
};

export type RemittanceForClient = {
  practiceId: number;
  clientId: number;
  userId: number | null;
  /** The payment's idempotency key in the ledger: the same posting never pays twice. */
  key: string;
  /** TRN02, the check or EFT number, shown as the payment's reference. */
  reference: string;
  notation: string;
  parts: readonly RemittancePart[];
};

export type RemittanceWritten = {
  /** The ledger rows written, oldest first (a reversal undoes them newest first). */
  entryIds: number[];
  /** What the client owes after it (the copay or coinsurance the payer left to the client). */
  balanceCents: number;
};

type Handlers = {
  post: (db: Db, input: RemittanceForClient) => Promise<RemittanceWritten>;
  /** Undoes the rows an earlier posting wrote (CLP02 22), newest first. */
  reverse: (
    db: Db,
    input: {
      practiceId: number;
      clientId: number;
      userId: number | null;
      entryIds: readonly number[];
      notation: string;
    },
  ) => Promise<RemittanceWritten>;
};

let handlers: Handlers | null = null;

export function handleInsuranceRemittances(next: Handlers): void {
  handlers = next;
}

function registered(): Handlers {
  if (handlers === null) throw new Error('billing has not registered its remittance handler');
  return handlers;
}

export const postRemittance = (db: Db, input: RemittanceForClient) => registered().post(db, input);

export const reverseRemittance = (db: Db, input: Parameters<Handlers['reverse']>[1]) =>
  registered().reverse(db, input);
