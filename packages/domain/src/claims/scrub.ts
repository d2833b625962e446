/**
 * The claim scrubber (issue 20 item 3): every reason a payer or clearinghouse
 * would bounce the claim that we can know before sending it, as blocking errors
 * and warnings, each naming the screen that fixes it. Pure: what is not in the
 * claim itself (today, the payer's rules, note signatures, supervision) comes
 * in the context, so the same claim scrubs the same way on server and screen.
 */
import {
  daysBetween,
  isIcd10,
  isPlaceOfService,
  MAX_PATIENT_CONTROL_NUMBER,
} from './claim-values.ts';
import { MAX_DIAGNOSES } from '../clients.ts';
import type { Claim } from './model.ts';
import { claimProblem, toScrubResult, type ClaimProblem, type ScrubResult } from './problems.ts';
import { partyProblems } from './scrub-parties.ts';
import { lineLabel, lineProblems, otherPayerProblems } from './scrub-lines.ts';
import { toX12Date } from '../x12/x12-format.ts';
import { X12_ID_PATTERN } from '../x12/x12-issues.ts';

export interface ScrubContext {
  /** Today in the practice's time zone, YYYY-MM-DD. */
  today: string;
  /** This payer's rules, from the practice's payer set-up. */
  payer?: {
    requiresAuthorisation?: boolean;
    /** Days after the date of service the payer still accepts a claim; null when unknown. */
    timelyFilingDays?: number | null;
  };
  /** The practice bills a session only once its note is signed. */
  requireSignedNotes?: boolean;
  /** Line control numbers (REF*6R) of the lines whose session note is not signed. */
  unsignedNoteLines?: readonly string[];
  /** The rendering provider is pre-licensed and bills under a supervisor. */
  renderingIsSupervisee?: boolean;
}

/** A claim this close to the payer's limit (in days) is flagged so it goes out first. */
export const TIMELY_FILING_WARNING_DAYS = 30;

const CONTROL_NUMBER = new RegExp(`^[A-Za-z0-9-]{1,${MAX_PATIENT_CONTROL_NUMBER}}$`);
const isX12Id = (value: string, max: number) => value.length <= max && X12_ID_PATTERN.test(value);

function headerProblems(claim: Claim, out: ClaimProblem[]): void {
  if (!CONTROL_NUMBER.test(claim.patientControlNumber.trim()))
    out.push(claimProblem('controlNumberInvalid', 'patientControlNumber'));
  const original = (claim.originalClaimNumber ?? '').trim();
  if (claim.frequency !== '1' && original === '')
    out.push(claimProblem('originalClaimNumberMissing', 'originalClaimNumber'));
  // Payer and authorisation numbers go out exactly as written, since the payer matches on them.
  else if (original !== '' && !isX12Id(original, 50))
    out.push(claimProblem('originalClaimNumberInvalid', 'originalClaimNumber'));
  const authorisation = (claim.priorAuthorisation ?? '').trim();
  if (authorisation !== '' && !isX12Id(authorisation, 50))
    out.push(claimProblem('authorisationInvalid', 'priorAuthorisation'));
  if (!isPlaceOfService(claim.placeOfService))
    out.push(claimProblem('placeOfServiceInvalid', 'placeOfService', ''));
}

function diagnosisProblems(claim: Claim, out: ClaimProblem[]): void {
  if (claim.diagnoses.length === 0) out.push(claimProblem('diagnosisMissing', 'diagnoses'));
  if (claim.diagnoses.length > MAX_DIAGNOSES)
    out.push(claimProblem('tooManyDiagnoses', 'diagnoses'));
  claim.diagnoses.forEach((code, index) => {
    if (!isIcd10(code)) out.push(claimProblem('diagnosisInvalid', `diagnoses[${index}]`, code));
  });
}

/**
 * The problems the claim has on its own, without any context: the builder
 * refuses a claim with any of these errors, so no 837P is ever written that the
 * scrubber would have stopped for what it says.
 */
export function claimDataProblems(claim: Claim): ClaimProblem[] {
  const out = partyProblems(claim);
  headerProblems(claim, out);
  diagnosisProblems(claim, out);
  out.push(...lineProblems(claim), ...otherPayerProblems(claim));
  return out;
}

/** The oldest valid date of service, or null when there is none. */
function oldestService(claim: Claim): string | null {
  const dates = claim.lines
    .map((line) => line.dateOfService.trim())
    .filter((date) => toX12Date(date) !== null)
    .sort();
  return dates[0] ?? null;
}

function timelyFilingProblems(claim: Claim, context: ScrubContext, out: ClaimProblem[]): void {
  const limit = context.payer?.timelyFilingDays;
  const oldest = oldestService(claim);
  if (limit === null || limit === undefined || oldest === null) return;
  const age = daysBetween(oldest, context.today);
  const detail = `the oldest service was ${age} days ago and the payer allows ${limit} days`;
  if (age > limit) out.push(claimProblem('timelyFilingPassed', 'lines', detail));
  else if (age > limit - TIMELY_FILING_WARNING_DAYS)
    out.push(claimProblem('timelyFilingSoon', 'lines', detail));
}

/** The rules that need to know more than the claim. */
function contextProblems(claim: Claim, context: ScrubContext, out: ClaimProblem[]): void {
  if (
    context.payer?.requiresAuthorisation === true &&
    (claim.priorAuthorisation ?? '').trim() === ''
  )
    out.push(claimProblem('authorisationMissing', 'priorAuthorisation'));
  if (context.renderingIsSupervisee === true && !claim.supervising)
    out.push(claimProblem('supervisorMissing', 'supervising'));
  const unsigned = new Set(context.unsignedNoteLines ?? []);
  claim.lines.forEach((line, index) => {
    const label = lineLabel(line, index);
    if (toX12Date(line.dateOfService.trim()) !== null && line.dateOfService.trim() > context.today)
      out.push(claimProblem('serviceDateInFuture', `lines[${index}].dateOfService`, label));
    if (context.requireSignedNotes === true && unsigned.has(line.lineControlNumber.trim()))
      out.push(claimProblem('unsignedNote', `lines[${index}]`, label));
  });
  timelyFilingProblems(claim, context, out);
}

/** Scrubs a claim: blocking errors and warnings, each with its code, message, field and fix. */
export function scrubClaim(claim: Claim, context: ScrubContext): ScrubResult {
  const problems = claimDataProblems(claim);
  contextProblems(claim, context, problems);
  return toScrubResult(problems);
}
