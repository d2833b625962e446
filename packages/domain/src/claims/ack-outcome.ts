/**
 * What the clearinghouse's and payer's answers do to a submitted claim (issue 20 item 6), as
 * events for its log (the claim event kinds of the same names): a negative 999 for the transaction the claim went in →
 * failed; a 277CA A3, A6, A7 or A8 → rejected with the reason (fixable and resubmittable); A2
 * → accepted; A1 → acknowledged, a receipt only, which changes nothing. And when a claim is
 * missing: no acknowledgment within 2 business days of submission, or no remittance within
 * the payer's number of days. Pure functions of the answers and of dates (YYYY-MM-DD).
 */
import type { Acknowledgment999 } from './read-999.ts';
import type { ClaimAcknowledgment277 } from './read-277ca.ts';

/** The claim events an acknowledgment can add to a claim's log. */
export type AcknowledgmentEvent = 'failed' | 'rejected' | 'accepted' | 'acknowledged';

export interface AcknowledgmentOutcome {
  event: AcknowledgmentEvent;
  /** Why, for a failed or rejected claim; null otherwise. */
  reason: string | null;
  /** The payer's claim number, when the 277CA gave one. */
  payerClaimNumber: string | null;
}

/**
 * The 999's word on the transaction (ST02) our claim went in: failed when that set, or the
 * whole group with no set-level answer, was refused; null when it was accepted (a 999 only
 * says the file was readable: the 277CA says what became of each claim).
 */
export function outcomeOf999(
  acknowledgment: Acknowledgment999,
  transactionControlNumber: string,
): AcknowledgmentOutcome | null {
  const set = acknowledgment.setResults.find(
    (result) => result.controlNumber === transactionControlNumber,
  );
  const accepted = set ? set.accepted : acknowledgment.accepted;
  if (accepted) return null;
  const errors = set ? set.errors : acknowledgment.errors;
  const reason =
    errors.map((error) => error.message).join(' ') ||
    `The clearinghouse refused the file (999 code ${set?.code ?? acknowledgment.code}).`;
  return { event: 'failed', reason, payerClaimNumber: null };
}

const EVENTS: Readonly<
  Record<ClaimAcknowledgment277['kind'], AcknowledgmentOutcome['event'] | null>
> = {
  receipt: 'acknowledged',
  accepted: 'accepted',
  rejected: 'rejected',
  other: null,
};

/** A claim's 277CA answer as an event; null for a category we do not act on (e.g. A4). */
export function outcomeOf277(claim: ClaimAcknowledgment277): AcknowledgmentOutcome | null {
  const event = EVENTS[claim.kind];
  if (event === null) return null;
  return {
    event,
    reason:
      event === 'rejected' ? claim.reasons.join(' ') || `Rejected (${claim.categoryCode}).` : null,
    payerClaimNumber: claim.payerClaimNumber,
  };
}

/** Business days an acknowledgment may take before a claim is missing. */
export const ACKNOWLEDGMENT_BUSINESS_DAYS = 2;
/** Days a remittance may take when the payer has no number of its own. */
export const DEFAULT_REMITTANCE_DAYS = 30;

const DAY_MS = 86_400_000;
const toUtc = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `date` plus `days` business days: weekends and `holidays` (YYYY-MM-DD) do not count. */
export function addBusinessDays(
  date: string,
  days: number,
  holidays: ReadonlySet<string> = new Set(),
): string {
  let ms = toUtc(date);
  let left = days;
  while (left > 0) {
    ms += DAY_MS;
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(fromUtc(ms))) left -= 1;
  }
  return fromUtc(ms);
}

export interface MissingCheck {
  /** The practice's day the claim was submitted. */
  submittedOn: string;
  /** The day of its first acknowledgment (999 accepted, or any 277CA answer); null if none. */
  acknowledgedOn: string | null;
  /** The day its remittance arrived; null if none. */
  remittedOn: string | null;
  /** The practice's today. */
  today: string;
  /** The payer's number of days for a remittance; null for the default. */
  remittanceDays: number | null;
  holidays?: ReadonlySet<string>;
}

/**
 * Why a submitted claim is missing, or null when it is not (yet). An acknowledgment is due by
 * the end of the 2nd business day after submission; a remittance by the payer's number of
 * calendar days after submission.
 */
export function missingReason(check: MissingCheck): string | null {
  if (check.remittedOn !== null) return null;
  if (check.acknowledgedOn === null) {
    const due = addBusinessDays(check.submittedOn, ACKNOWLEDGMENT_BUSINESS_DAYS, check.holidays);
    return check.today > due
      ? `No acknowledgment since it was submitted on ${check.submittedOn} (due by ${due}).`
      : null;
  }
  const days = check.remittanceDays ?? DEFAULT_REMITTANCE_DAYS;
  const due = fromUtc(toUtc(check.submittedOn) + days * DAY_MS);
  return check.today > due
    ? `No remittance within ${days} days of submission on ${check.submittedOn} (due by ${due}).`
    : null;
}
