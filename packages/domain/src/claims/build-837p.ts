/**
 * Builds an ASC X12 005010X222A1 837P professional claim file from claim models
 * (issue 20 item 4): claim model → segments → the shared serializer. Pure: the
 * control numbers, date and time come from the caller (the server takes ISA13
 * and GS06 from a database sequence inside the batch's transaction, so they are
 * never reused); SE01 and the HL numbers are counted from the segments emitted.
 *
 * One batch is one interchange with one functional group and one transaction
 * (ST) holding every claim as its own 2000B subscriber loop. That is what
 * clearinghouses expect of a practice's daily batch: one 999 answers the whole
 * file and the 277CA then accepts or rejects claim by claim. The guide asks for
 * at most 5000 claims per transaction, so a larger batch is split into several
 * transactions in the same group (ST02 counts up from the given number).
 */
import { tinDigits } from './claim-values.ts';
import {
  checkControlNumbers,
  checkInterchangeParties,
  checkStamp,
  checkUsage,
  envelopeHeader,
  envelopeTrailer,
  zeroPad,
  type X12Envelope,
} from '../x12/envelope.ts';
import { DEFAULT_DELIMITERS, seg, serializeSegments, type X12Segment } from '../x12/segments.ts';
import { X12Issues, type X12ValidationIssue } from '../x12/x12-issues.ts';
import { toX12Date, toX12Time, x12Text } from '../x12/x12-format.ts';
import type { BillingProvider, Claim, ClaimPolicy } from './model.ts';
import { CLAIM_RULES } from './problems.ts';
import { claimDataProblems } from './scrub.ts';
import { claimLoops } from './segments-claim.ts';
import {
  billingLoops,
  HlCounter,
  subscriberLoops,
  submitterAndReceiver,
  type Submitter,
} from './segments-parties.ts';

export const X12_837P_VERSION = '005010X222A1';
/** The implementation guide's recommended limit of CLM segments per transaction. */
export const MAX_CLAIMS_PER_TRANSACTION = 5000;

export interface Claim837Batch extends X12Envelope {
  /** ST02 of the first transaction; later ones (over 5000 claims) count up from it. */
  transactionControlNumber: number;
  /** 1000A: the practice (or its billing service) sending the file. */
  submitter: Submitter;
  /** 1000B: the clearinghouse's name. */
  receiverName: string;
  /** 1000B: the clearinghouse's id for itself; defaults to the interchange receiver id. */
  receiverId?: string;
  claims: readonly Claim[];
}

export type Build837Result =
  | {
      ok: true;
      text: string;
      segments: X12Segment[];
      /** ST02 of each transaction, in order. */
      transactionControlNumbers: string[];
    }
  | { ok: false; errors: X12ValidationIssue[] };

/** Problems with the envelope, submitter and receiver, and the claims' own blocking problems. */
export function validate837Batch(batch: Claim837Batch): X12ValidationIssue[] {
  const issues = new X12Issues();
  checkInterchangeParties(batch, issues);
  checkControlNumbers(batch, issues);
  issues.controlNumber(
    'transactionControlNumber',
    batch.transactionControlNumber,
    'Transaction control number',
  );
  checkStamp(batch, issues);
  checkUsage(batch, issues);
  if (x12Text(batch.submitter.name, 60) === '')
    issues.add('submitter.name', 'Submitter name is required.');
  if (batch.submitter.id !== undefined)
    issues.id('submitter.id', batch.submitter.id, 80, 'Submitter id');
  if (x12Text(batch.submitter.contactName, 60) === '')
    issues.add('submitter.contactName', 'Submitter contact name is required.');
  if (!/^\d{10}$/.test(batch.submitter.phone.replace(/\D/g, '')))
    issues.add('submitter.phone', 'Submitter phone must have 10 digits.');
  if (x12Text(batch.receiverName, 60) === '')
    issues.add('receiverName', 'Receiver name is required.');
  if (batch.receiverId !== undefined) issues.id('receiverId', batch.receiverId, 80, 'Receiver id');
  if (batch.claims.length === 0) issues.add('claims', 'A batch needs at least one claim.');
  batch.claims.forEach((claim, index) => {
    for (const problem of claimDataProblems(claim)) {
      if (CLAIM_RULES[problem.code].severity === 'error')
        issues.add(`claims[${index}].${problem.field}`, problem.message);
    }
  });
  return issues.list;
}

/** Claims of the same billing provider share one 2000A loop; the key says when two are the same. */
function billingKey(billing: BillingProvider): string {
  const entity = billing.entity;
  return JSON.stringify([
    billing.npi.trim(),
    billing.tin.kind,
    tinDigits(billing.tin.value),
    entity.kind === 'organisation'
      ? [entity.name]
      : [entity.lastName, entity.firstName, entity.middleName ?? '', entity.suffix ?? ''],
    (billing.taxonomy ?? '').trim().toUpperCase(),
    billing.address,
    billing.payTo ?? null,
  ]);
}

/** Claims grouped by billing provider, groups in the order first seen, claims in input order. */
function byBillingProvider(claims: readonly Claim[]): Claim[][] {
  const groups = new Map<string, Claim[]>();
  for (const claim of claims) {
    const key = billingKey(claim.billing);
    const list = groups.get(key) ?? [];
    list.push(claim);
    groups.set(key, list);
  }
  return [...groups.values()];
}

/** One ST…SE transaction for `claims`, HL numbers starting again at 1. */
function transaction(batch: Claim837Batch, claims: readonly Claim[], index: number): X12Segment[] {
  const st02 = zeroPad(batch.transactionControlNumber + index, 4);
  const date8 = toX12Date(batch.date) ?? '';
  const time4 = toX12Time(batch.time) ?? '';
  const submitterId = (batch.submitter.id ?? batch.sender.id).trim();
  const receiverId = (batch.receiverId ?? batch.receiver.id).trim();
  const out = [
    seg('ST', '837', st02, X12_837P_VERSION),
    // BHT06 CH: chargeable claims (RP would mark encounters reported for information only).
    seg('BHT', '0019', '00', `${batch.interchangeControlNumber}-${index + 1}`, date8, time4, 'CH'),
    ...submitterAndReceiver(batch.submitter, submitterId, {
      name: batch.receiverName,
      id: receiverId,
    }),
  ];
  const hl = new HlCounter();
  for (const group of byBillingProvider(claims)) {
    const first = group[0];
    if (!first) continue;
    const [billing, billingHl] = billingLoops(first.billing, hl);
    out.push(...billing);
    for (const claim of group) {
      // validate837Batch refused any claim without a policy before we get here.
      if (claim.policy === null) continue;
      const withPolicy: Claim & { policy: ClaimPolicy } = { ...claim, policy: claim.policy };
      out.push(...subscriberLoops(withPolicy, billingHl, hl), ...claimLoops(claim));
    }
  }
  out.push(seg('SE', String(out.length + 1), st02));
  return out;
}

/**
 * The segment as the file carries it (the serializer drops trailing empty
 * elements), so the segments returned are exactly what a reader gets back.
 */
function withoutTrailingEmpties(segment: X12Segment): X12Segment {
  if (segment.id === 'ISA') return segment;
  const elements = [...segment.elements];
  while (elements.at(-1) === '') elements.pop();
  return { id: segment.id, elements };
}

/** Builds the 837P file for a batch of claims, or says everything that stops it. */
export function build837P(batch: Claim837Batch): Build837Result {
  const errors = validate837Batch(batch);
  if (errors.length > 0) return { ok: false, errors };
  const transactions: X12Segment[][] = [];
  for (let start = 0; start < batch.claims.length; start += MAX_CLAIMS_PER_TRANSACTION) {
    const chunk = batch.claims.slice(start, start + MAX_CLAIMS_PER_TRANSACTION);
    transactions.push(transaction(batch, chunk, transactions.length));
  }
  const segments = [
    ...envelopeHeader(batch, 'HC', X12_837P_VERSION),
    ...transactions.flat(),
    ...envelopeTrailer(batch, transactions.length),
  ].map(withoutTrailingEmpties);
  return {
    ok: true,
    text: serializeSegments(segments, DEFAULT_DELIMITERS),
    segments,
    transactionControlNumbers: transactions.map((t) => t[0]?.elements[1] ?? ''),
  };
}
