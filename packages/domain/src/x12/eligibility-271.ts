/**
 * Parses an ASC X12 005010X279A1 271 eligibility response into coverage,
 * plan dates, benefits, a cost-share summary for the requested service types,
 * and AAA rejections. Pure; money is returned in integer cents.
 */
import type { Benefit, BenefitDate } from './benefits-271.ts';
import { summarizeBenefits, type EligibilitySummary } from './benefit-summary.ts';
import { orNull } from './element-values.ts';
import { newReader271, readSegment271, type Reader271 } from './reader-271.ts';
import { element, parseX12, X12Error } from './segments.ts';

export type CoverageStatus = 'active' | 'inactive' | 'unknown';
export type RejectionLoop = '2100A' | '2100B' | '2100C' | '2100D' | '2110C' | '2110D';

export interface Rejection {
  loop: RejectionLoop;
  /** AAA01: Y when the request was valid but could not be answered. */
  validRequest: boolean;
  code: string;
  reason: string;
  followUpCode: string | null;
  followUp: string | null;
}

export interface Person271 {
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
  memberId: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
  gender: string | null;
  groupNumber: string | null;
  groupName: string | null;
}

export interface Dependent271 extends Person271 {
  /** INS02, e.g. 19 child, 01 spouse. */
  relationshipCode: string | null;
}

export interface Eligibility271 {
  traceNumber: string | null;
  transactionControlNumber: string | null;
  payer: { name: string | null; id: string | null };
  provider: { name: string | null; npi: string | null };
  subscriber: Person271 | null;
  dependent: Dependent271 | null;
  coverage: CoverageStatus;
  planName: string | null;
  planBegin: string | null;
  planEnd: string | null;
  /** Benefits of the patient: the dependent when present and answered, else the subscriber. */
  benefits: Benefit[];
  summary: EligibilitySummary;
  rejections: Rejection[];
}

export interface Parse271Options {
  /** Service types for the summary, most wanted first; '30' and untyped benefits are the fallback. */
  serviceTypes?: readonly string[];
}

const ACTIVE_CODES = new Set(['1', '2', '3', '4', '5']);
const INACTIVE_CODES = new Set(['6', '7', '8']);

/** Single-date qualifiers that mark an end (plan, eligibility, benefit end). */
const END_QUALIFIERS = new Set(['347', '357', '349']);

/** The first date found by qualifier priority; a single (D8) date counts as an end only for end qualifiers. */
function firstDate(
  dates: readonly BenefitDate[],
  qualifiers: readonly string[],
  edge: 'begin' | 'end',
): string | null {
  for (const qualifier of qualifiers) {
    for (const date of dates) {
      if (date.qualifier !== qualifier) continue;
      const value =
        edge === 'begin'
          ? date.begin
          : (date.end ?? (END_QUALIFIERS.has(qualifier) ? date.begin : null));
      if (value !== null) return value;
    }
  }
  return null;
}

/** Active when any active code (EB01 1-5) is present, else inactive when any inactive code (6-8), else unknown. */
function coverageOf(benefits: readonly Benefit[]): CoverageStatus {
  if (benefits.some((b) => ACTIVE_CODES.has(b.code))) return 'active';
  if (benefits.some((b) => INACTIVE_CODES.has(b.code))) return 'inactive';
  return 'unknown';
}

/**
 * Parses a 271 interchange. Throws `X12Error` when the text is not X12 or
 * holds no 271 transaction. Only the first subscriber (and its first dependent)
 * of the first 271 transaction is read.
 */
export function parse271(text: string, options: Parse271Options = {}): Eligibility271 {
  const { delimiters, segments } = parseX12(text);
  const start = segments.findIndex((s) => s.id === 'ST' && element(s, 1).trim() === '271');
  if (start < 0) throw new X12Error('The response holds no 271 eligibility transaction.');
  const transactionControlNumber = orNull(element(segments[start] ?? { id: '', elements: [] }, 2));

  const reader = newReader271(delimiters);
  for (const segment of segments.slice(start + 1)) {
    if (!readSegment271(reader, segment)) break;
  }
  return answerOf(reader, transactionControlNumber, options);
}

/**
 * The answer from what was read. The benefits are the patient's: the
 * dependent's when the dependent loop has any (or there is no subscriber),
 * else the subscriber's; plan dates may sit in either loop.
 */
function answerOf(
  reader: Reader271,
  transactionControlNumber: string | null,
  options: Parse271Options,
): Eligibility271 {
  const { subscriber, dependent } = reader;
  const patient =
    dependent && (dependent.benefits.length > 0 || subscriber === null) ? dependent : subscriber;
  const benefits = patient?.benefits ?? [];
  const dates = [...(dependent?.dates ?? []), ...(subscriber?.dates ?? [])];
  return {
    traceNumber: reader.traceNumber ?? reader.otherTrace,
    transactionControlNumber,
    payer: reader.payer,
    provider: reader.provider,
    subscriber: subscriber?.person ?? null,
    dependent: dependent
      ? { ...dependent.person, relationshipCode: dependent.relationshipCode }
      : null,
    coverage: coverageOf(benefits),
    planName:
      benefits.find((b) => ACTIVE_CODES.has(b.code) && b.planCoverage !== null)?.planCoverage ??
      benefits.find((b) => b.planCoverage !== null)?.planCoverage ??
      patient?.planNumberName ??
      null,
    planBegin: firstDate(dates, ['346', '356', '291', '307', '348'], 'begin'),
    planEnd: firstDate(dates, ['347', '357', '291', '307', '349'], 'end'),
    benefits,
    summary: summarizeBenefits(benefits, options.serviceTypes),
    rejections: reader.rejections,
  };
}
