/**
 * The insurance reports (spec-1 §2 /insurance/reports/...): which policies and
 * pre-authorizations (precerts) each report lists, their windows and how
 * visits are counted. Pure: "today" is the practice's calendar day, passed in
 * as an ISO date. The server's SQL applies the same rules; its tests check the
 * two agree.
 */
import dayjs from 'dayjs';
import { dayOf, isoDate, type DateInput } from './dates.ts';
import { isPolicyActive, isPolicyVerified } from './insurance.ts';
import type { SortDirection } from './retention-intake.ts';

export const INSURANCE_REPORTS = [
  'expiringPolicies',
  'expiringPrecerts',
  'unconfirmedPolicies',
  'unverifiedPolicies',
  'visitLimits',
] as const;
export type InsuranceReport = (typeof INSURANCE_REPORTS)[number];

export function isInsuranceReport(value: string): value is InsuranceReport {
  return (INSURANCE_REPORTS as readonly string[]).includes(value);
}

export const INSURANCE_REPORT_TITLES: Record<InsuranceReport, string> = {
  expiringPolicies: 'Expiring policies',
  expiringPrecerts: 'Expiring precerts',
  unconfirmedPolicies: 'Unconfirmed policies',
  unverifiedPolicies: 'Unverified policies',
  visitLimits: 'Visit limits',
};

export const INSURANCE_REPORT_DESCRIPTIONS: Record<InsuranceReport, string> = {
  expiringPolicies: 'Current policies that end soon. Ask the client for their new coverage.',
  expiringPrecerts: 'Pre-authorizations that end soon. Request a renewal before they lapse.',
  unconfirmedPolicies:
    'Active current policies with no benefits confirmation this calendar year. Benefits reset each year.',
  unverifiedPolicies:
    'Active current policies not matched to one of your payers, so claims cannot be sent.',
  visitLimits:
    'Pre-authorizations in effect today with a visit limit, fewest visits remaining first.',
};

// --- Windows and limits ---------------------------------------------------------

/** Expiring reports look this many days ahead unless asked otherwise. */
export const REPORT_WINDOW_DEFAULT_DAYS = 30;
export const REPORT_WINDOW_MAX_DAYS = 365;
/** The choices the report page offers. */
export const REPORT_WINDOW_DAY_OPTIONS = [7, 14, 30, 60, 90] as const;
/** A precert is flagged when this many visits or fewer remain. */
export const VISIT_LIMIT_WARNING_REMAINING = 2;
export const REPORT_PAGE_SIZES = [25, 50, 100] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 50;
export const REPORT_MAX_PAGE_SIZE = 200;

/** Reports with a look-ahead window (the `days` parameter). */
export const REPORT_USES_WINDOW: Record<InsuranceReport, boolean> = {
  expiringPolicies: true,
  expiringPrecerts: true,
  unconfirmedPolicies: false,
  unverifiedPolicies: false,
  visitLimits: false,
};

/** What an empty report says. */
export function reportEmptyMessage(report: InsuranceReport, days: number): string {
  switch (report) {
    case 'expiringPolicies':
      return `No policies expire in the next ${days} days.`;
    case 'expiringPrecerts':
      return `No precerts end in the next ${days} days.`;
    case 'unconfirmedPolicies':
      return 'Every active policy has its benefits confirmed this year.';
    case 'unverifiedPolicies':
      return 'Every active policy is matched to a payer.';
    case 'visitLimits':
      return 'No precert in effect today limits visits.';
  }
}

// --- Sorting --------------------------------------------------------------------

/** The directions a report column sorts in (`SortDirection` of retention-intake.ts). */
export const REPORT_SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** Every column a report can be sorted by (the server whitelists these). */
export const REPORT_SORT_KEYS = {
  expiringPolicies: ['client', 'payer', 'insuranceType', 'insuranceNumber', 'endDate', 'daysLeft'],
  expiringPrecerts: [
    'client',
    'payer',
    'authNumber',
    'endDate',
    'daysLeft',
    'visitsAuthorized',
    'visitsUsed',
    'visitsRemaining',
  ],
  unconfirmedPolicies: [
    'client',
    'payer',
    'insuranceType',
    'insuranceNumber',
    'startDate',
    'lastConfirmed',
  ],
  unverifiedPolicies: ['client', 'insuranceType', 'insuranceNumber', 'startDate'],
  visitLimits: [
    'client',
    'payer',
    'authNumber',
    'endDate',
    'visitsAuthorized',
    'visitsUsed',
    'visitsScheduled',
    'visitsRemaining',
  ],
} as const satisfies Record<InsuranceReport, readonly string[]>;

export type ReportSortKey<R extends InsuranceReport = InsuranceReport> =
  (typeof REPORT_SORT_KEYS)[R][number];

/** Soonest first for the expiring reports, fewest remaining for visit limits, else by name. */
export const REPORT_DEFAULT_SORT: {
  [R in InsuranceReport]: { sort: ReportSortKey<R>; direction: SortDirection };
} = {
  expiringPolicies: { sort: 'endDate', direction: 'asc' },
  expiringPrecerts: { sort: 'endDate', direction: 'asc' },
  unconfirmedPolicies: { sort: 'client', direction: 'asc' },
  unverifiedPolicies: { sort: 'client', direction: 'asc' },
  visitLimits: { sort: 'visitsRemaining', direction: 'asc' },
};

export function isReportSortKey<R extends InsuranceReport>(
  report: R,
  key: string,
): key is ReportSortKey<R> {
  return (REPORT_SORT_KEYS[report] as readonly string[]).includes(key);
}

// --- Dates ----------------------------------------------------------------------

/** The last day of a window of `days` days starting today (today + days, inclusive). */
export function windowEnd(today: DateInput, days: number): string {
  return isoDate(dayOf(today).add(days, 'day'));
}

/** Whole days from today to `date` (0 today, negative when past). */
export function daysUntil(date: DateInput, today: DateInput): number {
  return dayOf(date).diff(dayOf(today), 'day');
}

/** Today or later, and no later than today + days. */
export function isWithinWindow(
  date: string | null | undefined,
  today: DateInput,
  days: number,
): boolean {
  if (date === null || date === undefined || date === '') return false;
  const left = daysUntil(date, today);
  return left >= 0 && left <= days;
}

/**
 * Benefits are confirmed per plan year, and plans renew on 1 January, so a
 * confirmation counts from the first day of the current calendar year.
 */
export function confirmationYearStart(today: DateInput): string {
  return isoDate(dayOf(today).startOf('year'));
}

// --- Policy reports -------------------------------------------------------------

export interface ReportPolicy {
  isCurrent: boolean;
  startDate?: string | null;
  endDate?: string | null;
  companyId?: number | string | null;
}

/** Expiring policies: current, with an end date from today to today + days. */
export function isExpiringPolicy(policy: ReportPolicy, today: DateInput, days: number): boolean {
  return policy.isCurrent && isWithinWindow(policy.endDate, today, days);
}

/** The latest confirmation date, or null when benefits were never confirmed. */
export function lastConfirmed(confirmationDates: readonly string[]): string | null {
  return confirmationDates.reduce<string | null>(
    (latest, date) => (latest === null || dayOf(date).isAfter(dayOf(latest)) ? date : latest),
    null,
  );
}

/**
 * Unconfirmed policies: current and active (spec-2 §4), with no benefits
 * confirmation dated this calendar year.
 */
export function isUnconfirmedPolicy(
  policy: ReportPolicy,
  confirmationDates: readonly string[],
  today: DateInput,
): boolean {
  if (!policy.isCurrent || !isPolicyActive(policy, today)) return false;
  const latest = lastConfirmed(confirmationDates);
  return latest === null || dayOf(latest).isBefore(dayOf(confirmationYearStart(today)));
}

/** Unverified policies: current and active, with no payer (companyId) (spec-2 §4). */
export function isUnverifiedPolicy(policy: ReportPolicy, today: DateInput): boolean {
  return policy.isCurrent && isPolicyActive(policy, today) && !isPolicyVerified(policy);
}

// --- Precerts and visits --------------------------------------------------------

export interface ReportPreAuth {
  authDate: string;
  startDate?: string | null;
  endDate?: string | null;
  visitsAuthorized?: number | null;
  /** Whether the policy it belongs to is current. */
  policyIsCurrent: boolean;
}

/**
 * The days a precert covers: from its start date (the auth date when no start
 * was written, since it cannot cover visits before it was granted) to its end
 * date, or open-ended.
 */
export function preAuthPeriod(preAuth: Pick<ReportPreAuth, 'authDate' | 'startDate' | 'endDate'>): {
  start: string;
  end: string | null;
} {
  const start = preAuth.startDate ? preAuth.startDate : preAuth.authDate;
  return { start, end: preAuth.endDate ? preAuth.endDate : null };
}

/** Whether `day` falls inside the precert's period (both ends included). */
export function isInPreAuthPeriod(
  day: DateInput,
  preAuth: Pick<ReportPreAuth, 'authDate' | 'startDate' | 'endDate'>,
): boolean {
  const { start, end } = preAuthPeriod(preAuth);
  const d = dayOf(day);
  return !d.isBefore(dayOf(start)) && (end === null || !d.isAfter(dayOf(end)));
}

/** Expiring precerts: of a current policy, ending from today to today + days. */
export function isExpiringPrecert(preAuth: ReportPreAuth, today: DateInput, days: number): boolean {
  return preAuth.policyIsCurrent && isWithinWindow(preAuth.endDate, today, days);
}

/** Visit limits: of a current policy, with a visit limit, and in effect today. */
export function isVisitLimitPrecert(preAuth: ReportPreAuth, today: DateInput): boolean {
  return (
    preAuth.policyIsCurrent &&
    preAuth.visitsAuthorized !== null &&
    preAuth.visitsAuthorized !== undefined &&
    isInPreAuthPeriod(today, preAuth)
  );
}

/** One of the client's appointments, as the visit count sees it. */
export interface ReportVisit {
  /** When it starts. */
  startAt: DateInput;
  /** Its calendar day in the practice's time zone. */
  day: string;
  cancelled: boolean;
  /** Attendance: null until recorded. */
  attended: boolean | null;
}

/**
 * A visit is used once its attendance is recorded as attended. No-shows,
 * cancellations and appointments whose attendance is not yet recorded use
 * nothing: payers count only sessions that took place and are billed.
 */
export function countsAsVisitUsed(visit: ReportVisit): boolean {
  return !visit.cancelled && visit.attended === true;
}

/** Booked and still ahead (attendance not recorded, not cancelled, starting now or later). */
export function countsAsVisitScheduled(visit: ReportVisit, now: DateInput): boolean {
  return !visit.cancelled && visit.attended === null && !dayjs(visit.startAt).isBefore(dayjs(now));
}

export interface VisitCounts {
  used: number;
  scheduled: number;
}

/** Used and scheduled visits of one precert's period. */
export function countPreAuthVisits(
  preAuth: Pick<ReportPreAuth, 'authDate' | 'startDate' | 'endDate'>,
  visits: readonly ReportVisit[],
  now: DateInput,
): VisitCounts {
  const inPeriod = visits.filter((v) => isInPreAuthPeriod(v.day, preAuth));
  return {
    used: inPeriod.filter(countsAsVisitUsed).length,
    scheduled: inPeriod.filter((v) => countsAsVisitScheduled(v, now)).length,
  };
}

/** Authorized minus used; negative when more visits took place than were authorized. */
export function visitsRemaining(visitsAuthorized: number, visitsUsed: number): number {
  return visitsAuthorized - visitsUsed;
}

/** Flagged for attention: two visits or fewer left (or already over). */
export function isNearVisitLimit(remaining: number | null | undefined): boolean {
  return (
    remaining !== null && remaining !== undefined && remaining <= VISIT_LIMIT_WARNING_REMAINING
  );
}
