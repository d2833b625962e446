/**
 * Review dates (issue 18 item 5): a new plan is reviewed 90 days on by default; the
 * dashboard's expiring list holds plans whose review date is within 14 days or past.
 * Dates are the practice's calendar days, 'YYYY-MM-DD'.
 */

export const DEFAULT_REVIEW_DAYS = 90;
export const EXPIRING_WITHIN_DAYS = 14;

const DAY_MS = 86_400_000;

function utcOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function addDaysToDate(day: string, days: number): string {
  return new Date(utcOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFromTo(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

export function defaultReviewDate(today: string): string {
  return addDaysToDate(today, DEFAULT_REVIEW_DAYS);
}

export type ReviewStatus = 'past' | 'due_soon' | 'current';

/** Past once the review date has gone by; due soon from 14 days before it, the day itself included. */
export function reviewStatusOf(reviewDate: string, today: string): ReviewStatus {
  const left = daysFromTo(today, reviewDate);
  if (left < 0) return 'past';
  if (left <= EXPIRING_WITHIN_DAYS) return 'due_soon';
  return 'current';
}

export function isPlanExpiring(reviewDate: string, today: string): boolean {
  return reviewStatusOf(reviewDate, today) !== 'current';
}

/** The last review date the expiring list takes, for its query. */
export function expiringCutoff(today: string): string {
  return addDaysToDate(today, EXPIRING_WITHIN_DAYS);
}
