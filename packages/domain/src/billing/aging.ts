/**
 * Aging of what clients owe (issue 19 item 2): each charge's open amount falls in a bucket by
 * the days from its date of service to the day the report is read (the basis the open
 * balances page states). Buckets: 0–30, 31–60, 61–90, 91–120, over 120 days.
 */
import { toDay } from '../dates.ts';

export const AGING_BUCKETS = [
  { key: 'current', label: '0–30 days', upTo: 30 },
  { key: 'days31to60', label: '31–60 days', upTo: 60 },
  { key: 'days61to90', label: '61–90 days', upTo: 90 },
  { key: 'days91to120', label: '91–120 days', upTo: 120 },
  { key: 'over120', label: 'Over 120 days', upTo: Number.POSITIVE_INFINITY },
] as const;

export type AgingKey = (typeof AGING_BUCKETS)[number]['key'];
export type Aging = Record<AgingKey, number>;

export const AGING_BASIS = 'Aged by date of service.';

/** The bucket of a charge served on `dateOfService` (YYYY-MM-DD) as of `today`. */
export function agingBucket(dateOfService: string, today: string): AgingKey {
  const days = Math.max(0, toDay(today).diff(toDay(dateOfService), 'day'));
  return (AGING_BUCKETS.find((b) => days <= b.upTo) ?? AGING_BUCKETS[4]).key;
}

/** Open amounts summed per bucket. */
export function agingOf(
  open: readonly { dateOfService: string; openCents: number }[],
  today: string,
): Aging {
  const aging: Aging = { current: 0, days31to60: 0, days61to90: 0, days91to120: 0, over120: 0 };
  for (const charge of open) {
    const key = agingBucket(charge.dateOfService, today);
    aging[key] += charge.openCents;
  }
  return aging;
}
