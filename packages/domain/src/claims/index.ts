/**
 * Insurance claims (issue 20): the claim model, the scrubber, the 837P builder, and reading the
 * answers (999, 277CA, 835) with the rules for what they do to claims and the ledger.
 */
export * from './model.ts';
export {
  hasZipPlus4,
  icd10ForX12,
  isIcd10,
  isPoBox,
  MAX_LINES,
  MAX_MODIFIERS,
  MAX_PATIENT_CONTROL_NUMBER,
  MAX_POINTERS,
  TELEHEALTH_MODIFIER,
  TELEHEALTH_PLACES,
  claimTotalCents,
} from './claim-values.ts';
export * from './problems.ts';
export {
  claimDataProblems,
  scrubClaim,
  TIMELY_FILING_WARNING_DAYS,
  type ScrubContext,
} from './scrub.ts';
export type { Submitter } from './segments-parties.ts';
export * from './build-837p.ts';
export * from './setup.ts';
export * from './status.ts';
export * from './from-sessions.ts';
export { era835, type EraClaim, type EraLine } from './write-835.ts';
export { assertCompleteInterchange, transactionsOf, type ReceivedSet } from './x12-received.ts';
export * from './read-999.ts';
export * from './read-277ca.ts';
export {
  interpret835,
  type Adjustment835,
  type Claim835,
  type ProviderAdjustment835,
  type Remittance835,
  type ServiceLine835,
} from './read-835.ts';
export * from './era-balance.ts';
export * from './era-match.ts';
export * from './era-entries.ts';
export * from './era-post.ts';
export * from './ack-outcome.ts';
export * from './cms1500-boxes.ts';
