/**
 * The cost share a 271 states for the services asked about: copay,
 * coinsurance, deductible, out-of-pocket and visit limits, in network and for
 * the individual. Pure; money in integer cents.
 */
import type { Benefit } from './benefits-271.ts';

export interface EligibilitySummary {
  copayCents: number | null;
  coinsurancePercent: number | null;
  deductibleCents: number | null;
  deductibleRemainingCents: number | null;
  outOfPocketCents: number | null;
  outOfPocketRemainingCents: number | null;
  visitLimit: number | null;
  visitsRemaining: number | null;
}

/** Behavioral health service types, most specific first. */
export const MENTAL_HEALTH_SERVICE_TYPES: readonly string[] = ['MH', 'A6', 'CF', 'A8', 'A4', 'CH'];

function serviceRank(benefit: Benefit, wanted: readonly string[]): number | null {
  let best: number | null = null;
  for (const type of benefit.serviceTypes) {
    const index = wanted.indexOf(type);
    if (index >= 0 && (best === null || index < best)) best = index;
  }
  if (best !== null) return best;
  if (benefit.serviceTypes.includes('30')) return wanted.length;
  if (benefit.serviceTypes.length === 0) return wanted.length + 1;
  return null;
}

function pick(
  benefits: readonly Benefit[],
  wanted: readonly string[],
  matches: (benefit: Benefit) => boolean,
): Benefit | null {
  let best: Benefit | null = null;
  let bestScore = Infinity;
  for (const benefit of benefits) {
    if (!matches(benefit)) continue;
    const service = serviceRank(benefit, wanted);
    if (service === null) continue;
    const network =
      benefit.inNetwork === 'Y'
        ? 0
        : benefit.inNetwork === 'W'
          ? 1
          : benefit.inNetwork === 'N'
            ? null
            : 2;
    if (network === null) continue;
    const level = benefit.coverageLevel === 'IND' ? 0 : benefit.coverageLevel === null ? 1 : null;
    if (level === null) continue;
    const score = service * 100 + network * 10 + level;
    if (score < bestScore) {
      best = benefit;
      bestScore = score;
    }
  }
  return best;
}

const REMAINING = '29';
const isTotalPeriod = (benefit: Benefit): boolean =>
  benefit.timePeriod !== REMAINING && benefit.timePeriod !== '24' && benefit.timePeriod !== '33';

/** In-network, individual cost share for the wanted service types (see `pick` for the ranking). */
export function summarizeBenefits(
  benefits: readonly Benefit[],
  wanted: readonly string[] = MENTAL_HEALTH_SERVICE_TYPES,
): EligibilitySummary {
  const amount = (code: string, remaining: boolean): number | null =>
    pick(
      benefits,
      wanted,
      (b) =>
        b.code === code &&
        b.amountCents !== null &&
        (remaining ? b.timePeriod === REMAINING : isTotalPeriod(b)),
    )?.amountCents ?? null;
  const visits = (filter: (b: Benefit) => boolean): number | null =>
    pick(
      benefits,
      wanted,
      (b) => b.code === 'F' && b.quantityQualifier === 'VS' && b.quantity !== null && filter(b),
    )?.quantity ?? null;

  const visitLimit = visits((b) => b.timePeriod !== REMAINING);
  let visitsRemaining = visits((b) => b.timePeriod === REMAINING);
  if (visitsRemaining === null && visitLimit !== null) {
    // Quantity used (EB09 99) against the limit.
    const used = pick(
      benefits,
      wanted,
      (b) => b.code === 'F' && b.quantityQualifier === '99' && b.quantity !== null,
    );
    if (used !== null && used.quantity !== null)
      visitsRemaining = Math.max(0, visitLimit - used.quantity);
  }
  return {
    copayCents: amount('B', false),
    coinsurancePercent:
      pick(benefits, wanted, (b) => b.code === 'A' && b.percent !== null)?.percent ?? null,
    deductibleCents: amount('C', false),
    deductibleRemainingCents: amount('C', true),
    outOfPocketCents: amount('G', false),
    outOfPocketRemainingCents: amount('G', true),
    visitLimit,
    visitsRemaining,
  };
}
