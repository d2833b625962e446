/**
 * What the client should pay now (issue 19 item 4: "amount pre-filled with what is due now,
 * usual copay included"). Two parts:
 *  - the charges due: the balance, but never more than the open charges add up to (a balance
 *    can only exceed them while the ledger is mid-correction);
 *  - today's sessions not charged yet (attended, or booked and not a no-show): the client's
 *    expected part of each (the copay, the coinsurance share, or a self-pay client's fee),
 *    since the desk collects it at the visit, before the charge is made.
 * Credit on the account (a negative balance) goes against today's part; the total is never
 * below zero. This is the one place the rule lives: the server answers it, the web shows it.
 */
export type DueNowInput = {
  balanceCents: number;
  /** What each open charge still owes. */
  openChargeCents: readonly number[];
  /** The client's expected part of each of today's sessions that has no charge yet. */
  todaysUnchargedCents: readonly number[];
};

export type DueNow = {
  dueNowCents: number;
  /** Of it, what the open charges ask (zero when the client is in credit). */
  chargesDueCents: number;
  /** Of it, today's sessions not charged yet, before any credit. */
  todayCents: number;
};

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

export function dueNow(input: DueNowInput): DueNow {
  const owedByCharges = Math.min(input.balanceCents, sum(input.openChargeCents));
  const todayCents = sum(input.todaysUnchargedCents.map((c) => Math.max(0, c)));
  return {
    dueNowCents: Math.max(0, owedByCharges + todayCents),
    chargesDueCents: Math.max(0, owedByCharges),
    todayCents,
  };
}
