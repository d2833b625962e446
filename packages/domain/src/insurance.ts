/**
 * Insurance policy rules (spec-2 §3 and §4). Dates are ISO date strings; all
 * comparisons are by calendar day, and "today" comes from `now`.
 */
import { dayOf, type DateInput } from './dates.ts';

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
