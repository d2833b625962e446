/**
 * What a Review Report warns of beside 'Coverage: Active' (issue 15): a 271
 * can say the coverage is active while its own plan dates say the plan has
 * ended or not begun yet, or state a cost share that disagrees with the
 * benefits the practice confirmed with the payer. Neither makes the answer
 * wrong, so the coverage stays as the payer said it; the warnings say what
 * to check before relying on it. Pure.
 */
import { formatMoney, formatUsDate } from '../formats.ts';
import type { Eligibility271 } from './eligibility-271.ts';

export const ELIGIBILITY_WARNING_CODES = [
  'planEnded',
  'planNotStarted',
  'copayDiffers',
  'coinsuranceDiffers',
  'deductibleDiffers',
] as const;
export type EligibilityWarningCode = (typeof ELIGIBILITY_WARNING_CODES)[number];

export interface EligibilityWarning {
  code: EligibilityWarningCode;
  /** A few words for the chip beside the coverage: 'Plan ended 12/31/2024'. */
  label: string;
  /** The whole finding, with both values when they differ. */
  message: string;
}

/** The newest benefits confirmation of the checked policy (money in cents, percent 0–100). */
export interface ConfirmedBenefits {
  /** YYYY-MM-DD: the day the benefits were confirmed. */
  authDate: string;
  copayCents: number | null;
  coinsurancePercent: number | null;
  deductibleCents: number | null;
}

type Answer = Pick<Eligibility271, 'coverage' | 'planBegin' | 'planEnd'> & {
  summary: Pick<Eligibility271['summary'], 'copayCents' | 'coinsurancePercent' | 'deductibleCents'>;
};

const percentText = (percent: number) => `${String(Math.round(percent * 100) / 100)}%`;

/** A payer's percentage may carry fractions (EB08 .2 is 20 %); a hundredth of a point is equal. */
const samePercent = (a: number, b: number) => Math.abs(a - b) < 0.005;

const COST_SHARES = [
  {
    code: 'copayDiffers',
    name: 'Copay',
    payer: (s: Answer['summary']) => s.copayCents,
    saved: (c: ConfirmedBenefits) => c.copayCents,
    same: (a: number, b: number) => a === b,
    text: formatMoney,
  },
  {
    code: 'coinsuranceDiffers',
    name: 'Coinsurance',
    payer: (s: Answer['summary']) => s.coinsurancePercent,
    saved: (c: ConfirmedBenefits) => c.coinsurancePercent,
    same: samePercent,
    text: percentText,
  },
  {
    code: 'deductibleDiffers',
    name: 'Deductible',
    payer: (s: Answer['summary']) => s.deductibleCents,
    saved: (c: ConfirmedBenefits) => c.deductibleCents,
    same: (a: number, b: number) => a === b,
    text: formatMoney,
  },
] as const satisfies readonly {
  code: EligibilityWarningCode;
  name: string;
  payer: (s: Answer['summary']) => number | null;
  saved: (c: ConfirmedBenefits) => number | null;
  same: (a: number, b: number) => boolean;
  text: (value: number) => string;
}[];

/**
 * The warnings of a complete 271 on `today` (YYYY-MM-DD, the practice's day):
 * the plan ended before today or begins after it, and each of copay,
 * coinsurance and deductible that both the payer and the saved confirmation
 * state and that differ. An inactive answer warns of nothing (the coverage
 * already says it); without a confirmation nothing can disagree with it, and
 * a value either side leaves out is not a disagreement.
 */
export function eligibilityWarnings(
  answer: Answer,
  confirmation: ConfirmedBenefits | null,
  today: string,
): EligibilityWarning[] {
  if (answer.coverage === 'inactive') return [];
  const warnings: EligibilityWarning[] = [];
  if (answer.planEnd !== null && answer.planEnd < today) {
    const day = formatUsDate(answer.planEnd);
    warnings.push({
      code: 'planEnded',
      label: `Plan ended ${day}`,
      message: `The payer says the plan ended on ${day}. Confirm the client's current coverage before relying on this answer.`,
    });
  }
  if (answer.planBegin !== null && answer.planBegin > today) {
    const day = formatUsDate(answer.planBegin);
    warnings.push({
      code: 'planNotStarted',
      label: `Plan begins ${day}`,
      message: `The payer says the plan begins on ${day}: it does not cover visits before then.`,
    });
  }
  if (confirmation === null) return warnings;
  const confirmedOn = formatUsDate(confirmation.authDate);
  for (const share of COST_SHARES) {
    const payer = share.payer(answer.summary);
    const saved = share.saved(confirmation);
    if (payer === null || saved === null || share.same(payer, saved)) continue;
    warnings.push({
      code: share.code,
      label: `${share.name} differs`,
      message: `${share.name}: the payer says ${share.text(payer)}; the benefits confirmation of ${confirmedOn} says ${share.text(saved)}.`,
    });
  }
  return warnings;
}
