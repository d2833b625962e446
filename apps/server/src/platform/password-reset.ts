import type { Db } from '../db/client.ts';

/**
 * Where a "Forgot password?" request (issue 21 item 5) hands the account it found to the area
 * that owns that kind of account's links: staff links are the practice's staff area's, client
 * portal links the portal's. Identity never imports them; each registers its sender here when
 * its module loads (as insurance-remittance.ts). A sender runs in the request's transaction,
 * sends the link by email (kept in the email log whatever happens) and answers whether it did;
 * an account it will not reset (disabled, never activated) sends nothing.
 */
export type ResetAccountType = 'staff' | 'patient';

export type SelfServiceReset = {
  userId: number;
  /** How long the link works. */
  hours: number;
};

type Sender = (db: Db, request: SelfServiceReset) => Promise<'sent' | 'not sent'>;

const senders = new Map<ResetAccountType, Sender>();

export function handleSelfServiceResets(type: ResetAccountType, sender: Sender): void {
  senders.set(type, sender);
}

export async function sendSelfServiceReset(
  db: Db,
  type: ResetAccountType,
  request: SelfServiceReset,
): Promise<'sent' | 'not sent'> {
  const sender = senders.get(type);
  if (!sender) throw new Error(`no password reset sender for ${type} accounts`);
  return sender(db, request);
}
