/**
 * Reading an 835 remittance advice (005010X221A1) into a typed remittance: the payment (BPR),
 * its trace number (TRN), the payer and payee, each claim (CLP) with its adjustments (CAS) and
 * service lines (SVC), and the provider-level adjustments (PLB). Amounts in whole cents, dates
 * YYYY-MM-DD. Nothing is judged here (era-*.ts decides what posts). Pure.
 */
import type { X12Delimiters, X12Document, X12Segment } from '../x12/segments.ts';
import { X12Error } from '../x12/segments.ts';
import type { AdjustmentGroup } from './model.ts';
import {
  cents,
  centsOrNull,
  dateOrNull,
  parts,
  text,
  textOrNull,
  transactionsOf,
} from './x12-received.ts';

/** One CAS reason and amount. A positive amount reduces what is paid. */
export interface Adjustment835 {
  group: AdjustmentGroup;
  /** Claim adjustment reason code, e.g. '45' over the fee schedule, '3' copay, '1' deductible. */
  reason: string;
  amountCents: number;
  quantity: number | null;
}

export interface ServiceLine835 {
  /** SVC01-1, 'HC' for CPT/HCPCS. */
  codeQualifier: string;
  procedureCode: string;
  modifiers: string[];
  chargeCents: number;
  paidCents: number;
  /** SVC05 units paid; 1 when not given. */
  units: number;
  /** SVC06: the code billed, when the payer paid another one. */
  billedProcedureCode: string | null;
  /** DTM*472 (or DTM*150, the period's start), YYYY-MM-DD. */
  dateOfService: string | null;
  /** REF*6R: our line control number, echoed back. */
  lineControlNumber: string | null;
  /** AMT*B6. */
  allowedCents: number | null;
  adjustments: Adjustment835[];
  /** LQ*HE remark codes, e.g. 'N130'. */
  remarkCodes: string[];
}

export interface Claim835 {
  /** CLP01: CLM01 of the claim we sent. */
  patientControlNumber: string;
  /** CLP02: 1 primary, 2 secondary, 3 tertiary, 4 denied, 19-21 forwarded, 22 reversal. */
  statusCode: string;
  /** CLP02 = 22: this undoes an earlier payment of the claim (its amounts are negative). */
  reversal: boolean;
  /**
   * CLP02 19, 20 or 21: the payer sent the claim on to the next payer (a crossover), so its
   * patient responsibility is that payer's to consider before it is the client's.
   */
  forwarded: boolean;
  chargeCents: number;
  paidCents: number;
  /** CLP05; 0 when not given. */
  patientResponsibilityCents: number;
  /** CLP06. */
  filingIndicator: string | null;
  /** CLP07: the payer's claim control number. */
  payerClaimNumber: string | null;
  /** CLP09: claim frequency (1 original, 7 replacement, 8 void). */
  frequency: string | null;
  /** Claim-level CAS (those not tied to a line). */
  adjustments: Adjustment835[];
  lines: ServiceLine835[];
  patient: { lastName: string | null; firstName: string | null; memberId: string | null };
  /** DTM*232, YYYY-MM-DD: the first date of service. */
  serviceDate: string | null;
}

/** PLB: an amount the payer takes (positive) or adds (negative) apart from any claim. */
export interface ProviderAdjustment835 {
  providerId: string;
  /** PLB02, YYYY-MM-DD. */
  fiscalPeriodDate: string | null;
  /** PLB03-1, e.g. 'WO' overpayment recovery, 'FB' forwarding balance, 'L6' interest. */
  reason: string;
  /** PLB03-2, often the claim number the recovery is for. */
  reference: string | null;
  amountCents: number;
}

export interface Remittance835 {
  /** ST02. */
  controlNumber: string;
  payment: {
    /** BPR01: I remittance with payment, H notification only. */
    handling: string;
    /** BPR02 as sent (always ≥ 0); see `creditOrDebit`. */
    amountCents: number;
    /** BPR03: C the payer pays, D the payer takes. */
    creditOrDebit: 'C' | 'D';
    /** BPR04: ACH, CHK, NON (no payment), BOP, FWT. */
    method: string;
    /** BPR16, YYYY-MM-DD. */
    date: string | null;
  };
  /** TRN02: the check or EFT trace number. */
  traceNumber: string;
  /** TRN03: the payer's identifier ('1' + its EIN). */
  originatorId: string | null;
  /** N1*PR name; id is REF*2U when given, else TRN03. */
  payer: { name: string | null; id: string | null };
  /** N1*PE name and NPI (N104 when N103 is XX). */
  payee: { name: string | null; npi: string | null };
  claims: Claim835[];
  providerAdjustments: ProviderAdjustment835[];
}

const GROUPS = new Set<string>(['CO', 'PR', 'OA', 'PI', 'CR']);
const FORWARDED_STATUSES = new Set(['19', '20', '21']);

/** CAS: a group, then up to six reason/amount/quantity triples. */
function adjustmentsOf(cas: X12Segment): Adjustment835[] {
  const group = text(cas, 1);
  if (!GROUPS.has(group)) throw new X12Error(`CAS01 "${group}" is not an adjustment group.`);
  const found: Adjustment835[] = [];
  for (let position = 2; position <= 17; position += 3) {
    const reason = text(cas, position);
    if (reason === '') continue;
    const quantity = text(cas, position + 2);
    found.push({
      group: group as AdjustmentGroup,
      reason,
      amountCents: cents(cas, position + 1),
      quantity: quantity === '' ? null : Number(quantity),
    });
  }
  return found;
}

/** PLB: a provider and date, then up to six reason:reference / amount pairs. */
function providerAdjustmentsOf(
  plb: X12Segment,
  delimiters: X12Delimiters,
): ProviderAdjustment835[] {
  const found: ProviderAdjustment835[] = [];
  for (let position = 3; position <= 13; position += 2) {
    const [reason = '', reference = ''] = parts(plb, position, delimiters);
    if (reason === '') continue;
    found.push({
      providerId: text(plb, 1),
      fiscalPeriodDate: dateOrNull(plb, 2),
      reason,
      reference: reference || null,
      amountCents: cents(plb, position + 1),
    });
  }
  return found;
}

function claimOf(clp: X12Segment): Claim835 {
  const statusCode = text(clp, 2);
  return {
    patientControlNumber: text(clp, 1),
    statusCode,
    reversal: statusCode === '22',
    forwarded: FORWARDED_STATUSES.has(statusCode),
    chargeCents: cents(clp, 3),
    paidCents: cents(clp, 4),
    patientResponsibilityCents: centsOrNull(clp, 5) ?? 0,
    filingIndicator: textOrNull(clp, 6),
    payerClaimNumber: textOrNull(clp, 7),
    frequency: textOrNull(clp, 9),
    adjustments: [],
    lines: [],
    patient: { lastName: null, firstName: null, memberId: null },
    serviceDate: null,
  };
}

function lineOf(svc: X12Segment, delimiters: X12Delimiters): ServiceLine835 {
  const [codeQualifier = '', procedureCode = '', ...modifiers] = parts(svc, 1, delimiters);
  const [, billed = ''] = parts(svc, 6, delimiters);
  const units = text(svc, 5);
  return {
    codeQualifier,
    procedureCode,
    modifiers: modifiers.slice(0, 4).filter(Boolean),
    chargeCents: cents(svc, 2),
    paidCents: cents(svc, 3),
    units: units === '' ? 1 : Number(units),
    billedProcedureCode: billed || null,
    dateOfService: null,
    lineControlNumber: null,
    allowedCents: null,
    adjustments: [],
    remarkCodes: [],
  };
}

/** Segments inside a service line (loop 2110). */
function readLineSegment(line: ServiceLine835, segment: X12Segment): void {
  const qualifier = text(segment, 1);
  if (segment.id === 'CAS') line.adjustments.push(...adjustmentsOf(segment));
  else if (segment.id === 'DTM' && (qualifier === '472' || qualifier === '150'))
    line.dateOfService ??= dateOrNull(segment, 2);
  else if (segment.id === 'REF' && qualifier === '6R')
    line.lineControlNumber = textOrNull(segment, 2);
  else if (segment.id === 'AMT' && qualifier === 'B6') line.allowedCents = centsOrNull(segment, 2);
  else if (segment.id === 'LQ' && qualifier === 'HE') line.remarkCodes.push(text(segment, 2));
}

/** Segments of a claim before its first line (loop 2100). */
function readClaimSegment(claim: Claim835, segment: X12Segment): void {
  const qualifier = text(segment, 1);
  if (segment.id === 'CAS') claim.adjustments.push(...adjustmentsOf(segment));
  else if (segment.id === 'NM1' && qualifier === 'QC') {
    claim.patient = {
      lastName: textOrNull(segment, 3),
      firstName: textOrNull(segment, 4),
      memberId: textOrNull(segment, 9),
    };
  } else if (segment.id === 'DTM' && qualifier === '232')
    claim.serviceDate = dateOrNull(segment, 2);
}

/** Header segments (BPR, TRN, loop 1000A/1000B) before the first claim. */
function readHeaderSegment(remittance: Remittance835, segment: X12Segment): void {
  const qualifier = text(segment, 1);
  if (segment.id === 'BPR') {
    remittance.payment = {
      handling: qualifier,
      amountCents: cents(segment, 2),
      creditOrDebit: text(segment, 3) === 'D' ? 'D' : 'C',
      method: text(segment, 4),
      date: dateOrNull(segment, 16),
    };
  } else if (segment.id === 'TRN') {
    remittance.traceNumber = text(segment, 2);
    remittance.originatorId = textOrNull(segment, 3);
  } else if (segment.id === 'N1' && qualifier === 'PR') {
    remittance.payer.name = textOrNull(segment, 2);
  } else if (segment.id === 'N1' && qualifier === 'PE') {
    remittance.payee.name = textOrNull(segment, 2);
    if (text(segment, 3) === 'XX') remittance.payee.npi = textOrNull(segment, 4);
  } else if (segment.id === 'REF' && qualifier === '2U') {
    remittance.payer.id = textOrNull(segment, 2);
  }
}

function remittanceOf(
  controlNumber: string,
  body: X12Segment[],
  delimiters: X12Delimiters,
): Remittance835 {
  const remittance: Remittance835 = {
    controlNumber,
    payment: { handling: '', amountCents: 0, creditOrDebit: 'C', method: '', date: null },
    traceNumber: '',
    originatorId: null,
    payer: { name: null, id: null },
    payee: { name: null, npi: null },
    claims: [],
    providerAdjustments: [],
  };
  let claim: Claim835 | null = null;
  let line: ServiceLine835 | null = null;
  for (const segment of body) {
    if (segment.id === 'CLP') {
      claim = claimOf(segment);
      line = null;
      remittance.claims.push(claim);
    } else if (segment.id === 'SVC' && claim) {
      line = lineOf(segment, delimiters);
      claim.lines.push(line);
    } else if (segment.id === 'PLB') {
      remittance.providerAdjustments.push(...providerAdjustmentsOf(segment, delimiters));
    } else if (segment.id === 'LX') {
      claim = null;
      line = null;
    } else if (line) readLineSegment(line, segment);
    else if (claim) readClaimSegment(claim, segment);
    else readHeaderSegment(remittance, segment);
  }
  if (!body.some((segment) => segment.id === 'BPR') || remittance.traceNumber === '') {
    throw new X12Error(
      `The 835 (transaction ${controlNumber}) has no BPR payment or no TRN trace number.`,
    );
  }
  remittance.payer.id ??= remittance.originatorId;
  return remittance;
}

/**
 * Reads every 835 transaction of the file, one remittance (one payment) each. Throws
 * `X12Error` when the file is not a sound 835 or an amount is not a number.
 */
export function interpret835(document: X12Document): Remittance835[] {
  return transactionsOf(document, '835').map(({ controlNumber, body, delimiters }) =>
    remittanceOf(controlNumber, body, delimiters),
  );
}
