/**
 * What one ERA claim posts (issue 20 item 7), as ledger entries the server writes: the payer's
 * payment per line, contractual adjustments (CO) written off, patient responsibility (PR)
 * moved to the client's balance, other adjustments (OA, PI, CR), and for a denial the reasons
 * it was denied. Amounts stay as the ERA gives them (a reversal's are negative, which undoes
 * the earlier entries of the same kinds). Pure.
 */
import type { AdjustmentGroup } from './model.ts';
import type { Adjustment835, Claim835 } from './read-835.ts';
import { sumCents } from './x12-received.ts';

/**
 * - insurancePayment: the payer paid this much of the line;
 * - contractualAdjustment (CO): the practice writes it off under its contract;
 * - patientResponsibility (PR: copay, coinsurance, deductible): the client now owes it;
 * - otherAdjustment (OA, PI, CR): off the insurance balance, for a person to look at;
 * - denial: a denied claim's non-PR adjustment, recorded but not written off, since a denial
 *   is appealed, corrected or written off by a person.
 */
export type EraEntryKind =
  | 'insurancePayment'
  | 'contractualAdjustment'
  | 'patientResponsibility'
  | 'otherAdjustment'
  | 'denial';

export interface EraEntry {
  kind: EraEntryKind;
  /** Our line's id; null for an amount the ERA gave for the whole claim. */
  lineId: string | null;
  amountCents: number;
  group: AdjustmentGroup | null;
  /** The claim adjustment reason code, e.g. '45', '3'. */
  reason: string | null;
}

export type ClaimPostingKind = 'payment' | 'denial' | 'reversal';

/** A denial: CLP02 4, or nothing paid with adjustments saying why (not a reversal). */
export function postingKindOf(claim: Claim835): ClaimPostingKind {
  if (claim.reversal) return 'reversal';
  const adjusted =
    claim.adjustments.length > 0 || claim.lines.some((line) => line.adjustments.length > 0);
  if (claim.statusCode === '4' || (claim.paidCents === 0 && adjusted)) return 'denial';
  return 'payment';
}

function adjustmentKind(group: AdjustmentGroup, denied: boolean): EraEntryKind {
  if (group === 'PR') return 'patientResponsibility';
  if (denied) return 'denial';
  return group === 'CO' ? 'contractualAdjustment' : 'otherAdjustment';
}

const adjustmentEntries = (
  adjustments: readonly Adjustment835[],
  lineId: string | null,
  denied: boolean,
): EraEntry[] =>
  adjustments.map((adjustment) => ({
    kind: adjustmentKind(adjustment.group, denied),
    lineId,
    amountCents: adjustment.amountCents,
    group: adjustment.group,
    reason: adjustment.reason,
  }));

/**
 * The entries of one ERA claim, its lines already matched to ours (`lineIds`, one per ERA
 * line). A claim without lines posts its payment at claim level. Zero payments are left out.
 */
export function claimEntries(
  claim: Claim835,
  lineIds: readonly (string | null)[],
  kind: ClaimPostingKind,
): EraEntry[] {
  const denied = kind === 'denial';
  const entries: EraEntry[] = adjustmentEntries(claim.adjustments, null, denied);
  if (claim.lines.length === 0 && claim.paidCents !== 0) {
    entries.unshift({
      kind: 'insurancePayment',
      lineId: null,
      amountCents: claim.paidCents,
      group: null,
      reason: null,
    });
  }
  claim.lines.forEach((line, index) => {
    const lineId = lineIds[index] ?? null;
    if (line.paidCents !== 0) {
      entries.push({
        kind: 'insurancePayment',
        lineId,
        amountCents: line.paidCents,
        group: null,
        reason: null,
      });
    }
    entries.push(...adjustmentEntries(line.adjustments, lineId, denied));
  });
  return entries;
}

export interface PostingTotals {
  paidCents: number;
  contractualCents: number;
  patientResponsibilityCents: number;
  otherAdjustmentCents: number;
  deniedCents: number;
}

const totalOf = (entries: readonly EraEntry[], kind: EraEntryKind): number =>
  sumCents(entries.filter((entry) => entry.kind === kind).map((entry) => entry.amountCents));

/** The entries summed by kind, for the claim's history and the payments page. */
export function postingTotals(entries: readonly EraEntry[]): PostingTotals {
  return {
    paidCents: totalOf(entries, 'insurancePayment'),
    contractualCents: totalOf(entries, 'contractualAdjustment'),
    patientResponsibilityCents: totalOf(entries, 'patientResponsibility'),
    otherAdjustmentCents: totalOf(entries, 'otherAdjustment'),
    deniedCents: totalOf(entries, 'denial'),
  };
}
