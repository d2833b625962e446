import {
  formatMoney,
  type CoverageStatus,
  type EligibilityCheckStatus,
} from '@openpractice/domain';

import { MESSAGES } from './messages';

/** Money in cents, or 'Not reported' when the payer said nothing. */
export function moneyOrNotReported(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? MESSAGES.notReported : formatMoney(cents);
}

/** A percentage (20 is 20 %), or 'Not reported'. */
export function percentOrNotReported(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return MESSAGES.notReported;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace(/0+$/, '')}%`;
}

export function countOrNotReported(count: number | null | undefined): string {
  return count === null || count === undefined ? MESSAGES.notReported : String(count);
}

export const COVERAGE_LABELS: Record<CoverageStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  unknown: 'Not stated',
};

/** What a check came to, in a word or two, for lists. */
export function resultLabel(check: {
  status: EligibilityCheckStatus;
  coverage: CoverageStatus | null;
}): string {
  if (check.status === 'FAILED') return 'Rejected';
  if (check.status === 'ERROR') return 'No answer';
  return `Coverage ${COVERAGE_LABELS[check.coverage ?? 'unknown'].toLowerCase()}`;
}

/** YYYY-MM-DD to MM/DD/YYYY (a date as the payer sent it, no zone). */
export function usDateOf(iso: string | null | undefined): string {
  if (!iso) return MESSAGES.notReported;
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** 'MM/DD/YYYY – MM/DD/YYYY', with whichever end is known. */
export function planPeriod(begin: string | null, end: string | null): string {
  if (!begin && !end) return MESSAGES.notReported;
  if (!end) return `From ${usDateOf(begin)}`;
  if (!begin) return `Until ${usDateOf(end)}`;
  return `${usDateOf(begin)} – ${usDateOf(end)}`;
}
