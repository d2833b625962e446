/**
 * Reading a 277CA claim acknowledgment (005010X214): for each claim we sent, identified by its
 * patient control number (TRN02 of loop 2200D), whether the payer's front end only received
 * it (A1), took it into adjudication (A2) or refused it (A3, A6, A7, A8), why, and the claim
 * number the payer gave it. Pure: it reads an `X12Document`, whichever parser made it.
 */
import type { X12Delimiters, X12Document, X12Segment } from '../x12/segments.ts';
import {
  centsOrNull,
  dateOrNull,
  parts,
  text,
  textOrNull,
  transactionsOf,
} from './x12-received.ts';

/** What a claim's acknowledgment means for the claim (ack-outcome.ts turns it into an event). */
export type ClaimAcknowledgmentKind = 'receipt' | 'accepted' | 'rejected' | 'other';

/** One STC status: category (e.g. A7), status code (e.g. 562) and entity (e.g. 85). */
export interface StatusCode277 {
  category: string;
  status: string;
  entity: string | null;
}

export interface ClaimAcknowledgment277 {
  /** TRN02 of loop 2200D: CLM01 of the claim we sent. */
  patientControlNumber: string;
  kind: ClaimAcknowledgmentKind;
  /** The category that decided `kind`, e.g. 'A7'. */
  categoryCode: string;
  statusCodes: StatusCode277[];
  /** Why, in words: the payer's own text (STC12) when given, else the status codes read out. */
  reasons: string[];
  /** REF*1K: the payer's claim control number (needed for a corrected or void claim). */
  payerClaimNumber: string | null;
  /** REF*D9: the clearinghouse's trace number for the claim. */
  clearinghouseTraceNumber: string | null;
  /** STC04: the total charge the payer read, in cents. */
  chargeCents: number | null;
  /** STC02, YYYY-MM-DD. */
  statusDate: string | null;
  patient: { lastName: string | null; firstName: string | null; memberId: string | null };
}

export interface Acknowledgment277 {
  /** ST02 of each 277 transaction read. */
  controlNumbers: string[];
  payer: { name: string | null; id: string | null };
  claims: ClaimAcknowledgment277[];
}

const REJECTED_CATEGORIES = new Set(['A3', 'A6', 'A7', 'A8']);

/** Claim status category codes (code list 507) the reasons name. */
const CATEGORIES: Readonly<Record<string, string>> = {
  A1: 'Received',
  A2: 'Accepted into adjudication',
  A3: 'Returned as unprocessable',
  A4: 'Not found',
  A5: 'Split claim',
  A6: 'Rejected for missing information',
  A7: 'Rejected for invalid information',
  A8: 'Rejected for relational field in error',
};

/** The claim status codes (code list 508) a rejection most often carries. */
const STATUSES: Readonly<Record<string, string>> = {
  '19': 'entity acknowledges receipt',
  '20': 'accepted for processing',
  '21': 'missing or invalid information',
  '33': 'subscriber and subscriber id not found',
  '116': 'claim submitted to the wrong payer',
  '128': "entity's tax id",
  '145': "entity's primary identifier",
  '164': "entity's contract or member number",
  '187': 'dates of service',
  '254': 'principal diagnosis code',
  '255': 'diagnosis code',
  '400': 'claim is out of balance',
  '454': 'procedure code',
  '562': "entity's National Provider Identifier (NPI)",
};

/** Entity identifier codes the reasons name. */
const ENTITIES: Readonly<Record<string, string>> = {
  '41': 'submitter',
  '40': 'receiver',
  '82': 'rendering provider',
  '85': 'billing provider',
  '87': 'pay-to provider',
  IL: 'subscriber',
  QC: 'patient',
  PR: 'payer',
};

function kindOf(categories: readonly string[]): { kind: ClaimAcknowledgmentKind; code: string } {
  const rejected = categories.find((category) => REJECTED_CATEGORIES.has(category));
  if (rejected) return { kind: 'rejected', code: rejected };
  if (categories.includes('A2')) return { kind: 'accepted', code: 'A2' };
  if (categories.includes('A1')) return { kind: 'receipt', code: 'A1' };
  return { kind: 'other', code: categories[0] ?? '' };
}

/** STC01, STC10 and STC11 each hold one category:status:entity composite. */
function statusCodesOf(stc: X12Segment, delimiters: X12Delimiters): StatusCode277[] {
  return [1, 10, 11]
    .map((position) => parts(stc, position, delimiters))
    .filter(([category]) => category !== undefined && category !== '')
    .map(([category = '', status = '', entity = '']) => ({
      category,
      status,
      entity: entity || null,
    }));
}

const readOut = ({ category, status, entity }: StatusCode277): string =>
  [
    CATEGORIES[category] ?? `Category ${category}`,
    STATUSES[status] ?? (status ? `status ${status}` : ''),
    entity ? (ENTITIES[entity] ?? `entity ${entity}`) : '',
  ]
    .filter(Boolean)
    .join(': ');

interface OpenClaim {
  claim: ClaimAcknowledgment277;
  stcs: X12Segment[];
}

function finish({ claim, stcs }: OpenClaim, delimiters: X12Delimiters): ClaimAcknowledgment277 {
  const statusCodes = stcs.flatMap((stc) => statusCodesOf(stc, delimiters));
  const { kind, code } = kindOf(statusCodes.map((status) => status.category));
  const payerText = stcs.map((stc) => text(stc, 12)).filter(Boolean);
  const first = stcs[0];
  return {
    ...claim,
    kind,
    categoryCode: code,
    statusCodes,
    reasons: payerText.length > 0 ? payerText : statusCodes.map(readOut),
    chargeCents: first ? centsOrNull(first, 4) : null,
    statusDate: first ? dateOrNull(first, 2) : null,
  };
}

/**
 * Reads every claim of every 277 transaction in the file. Claims are found at the patient
 * level (HL03 'PT'); statuses above it (the file or the billing provider refused whole) are
 * not claim answers and are left to the 999. Throws `X12Error` when the file is not a 277.
 */
export function interpret277ca(document: X12Document): Acknowledgment277 {
  const transactions = transactionsOf(document, '277');
  const claims: ClaimAcknowledgment277[] = [];
  const payer: Acknowledgment277['payer'] = { name: null, id: null };
  for (const { body, delimiters } of transactions) {
    let open: OpenClaim | null = null;
    let level = '';
    let patient: ClaimAcknowledgment277['patient'] = {
      lastName: null,
      firstName: null,
      memberId: null,
    };
    const close = () => {
      if (open) claims.push(finish(open, delimiters));
      open = null;
    };
    for (const segment of body) {
      if (segment.id === 'HL') {
        close();
        level = text(segment, 3);
      } else if (segment.id === 'NM1' && text(segment, 1) === 'PR' && payer.name === null) {
        payer.name = textOrNull(segment, 3);
        payer.id = textOrNull(segment, 9);
      } else if (segment.id === 'NM1' && level === 'PT') {
        patient = {
          lastName: textOrNull(segment, 3),
          firstName: textOrNull(segment, 4),
          memberId: textOrNull(segment, 9),
        };
      } else if (segment.id === 'TRN' && level === 'PT') {
        open = { claim: blankClaim(text(segment, 2), patient), stcs: [] };
      } else if (open && segment.id === 'STC') {
        open.stcs.push(segment);
      } else if (open && segment.id === 'REF') {
        readReference(open.claim, segment);
      } else if (open && segment.id === 'SVC') {
        // Line-level statuses (loop 2220D) follow; the claim's own answer is complete.
        close();
      }
    }
    close();
  }
  return { controlNumbers: transactions.map((t) => t.controlNumber), payer, claims };
}

function blankClaim(
  patientControlNumber: string,
  patient: ClaimAcknowledgment277['patient'],
): ClaimAcknowledgment277 {
  return {
    patientControlNumber,
    kind: 'other',
    categoryCode: '',
    statusCodes: [],
    reasons: [],
    payerClaimNumber: null,
    clearinghouseTraceNumber: null,
    chargeCents: null,
    statusDate: null,
    patient,
  };
}

function readReference(claim: ClaimAcknowledgment277, ref: X12Segment): void {
  if (text(ref, 1) === '1K') claim.payerClaimNumber = textOrNull(ref, 2);
  if (text(ref, 1) === 'D9') claim.clearinghouseTraceNumber = textOrNull(ref, 2);
}
