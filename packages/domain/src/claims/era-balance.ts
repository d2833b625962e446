/**
 * The sums an 835 must satisfy before anything of it is posted (issue 20 item 7), all in whole
 * cents so no rounding can hide a difference:
 * - the payment: BPR02 (negative when BPR03 is D, the payer taking money) = ΣCLP04 − ΣPLB;
 * - each claim: CLP03 charge − every CAS amount (claim and lines) = CLP04 paid;
 * - each line: SVC02 charge − its CAS amounts = SVC03 paid;
 * - each claim: CLP05 patient responsibility = its PR adjustments.
 * Pure.
 */
import type { Claim835, Remittance835 } from './read-835.ts';
import { sumCents } from './x12-received.ts';

/** Cents as dollars for a message: -1234 → '-12.34'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** BPR02 with its sign: what reached (or, for a debit, left) the practice's account. */
export const signedPaymentCents = (remittance: Remittance835): number =>
  remittance.payment.creditOrDebit === 'D'
    ? -remittance.payment.amountCents
    : remittance.payment.amountCents;

export interface PaymentBalance {
  balanced: boolean;
  paymentCents: number;
  claimsPaidCents: number;
  providerAdjustmentsCents: number;
  /** Payment minus (claims paid minus provider adjustments); 0 when balanced. */
  differenceCents: number;
  /** A plain reason when it does not balance. */
  reason: string | null;
}

/** Checks BPR02 = ΣCLP04 − ΣPLB. */
export function paymentBalance(remittance: Remittance835): PaymentBalance {
  const paymentCents = signedPaymentCents(remittance);
  const claimsPaidCents = sumCents(remittance.claims.map((claim) => claim.paidCents));
  const providerAdjustmentsCents = sumCents(
    remittance.providerAdjustments.map((adjustment) => adjustment.amountCents),
  );
  const differenceCents = paymentCents - (claimsPaidCents - providerAdjustmentsCents);
  return {
    balanced: differenceCents === 0,
    paymentCents,
    claimsPaidCents,
    providerAdjustmentsCents,
    differenceCents,
    reason:
      differenceCents === 0
        ? null
        : `The payment (${dollars(paymentCents)}) is not what its claims paid (${dollars(claimsPaidCents)}) less the provider-level adjustments (${dollars(providerAdjustmentsCents)}): ${dollars(differenceCents)} apart.`,
  };
}

/** Every CAS amount of the claim, claim-level and line-level. */
export const claimAdjustmentsCents = (claim: Claim835): number =>
  sumCents(
    [...claim.adjustments, ...claim.lines.flatMap((line) => line.adjustments)].map(
      (adjustment) => adjustment.amountCents,
    ),
  );

/** Why a claim's own amounts do not add up, or an empty list. */
export function claimBalanceProblems(claim: Claim835): string[] {
  const problems: string[] = [];
  const adjusted = claim.chargeCents - claimAdjustmentsCents(claim);
  if (adjusted !== claim.paidCents) {
    problems.push(
      `Claim ${claim.patientControlNumber}: the charge (${dollars(claim.chargeCents)}) less its adjustments is ${dollars(adjusted)}, but the payer paid ${dollars(claim.paidCents)}.`,
    );
  }
  claim.lines.forEach((line, index) => {
    const lineAdjusted =
      line.chargeCents - sumCents(line.adjustments.map((adjustment) => adjustment.amountCents));
    if (lineAdjusted !== line.paidCents) {
      problems.push(
        `Claim ${claim.patientControlNumber}, line ${index + 1} (${line.procedureCode}): the charge (${dollars(line.chargeCents)}) less its adjustments is ${dollars(lineAdjusted)}, but the payer paid ${dollars(line.paidCents)}.`,
      );
    }
  });
  if (claim.lines.length > 0) {
    const linesPaid = sumCents(claim.lines.map((line) => line.paidCents));
    if (linesPaid !== claim.paidCents) {
      problems.push(
        `Claim ${claim.patientControlNumber}: its lines paid ${dollars(linesPaid)}, but the claim says ${dollars(claim.paidCents)}.`,
      );
    }
  }
  const patientShare = sumCents(
    [...claim.adjustments, ...claim.lines.flatMap((line) => line.adjustments)]
      .filter((adjustment) => adjustment.group === 'PR')
      .map((adjustment) => adjustment.amountCents),
  );
  if (claim.patientResponsibilityCents !== patientShare) {
    problems.push(
      `Claim ${claim.patientControlNumber}: the patient responsibility (${dollars(claim.patientResponsibilityCents)}) is not its PR adjustments (${dollars(patientShare)}).`,
    );
  }
  return problems;
}
