/** Insurance claims (issue 20): the claim model, the scrubber and the 837P builder. */
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
