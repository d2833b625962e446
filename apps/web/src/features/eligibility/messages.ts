/**
 * The eligibility pages' texts. The three errors are spec-1 §8 (Eligibility);
 * the rest are ours.
 */
export const MESSAGES = {
  /** Try Again, 5 s. */
  loadHistory: 'Unable to load eligibility check history.',
  runCheck: 'Unable to run eligibility check.',
  loadReport: 'Unable to load the selected eligibility report.',
  testMode: 'Test mode: answers come from sample files, not from the payer.',
  rejectedTitle: 'The payer could not confirm eligibility',
  noAnswerTitle: 'No answer from the payer',
  noHistory: 'No eligibility checks yet.',
  noPayers: 'The practice has no active payers. Add one under Practice insurance first.',
  noTherapists: 'The client has no therapist. Assign one to run a check.',
  notReported: 'Not reported',
  loadPage: 'Unable to load the client for an eligibility check.',
  noChecksInPeriod: 'No eligibility checks were run in this period.',
} as const;
