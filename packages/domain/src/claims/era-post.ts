/**
 * Deciding what an 835 posts (issue 20 item 7), before anything is written: the server turns
 * the plan into ledger rows in one transaction. The rules:
 * - a payment that does not balance (era-balance.ts) posts nothing at all;
 * - a claim that matches none of ours, has a line that matches none of its lines, does not add
 *   up, or reverses a payment we never posted is not posted and becomes a problem with the
 *   reason (the problemERA list); the rest of the ERA posts;
 * - each claim posts under an idempotency key (trace number + payer + claim), so the same ERA
 *   uploaded and fetched twice posts once; a reversal (CLP02 = 22) has a key of its own, so a
 *   reversal and its correction in one ERA both post: the first undoes, the second re-posts;
 * - provider-level adjustments (PLB) post as practice-level entries under keys of their own.
 * Pure.
 */
import {
  dollars,
  claimBalanceProblems,
  paymentBalance,
  type PaymentBalance,
} from './era-balance.ts';
import {
  claimEntries,
  postingKindOf,
  postingTotals,
  type ClaimPostingKind,
  type EraEntry,
  type PostingTotals,
} from './era-entries.ts';
import { matchClaim, type ClaimOnFile, type EarlierPosting } from './era-match.ts';
import type { Claim835, ProviderAdjustment835, Remittance835 } from './read-835.ts';

export interface ClaimPosting {
  key: string;
  claimId: string;
  patientControlNumber: string;
  payerClaimNumber: string | null;
  kind: ClaimPostingKind;
  /**
   * The payer forwarded the claim to the next payer (CLP02 19-21): its PR entries wait for that
   * payer's answer before the client is billed, which the server decides from the policies.
   */
  forwarded: boolean;
  /** The claim's status event once posted; null for a reversal (what follows it decides). */
  event: 'paid' | 'denied' | null;
  /** For a reversal: the key of the earlier posting it undoes. */
  reverses: string | null;
  entries: EraEntry[];
  totals: PostingTotals;
}

/** A PLB amount as a practice-level entry: `effectCents` is what it does to the practice. */
export interface PracticeEntry {
  key: string;
  reason: string;
  reference: string | null;
  providerId: string;
  fiscalPeriodDate: string | null;
  /** As sent: positive when the payer takes money (e.g. WO recoupment), negative when it adds. */
  amountCents: number;
  /** The money to the practice: −amountCents (a recoupment is negative). */
  effectCents: number;
}

export interface EraProblem {
  /** Our claim when it was found, so it can show as problemEra. */
  claimId: string | null;
  patientControlNumber: string | null;
  reason: string;
}

export interface EraPostingPlan {
  /** Trace number + payer: the ERA itself. */
  eraKey: string;
  traceNumber: string;
  payerId: string;
  balance: PaymentBalance;
  postings: ClaimPosting[];
  practiceEntries: PracticeEntry[];
  /** Keys found already posted: the same ERA seen again; nothing of them posts. */
  alreadyPosted: string[];
  problems: EraProblem[];
}

const joinKey = (...parts: readonly string[]): string => parts.join('|');

/** The idempotency key of one ERA claim. */
export function claimPostingKey(remittance: Remittance835, claim: Claim835): string {
  return joinKey(
    remittance.traceNumber,
    remittance.payer.id ?? '',
    claim.patientControlNumber,
    claim.reversal ? 'reversal' : 'adjudication',
    claim.payerClaimNumber ?? '',
  );
}

/** The earlier, not yet reversed posting a reversal undoes; the same payer claim number first. */
function postingReversed(
  claim: Claim835,
  postings: readonly EarlierPosting[],
): EarlierPosting | null {
  const open = postings.filter((posting) => !posting.reversed);
  return (
    open.find((posting) => posting.payerClaimNumber === claim.payerClaimNumber) ??
    (open.length === 1 ? (open[0] ?? null) : null)
  );
}

function reversalProblems(claim: Claim835, earlier: EarlierPosting | null): string[] {
  if (!earlier) {
    return [
      `Claim ${claim.patientControlNumber}: the payer reverses a payment${claim.payerClaimNumber ? ` (claim ${claim.payerClaimNumber})` : ''} that was never posted, or was already reversed.`,
    ];
  }
  if (earlier.paidCents !== -claim.paidCents) {
    return [
      `Claim ${claim.patientControlNumber}: the reversal takes back ${dollars(-claim.paidCents)}, but ${dollars(earlier.paidCents)} was posted.`,
    ];
  }
  return [];
}

type ClaimOutcome = { posting: ClaimPosting } | { problem: EraProblem };

function planClaim(claim: Claim835, key: string, ours: readonly ClaimOnFile[]): ClaimOutcome {
  const match = matchClaim(claim, ours);
  const kind = postingKindOf(claim);
  const earlier =
    kind === 'reversal' && match.claim ? postingReversed(claim, match.claim.postings) : null;
  const problems = [
    ...match.problems,
    ...(match.claim ? claimBalanceProblems(claim) : []),
    ...(kind === 'reversal' && match.claim ? reversalProblems(claim, earlier) : []),
  ];
  if (!match.claim || problems.length > 0) {
    return {
      problem: {
        claimId: match.claim?.claimId ?? null,
        patientControlNumber: claim.patientControlNumber,
        reason: problems.join(' '),
      },
    };
  }
  const entries = claimEntries(claim, match.lineIds, kind);
  return {
    posting: {
      key,
      claimId: match.claim.claimId,
      patientControlNumber: claim.patientControlNumber,
      payerClaimNumber: claim.payerClaimNumber,
      kind,
      forwarded: claim.forwarded,
      event: kind === 'payment' ? 'paid' : kind === 'denial' ? 'denied' : null,
      reverses: earlier?.key ?? null,
      entries,
      totals: postingTotals(entries),
    },
  };
}

function practiceEntriesOf(remittance: Remittance835): PracticeEntry[] {
  const seen = new Map<string, number>();
  return remittance.providerAdjustments.map((adjustment: ProviderAdjustment835) => {
    const base = joinKey(
      remittance.traceNumber,
      remittance.payer.id ?? '',
      'PLB',
      adjustment.reason,
      adjustment.reference ?? '',
    );
    // Two PLB amounts with the same reason and reference are told apart by their order.
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return {
      key: joinKey(base, String(occurrence)),
      reason: adjustment.reason,
      reference: adjustment.reference,
      providerId: adjustment.providerId,
      fiscalPeriodDate: adjustment.fiscalPeriodDate,
      amountCents: adjustment.amountCents,
      effectCents: -adjustment.amountCents,
    };
  });
}

/**
 * The posting plan for one remittance. `ours` are the practice's claims the ERA may pay;
 * `alreadyPosted` the keys the practice has posted before (claims' and PLB entries').
 */
export function planEraPosting(
  remittance: Remittance835,
  ours: readonly ClaimOnFile[],
  alreadyPosted: ReadonlySet<string>,
): EraPostingPlan {
  const balance = paymentBalance(remittance);
  const plan: EraPostingPlan = {
    eraKey: joinKey(remittance.traceNumber, remittance.payer.id ?? ''),
    traceNumber: remittance.traceNumber,
    payerId: remittance.payer.id ?? '',
    balance,
    postings: [],
    practiceEntries: [],
    alreadyPosted: [],
    problems: [],
  };
  if (!balance.balanced) {
    plan.problems.push({ claimId: null, patientControlNumber: null, reason: balance.reason ?? '' });
    return plan;
  }
  const keysInFile = new Set<string>();
  for (const claim of remittance.claims) {
    const key = claimPostingKey(remittance, claim);
    if (alreadyPosted.has(key)) {
      plan.alreadyPosted.push(key);
      continue;
    }
    if (keysInFile.has(key)) {
      plan.problems.push({
        claimId: null,
        patientControlNumber: claim.patientControlNumber,
        reason: `Claim ${claim.patientControlNumber} appears twice in this ERA with the same payer claim number; only the first is posted.`,
      });
      continue;
    }
    keysInFile.add(key);
    const outcome = planClaim(claim, key, ours);
    if ('posting' in outcome) plan.postings.push(outcome.posting);
    else plan.problems.push(outcome.problem);
  }
  for (const entry of practiceEntriesOf(remittance)) {
    if (alreadyPosted.has(entry.key)) plan.alreadyPosted.push(entry.key);
    else plan.practiceEntries.push(entry);
  }
  return plan;
}
