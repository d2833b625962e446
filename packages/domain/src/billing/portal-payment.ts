import { formatMoney } from '../formats.ts';

/**
 * A client paying their own balance in the portal (issue 19 item 4). Staff choose the charges
 * a payment pays and may keep money as credit; a client does not: the money pays their oldest
 * open charges first (date of service, then the order they were made, as `openCharges` lists
 * them), and they may pay all or part of their balance, never more, so the portal never banks
 * money nobody asked it to keep. An overpayment is a staff decision (Take payment's credit).
 */

export const PORTAL_PAYMENT_MESSAGES = {
  nothingOwed: 'There is no balance to pay.',
  overBalance: (balanceCents: number) =>
    `The amount is more than your balance. You can pay up to ${formatMoney(balanceCents)}.`,
} as const;

export type PortalPaymentPlan =
  | { refusal: null; allocations: { chargeId: number; amountCents: number }[] }
  | { refusal: string; allocations: [] };

/** `openCharges` oldest first; `amountCents` a whole number of cents above zero. */
export function portalPaymentPlan(
  account: {
    balanceCents: number;
    openCharges: readonly { chargeId: number; openCents: number }[];
  },
  amountCents: number,
): PortalPaymentPlan {
  const owed = account.openCharges.reduce((total, c) => total + c.openCents, 0);
  // The balance nets credit against the charges, so it never exceeds what they owe; the
  // smaller of the two is what the money can go to.
  const payable = Math.min(account.balanceCents, owed);
  if (payable <= 0) return { refusal: PORTAL_PAYMENT_MESSAGES.nothingOwed, allocations: [] };
  if (amountCents > payable)
    return { refusal: PORTAL_PAYMENT_MESSAGES.overBalance(payable), allocations: [] };
  let left = amountCents;
  const allocations: { chargeId: number; amountCents: number }[] = [];
  for (const charge of account.openCharges) {
    if (left === 0) break;
    const applied = Math.min(left, charge.openCents);
    if (applied > 0) allocations.push({ chargeId: charge.chargeId, amountCents: applied });
    left -= applied;
  }
  return { refusal: null, allocations };
}
