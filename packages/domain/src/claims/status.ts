/**
 * A claim's status (issue 20 item 2), derived from its version's append-only event log and
 * never stored on the claim: each event moves the status by the table below, and the server
 * keeps, beside each event, the status the events up to it derive, so a list reads the
 * newest event. The list names are the spec's claim pages (spec-1 §2 /billing/claim/…).
 */

export const CLAIM_STATUSES = [
  'scrubProblem',
  'readyToSubmit',
  'submitted',
  'accepted',
  'rejected',
  'failed',
  'missing',
  'paid',
  'denied',
  'problemEra',
  'voided',
  'superseded',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** How a page names each status (the lists' own titles say the same). */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  scrubProblem: 'Scrub problem',
  readyToSubmit: 'Ready to submit',
  submitted: 'Submitted',
  accepted: 'Accepted by the payer',
  rejected: 'Rejected',
  failed: 'Failed',
  missing: 'Missing',
  paid: 'Paid',
  denied: 'Denied',
  problemEra: 'ERA problem',
  voided: 'Voided',
  superseded: 'Replaced by a newer version',
};

export const CLAIM_EVENT_KINDS = [
  'created',
  'scrubbed',
  'submitted',
  'acknowledged',
  'accepted',
  'rejected',
  'failed',
  'missing',
  'paid',
  'denied',
  'problemEra',
  'voided',
  'superseded',
] as const;
export type ClaimEventKind = (typeof CLAIM_EVENT_KINDS)[number];

export interface ClaimEvent {
  kind: ClaimEventKind;
  /** For 'created' and 'scrubbed': how many blocking problems the scrubber found. */
  errors?: number;
}

/** The statuses a claim may still be changed and scrubbed in: it has not gone to the payer. */
export const UNSENT_STATUSES: readonly ClaimStatus[] = [
  'scrubProblem',
  'readyToSubmit',
  'rejected',
];

export const isUnsent = (status: ClaimStatus | null): boolean =>
  status === null || UNSENT_STATUSES.includes(status);

const scrubbed = (event: ClaimEvent): ClaimStatus =>
  (event.errors ?? 0) > 0 ? 'scrubProblem' : 'readyToSubmit';

/**
 * What each kind of event does to the status before it. A scrub decides only while the claim
 * is unsent (a rejected claim, fixed, is ready again); once sent, only the payer's and the
 * clearinghouse's answers move it. An acknowledgment (277CA A1) is a receipt: no change.
 */
const TRANSITIONS: Readonly<
  Record<ClaimEventKind, (before: ClaimStatus | null, event: ClaimEvent) => ClaimStatus | null>
> = {
  created: (_before, event) => scrubbed(event),
  scrubbed: (before, event) => (isUnsent(before) ? scrubbed(event) : before),
  submitted: () => 'submitted',
  acknowledged: (before) => before,
  accepted: () => 'accepted',
  rejected: () => 'rejected',
  failed: () => 'failed',
  missing: () => 'missing',
  paid: () => 'paid',
  denied: () => 'denied',
  problemEra: () => 'problemEra',
  voided: () => 'voided',
  superseded: () => 'superseded',
};

/** The status after one more event. */
export function claimStatusAfter(
  before: ClaimStatus | null,
  event: ClaimEvent,
): ClaimStatus | null {
  return TRANSITIONS[event.kind](before, event);
}

/** The status a version's events derive, oldest first; null before any event. */
export function claimStatusOf(events: readonly ClaimEvent[]): ClaimStatus | null {
  return events.reduce<ClaimStatus | null>(claimStatusAfter, null);
}
