/**
 * What an eligibility check came to (spec-1 §3 request summary carrying
 * failureMessage or errorMessage; §4 Eligibility flow), and the choices the
 * Create Report step offers. Pure.
 */
import { X12_SERVICE_TYPES } from './codes.ts';
import type { Eligibility271, Rejection } from './eligibility-271.ts';
import type { X12Gender } from './input-270.ts';

/**
 * COMPLETE: the payer answered (active, inactive or unknown coverage).
 * FAILED: the payer answered with a rejection (AAA); failureMessage says why.
 * ERROR: no usable answer (unreachable, refused, not a 271); errorMessage says why.
 */
export type EligibilityCheckStatus = 'COMPLETE' | 'FAILED' | 'ERROR';

export type EligibilityOutcome =
  { status: 'COMPLETE'; failureMessage: null } | { status: 'FAILED'; failureMessage: string };

/**
 * The payer's reasons, then each distinct follow-up action, as one message a
 * person can act on: 'The patient was not found. Please correct and resubmit.'
 */
export function rejectionMessage(rejections: readonly Rejection[]): string {
  const reasons = [...new Set(rejections.map((r) => r.reason))];
  const followUps = [
    ...new Set(rejections.map((r) => r.followUp).filter((f): f is string => f !== null)),
  ];
  return [...reasons, ...followUps].join(' ');
}

/** A 271 with any AAA rejection failed; otherwise it is a complete answer. */
export function eligibilityOutcome(result: Pick<Eligibility271, 'rejections'>): EligibilityOutcome {
  if (result.rejections.length === 0) return { status: 'COMPLETE', failureMessage: null };
  return { status: 'FAILED', failureMessage: rejectionMessage(result.rejections) };
}

/** Whether the answer belongs to the request: its trace (when it carries one) must be ours. */
export function answersTrace(result: Pick<Eligibility271, 'traceNumber'>, trace: string): boolean {
  return result.traceNumber === null || result.traceNumber === trace;
}

/**
 * Service types offered first, behavioural health before the rest: plan
 * coverage (30), mental health and its settings, psychiatric and
 * psychotherapy, cognitive therapy, substance abuse and psychiatric day care.
 */
const PREFERRED_SERVICE_TYPES = [
  '30',
  'MH',
  'A4',
  'A6',
  'A7',
  'A8',
  'CF',
  'CE',
  'CH',
  'CG',
  'BD',
  'AI',
  'AJ',
  'AK',
  'TC',
] as const;

/** The Create Report step's default: mental health, which CAQH CORE payers must answer. */
export const DEFAULT_ELIGIBILITY_SERVICE_TYPE = 'MH';

export interface ServiceTypeOption {
  code: string;
  description: string;
}

/** Every service type we offer: the preferred ones in that order, then the rest by code. */
export function eligibilityServiceTypes(): ServiceTypeOption[] {
  const preferred = new Set<string>(PREFERRED_SERVICE_TYPES);
  const rest = Object.keys(X12_SERVICE_TYPES)
    .filter((code) => !preferred.has(code))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [...PREFERRED_SERVICE_TYPES, ...rest].map((code) => ({
    code,
    description: X12_SERVICE_TYPES[code] ?? code,
  }));
}

export function isEligibilityServiceType(code: string): boolean {
  return Object.hasOwn(X12_SERVICE_TYPES, code);
}

/** '30 - Health Benefit Plan Coverage'; the bare code when unknown. */
export function serviceTypeLabel(code: string): string {
  const description = X12_SERVICE_TYPES[code];
  return description === undefined ? code : `${code} - ${description}`;
}

/** DMG03 from a client's (claim) gender: F or M, else none (unknown is left out). */
export function x12GenderOf(gender: string | null | undefined): X12Gender | null {
  const value = (gender ?? '').trim().toLowerCase();
  if (value === 'f' || value === 'female') return 'F';
  if (value === 'm' || value === 'male') return 'M';
  return null;
}

/** The eligibility flow's two steps (spec-1 §2): Create Report, then Review Report. */
export type EligibilityStep = 'create' | 'review';

/**
 * spec-1 §4: a check moves the flow to Review when it succeeded with no
 * failure message (nor an error message: then there is no report to review);
 * otherwise it stays on Create, showing why. A history item that loads moves
 * to Review whatever it says; clearing returns to Create.
 */
export function stepAfterCheck(summary: {
  failureMessage: string | null;
  errorMessage: string | null;
}): EligibilityStep {
  return summary.failureMessage === null && summary.errorMessage === null ? 'review' : 'create';
}
