/**
 * Insurance policy rules (spec-2 §3 and §4). Dates are ISO date strings; all
 * comparisons are by calendar day, and "today" comes from `now`.
 */
import { dayOf, type DateInput } from './dates.ts';
import { formatInsuranceName } from './formats.ts';
import { dateAfter, dateBefore, REQUIRED_MESSAGE, VALIDATION_MESSAGES } from './validators.ts';

export type InsuranceType = 'PRIMARY' | 'SECONDARY';

export interface InsurancePolicy {
  insuranceId: number | string;
  insuranceType: InsuranceType;
  isCurrent?: boolean | null;
  startDate?: string | null;
  endDate?: string | null;
  companyId?: number | string | null;
}

function isBlank(value: string | number | null | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** Active with no end date, or an end date on or after today (the last day is still covered). */
export function isPolicyActive(policy: Pick<InsurancePolicy, 'endDate'>, now: DateInput): boolean {
  if (isBlank(policy.endDate)) return true;
  return !dayOf(policy.endDate).isBefore(dayOf(now));
}

/** Verified once the policy is matched to a known insurance company. */
export function isPolicyVerified(policy: Pick<InsurancePolicy, 'companyId'>): boolean {
  return !isBlank(policy.companyId);
}

/**
 * Compares dates newest first, with a missing date first of all: a missing end
 * date means open-ended (the newest possible), and a missing start date is
 * treated the same way so incomplete policies stay visible at the top.
 */
function newestFirst(a: string | null | undefined, b: string | null | undefined): number {
  if (isBlank(a) && isBlank(b)) return 0;
  if (isBlank(a)) return -1;
  if (isBlank(b)) return 1;
  return dayOf(b).valueOf() - dayOf(a).valueOf();
}

/**
 * Policies in display order: current ones first, then by end date, then by
 * start date, both newest first (open-ended end dates before any dated one),
 * so the policy most likely in use is on top. Returns a new array.
 */
export function sortPolicies<T extends InsurancePolicy>(policies: readonly T[]): T[] {
  return [...policies].sort(
    (a, b) =>
      Number(Boolean(b.isCurrent)) - Number(Boolean(a.isCurrent)) ||
      newestFirst(a.endDate, b.endDate) ||
      newestFirst(a.startDate, b.startDate),
  );
}

export interface AuthorizationRecord {
  authDate?: string | null;
}

/** Pre-authorizations and benefits confirmations, newest authDate first (undated last). Returns a new array. */
export function sortByAuthDateNewestFirst<T extends AuthorizationRecord>(
  records: readonly T[],
): T[] {
  return [...records].sort((a, b) => {
    if (isBlank(a.authDate) && isBlank(b.authDate)) return 0;
    if (isBlank(a.authDate)) return 1;
    if (isBlank(b.authDate)) return -1;
    return dayOf(b.authDate).valueOf() - dayOf(a.authDate).valueOf();
  });
}

/** Earliest start date first; undated policies after dated ones. */
function earliestStartFirst(a: InsurancePolicy, b: InsurancePolicy): number {
  if (isBlank(a.startDate) && isBlank(b.startDate)) return 0;
  if (isBlank(a.startDate)) return 1;
  if (isBlank(b.startDate)) return -1;
  return dayOf(a.startDate).valueOf() - dayOf(b.startDate).valueOf();
}

/**
 * The policy to preselect: a primary policy if there is one, otherwise a
 * secondary, choosing the earliest start date within that type. Null when the
 * client has no policy.
 */
export function defaultInsurance<T extends InsurancePolicy>(policies: readonly T[]): T | null {
  const primaries = policies.filter((p) => p.insuranceType === 'PRIMARY');
  const candidates =
    primaries.length > 0 ? primaries : policies.filter((p) => p.insuranceType === 'SECONDARY');
  return [...candidates].sort(earliestStartFirst)[0] ?? null;
}

export interface PracticeInsurance {
  practice_insurance_id: number | string;
  label: string;
  payerId?: string | null;
  endDate?: string | null;
  therapist_specific?: boolean | number | null;
}

/**
 * A practice's insurance list entry is offered when it is not specific to one
 * therapist and has no end date or one after today. Unlike client policies
 * the end date itself no longer counts, as the spec words it.
 */
export function isPracticeInsuranceActive(
  insurance: Pick<PracticeInsurance, 'endDate' | 'therapist_specific'>,
  now: DateInput,
): boolean {
  if (insurance.therapist_specific) return false;
  if (isBlank(insurance.endDate)) return true;
  return dayOf(insurance.endDate).isAfter(dayOf(now));
}

/** 'Label (payerId)'; just the label when there is no payer id. */
export function payerLabel(insurance: Pick<PracticeInsurance, 'label' | 'payerId'>): string {
  return isBlank(insurance.payerId) ? insurance.label : `${insurance.label} (${insurance.payerId})`;
}

/** Short payer names for lists: the name cut as spec-2 §9 says, then the payer id. */
export function shortPayerLabel(insurance: Pick<PracticeInsurance, 'label' | 'payerId'>): string {
  return payerLabel({ label: formatInsuranceName(insurance.label), payerId: insurance.payerId });
}

export const INSURANCE_TYPES = ['PRIMARY', 'SECONDARY'] as const satisfies readonly InsuranceType[];

export const INSURANCE_TYPE_LABELS: Record<InsuranceType, string> = {
  PRIMARY: 'Primary',
  SECONDARY: 'Secondary',
};

/** Who the insured (the subscriber) is to the client; 'self' means the client holds the policy. */
export const INSURED_RELATIONSHIPS = ['self', 'spouse', 'child', 'other'] as const;
export type InsuredRelationship = (typeof INSURED_RELATIONSHIPS)[number];

export const INSURED_RELATIONSHIP_LABELS: Record<InsuredRelationship, string> = {
  self: 'Self (the client)',
  spouse: 'Spouse',
  child: 'Child (the client is the insured’s child)',
  other: 'Other',
};

export const POLICY_CONVERTED_MESSAGE = 'Policy converted.';

/** Converting a policy swaps PRIMARY and SECONDARY (spec-2 §4). */
export function convertedType(type: InsuranceType): InsuranceType {
  return type === 'PRIMARY' ? 'SECONDARY' : 'PRIMARY';
}

/**
 * The current policy of a type, the first in display order; null when none.
 * (The save rule below keeps at most one current policy of each type.)
 */
export function currentPolicyOfType<T extends InsurancePolicy>(
  policies: readonly T[],
  type: InsuranceType,
): T | null {
  return sortPolicies(policies.filter((p) => p.isCurrent && p.insuranceType === type))[0] ?? null;
}

/** A policy's new type after a conversion. */
export interface TypeChange {
  insuranceId: InsurancePolicy['insuranceId'];
  insuranceType: InsuranceType;
}

/**
 * What converting `insuranceId` changes. The policy's type swaps; when it is
 * current, the current policies of the other type swap too, so a client's
 * current primary and secondary trade places and never end up as two current
 * primaries. Converting a policy that is not current changes it alone. An
 * unknown id changes nothing.
 */
export function conversionChanges(
  policies: readonly InsurancePolicy[],
  insuranceId: InsurancePolicy['insuranceId'],
): TypeChange[] {
  const chosen = policies.find((p) => String(p.insuranceId) === String(insuranceId));
  if (!chosen) return [];
  const changes: TypeChange[] = [
    { insuranceId: chosen.insuranceId, insuranceType: convertedType(chosen.insuranceType) },
  ];
  if (!chosen.isCurrent) return changes;
  const target = convertedType(chosen.insuranceType);
  for (const other of policies) {
    if (other === chosen || !other.isCurrent || other.insuranceType !== target) continue;
    changes.push({ insuranceId: other.insuranceId, insuranceType: chosen.insuranceType });
  }
  return changes;
}

/**
 * The other policies a saved policy takes the place of: saving a current
 * policy makes every other current policy of the same type no longer current,
 * so the client has at most one current primary and one current secondary
 * (the newest entry is the one in use). A saved policy that is not current
 * replaces nothing.
 */
export function policiesReplacedBy(
  policies: readonly InsurancePolicy[],
  saved: Pick<InsurancePolicy, 'insuranceType' | 'isCurrent'> & {
    insuranceId?: InsurancePolicy['insuranceId'] | null;
  },
): InsurancePolicy['insuranceId'][] {
  if (!saved.isCurrent) return [];
  const savedId =
    saved.insuranceId === null || saved.insuranceId === undefined
      ? null
      : String(saved.insuranceId);
  return policies
    .filter(
      (p) =>
        p.isCurrent && p.insuranceType === saved.insuranceType && String(p.insuranceId) !== savedId,
    )
    .map((p) => p.insuranceId);
}

/** A refused value of a form, named by its field (the server answers it as a 400 with `field`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Dates are ISO ('2025-01-31') or null; text is trimmed before the check. */
export interface PolicyInput {
  insuranceNumber: string | null;
  startDate: string | null;
  endDate: string | null;
  insuredRelationship: InsuredRelationship;
  insuredFirstName: string | null;
  insuredLastName: string | null;
  insuredDob: string | null;
}

function blankText(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** An end date before its start date, as the spec's dateAfter message naming the start. */
function endBeforeStart(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): string | null {
  if (isBlank(startDate) || isBlank(endDate)) return null;
  const result = dateAfter(startDate)(endDate);
  return result === true ? null : result;
}

/**
 * The policy rules (ours where the spec is silent): an insurance number is
 * required; the end date is on or after the start date; when the client is
 * not the insured, the insured's first and last name are required; the
 * insured's date of birth is not in the future. Empty when all is well.
 */
export function policyProblems(input: PolicyInput, now: DateInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (blankText(input.insuranceNumber)) {
    problems.push({ field: 'insuranceNumber', message: REQUIRED_MESSAGE });
  }
  const dates = endBeforeStart(input.startDate, input.endDate);
  if (dates) problems.push({ field: 'endDate', message: dates });
  if (input.insuredRelationship !== 'self') {
    if (blankText(input.insuredFirstName)) {
      problems.push({ field: 'insuredFirstName', message: REQUIRED_MESSAGE });
    }
    if (blankText(input.insuredLastName)) {
      problems.push({ field: 'insuredLastName', message: REQUIRED_MESSAGE });
    }
    if (!isBlank(input.insuredDob)) {
      const born = dateBefore(now)(input.insuredDob);
      if (born !== true) problems.push({ field: 'insuredDob', message: born });
    }
  }
  return problems;
}

export interface PreAuthInput {
  authNumber: string | null;
  authDate: string | null;
  startDate: string | null;
  endDate: string | null;
  visitsAuthorized: number | null;
  cptCodes: readonly string[];
}

/** A CPT (or HCPCS) code: five characters, four digits then a digit or letter. */
const CPT_CODE = /^\d{4}[0-9A-Z]$/;
/** A pre-authorization names at most this many service codes. */
export const MAX_PRE_AUTH_CPT_CODES = 12;
export const CPT_CODE_MESSAGE = 'Please enter CPT codes of five characters, e.g. 90834.';

export function isCptCode(code: string): boolean {
  return CPT_CODE.test(code);
}

/**
 * Pre-authorization rules (ours): the authorization number and the date it
 * was granted are required; the end date is on or after the start date;
 * visits authorized, when given, is a whole number above 0; CPT codes are
 * five characters each, at most MAX_PRE_AUTH_CPT_CODES.
 */
export function preAuthProblems(input: PreAuthInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (blankText(input.authNumber))
    problems.push({ field: 'authNumber', message: REQUIRED_MESSAGE });
  if (isBlank(input.authDate)) problems.push({ field: 'authDate', message: REQUIRED_MESSAGE });
  const dates = endBeforeStart(input.startDate, input.endDate);
  if (dates) problems.push({ field: 'endDate', message: dates });
  if (
    input.visitsAuthorized !== null &&
    (!Number.isInteger(input.visitsAuthorized) || input.visitsAuthorized <= 0)
  ) {
    problems.push({ field: 'visitsAuthorized', message: VALIDATION_MESSAGES.greaterThan(0) });
  }
  if (input.cptCodes.length > MAX_PRE_AUTH_CPT_CODES) {
    problems.push({
      field: 'cptCodes',
      message: `Please choose no more than ${MAX_PRE_AUTH_CPT_CODES} CPT codes.`,
    });
  } else if (!input.cptCodes.every(isCptCode)) {
    problems.push({ field: 'cptCodes', message: CPT_CODE_MESSAGE });
  }
  return problems;
}

export interface ConfirmationInput {
  authDate: string | null;
  copayCents: number | null;
  coinsurancePercent: number | null;
  deductibleCents: number | null;
  deductibleRemainingCents: number | null;
  visitsPerYear: number | null;
}

export const COINSURANCE_MESSAGE = 'Please enter a percentage from 0 to 100.';
export const AMOUNT_MESSAGE = 'Please enter an amount of $0.00 or more.';
export const COUNT_MESSAGE = 'Please enter a whole number of 0 or more.';
export const REMAINING_OVER_DEDUCTIBLE_MESSAGE =
  'The remaining deductible cannot be more than the deductible.';

const isWholeAtLeastZero = (value: number) => Number.isInteger(value) && value >= 0;

/**
 * Benefits confirmation rules (ours): the date benefits were confirmed is
 * required; money is whole cents of 0 or more; coinsurance is a whole
 * percentage from 0 to 100; visits per year a whole number of 0 or more; the
 * remaining deductible is not more than the deductible when both are known.
 */
export function confirmationProblems(input: ConfirmationInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (isBlank(input.authDate)) problems.push({ field: 'authDate', message: REQUIRED_MESSAGE });
  for (const field of ['copayCents', 'deductibleCents', 'deductibleRemainingCents'] as const) {
    const value = input[field];
    if (value !== null && !isWholeAtLeastZero(value)) {
      problems.push({ field, message: AMOUNT_MESSAGE });
    }
  }
  const coinsurance = input.coinsurancePercent;
  if (coinsurance !== null && (!isWholeAtLeastZero(coinsurance) || coinsurance > 100)) {
    problems.push({ field: 'coinsurancePercent', message: COINSURANCE_MESSAGE });
  }
  if (input.visitsPerYear !== null && !isWholeAtLeastZero(input.visitsPerYear)) {
    problems.push({ field: 'visitsPerYear', message: COUNT_MESSAGE });
  }
  if (
    input.deductibleCents !== null &&
    input.deductibleRemainingCents !== null &&
    input.deductibleRemainingCents > input.deductibleCents &&
    problems.length === 0
  ) {
    problems.push({
      field: 'deductibleRemainingCents',
      message: REMAINING_OVER_DEDUCTIBLE_MESSAGE,
    });
  }
  return problems;
}

/** The largest usual fee we accept: $100,000.00, far above any session fee (a typing slip guard). */
export const MAX_USUAL_FEE_CENTS = 10_000_000;
export const USUAL_FEE_MESSAGE = 'Please enter a fee from $0.00 to $100,000.00.';

/** A usual fee in cents: null (none) or a whole number of cents from 0 to MAX_USUAL_FEE_CENTS. */
export function usualFeeProblem(cents: number | null): string | null {
  if (cents === null) return null;
  return Number.isInteger(cents) && cents >= 0 && cents <= MAX_USUAL_FEE_CENTS
    ? null
    : USUAL_FEE_MESSAGE;
}

/** Turning automatic claim creation off needs a reason (so billers know why claims are missing). */
export const AUTO_CLAIM_REASON_MESSAGE = 'Please say why claims are not created automatically.';

export function autoClaimProblem(autogen: boolean, reason: string | null): string | null {
  return !autogen && blankText(reason) ? AUTO_CLAIM_REASON_MESSAGE : null;
}
