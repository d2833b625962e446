/**
 * Parses an ASC X12 005010X279A1 271 eligibility response into coverage,
 * plan dates, benefits, a cost-share summary for the requested service types,
 * and AAA rejections. Pure; money is returned in integer cents.
 */
import { X12_BENEFIT_CODES, followUpAction, rejectReason } from './codes.ts';
import {
  element,
  parseX12,
  repetitions,
  X12Error,
  type X12Delimiters,
  type X12Segment,
} from './segments.ts';

export type CoverageStatus = 'active' | 'inactive' | 'unknown';
export type RejectionLoop = '2100A' | '2100B' | '2100C' | '2100D' | '2110C' | '2110D';

export interface BenefitDate {
  qualifier: string;
  /** YYYY-MM-DD */
  begin: string | null;
  end: string | null;
}

export interface Benefit {
  /** EB01, e.g. '1' active, '6' inactive, 'A' coinsurance, 'B' copay, 'C' deductible, 'F' limitations. */
  code: string;
  description: string;
  /** EB02, e.g. IND or FAM. */
  coverageLevel: string | null;
  /** EB03 service type codes. */
  serviceTypes: string[];
  /** EB04 insurance type, e.g. C1 commercial, MC Medicaid. */
  insuranceType: string | null;
  /** EB05 plan coverage description. */
  planCoverage: string | null;
  /** EB06, e.g. 23 calendar year, 29 remaining, 27 visit. */
  timePeriod: string | null;
  /** EB07 in cents. */
  amountCents: number | null;
  /** EB08 as a percentage (EB08 .2 is 20). */
  percent: number | null;
  /** EB09, e.g. VS visits. */
  quantityQualifier: string | null;
  /** EB10 */
  quantity: number | null;
  /** EB11 Y/N/U */
  authorizationRequired: string | null;
  /** EB12 Y in network, N out of network, W not applicable (both), U unknown. */
  inNetwork: string | null;
  /** EB13 composite procedure, e.g. ['HC', '90837']. */
  procedure: string[];
  dates: BenefitDate[];
  messages: string[];
}

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

/** Behavioral health service types, most specific first. */
export const MENTAL_HEALTH_SERVICE_TYPES: readonly string[] = ['MH', 'A6', 'CF', 'A8', 'A4', 'CH'];

const ACTIVE_CODES = new Set(['1', '2', '3', '4', '5']);
const INACTIVE_CODES = new Set(['6', '7', '8']);

/**
 * A decimal string scaled by 10^places to an integer without floating point
 * error ('25.5' with 2 places is 2550); rounds half up; null when not a number.
 */
export function decimalToScaled(text: string, places: number): number | null {
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] ?? '') + (match[3] ?? '') === '') return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const kept = fraction.padEnd(places, '0').slice(0, places);
  const roundUp = Number(fraction.charAt(places) || '0') >= 5 ? 1 : 0;
  const value = Number(`${whole || '0'}${kept}`) + roundUp;
  return sign === '-' ? -value : value;
}

/** CCYYMMDD to YYYY-MM-DD (null when malformed). */
export function fromX12Date(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const month = Number(m);
  const day = Number(d);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > new Date(Date.UTC(Number(y), month, 0)).getUTCDate()
  ) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

function parseDateValue(
  format: string,
  value: string,
): { begin: string | null; end: string | null } {
  if (format === 'RD8') {
    const [begin = '', end = ''] = value.split('-');
    return { begin: fromX12Date(begin), end: fromX12Date(end) };
  }
  return { begin: fromX12Date(value), end: null };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function emptyPerson(): Person271 {
  return {
    firstName: null,
    lastName: null,
    middleName: null,
    memberId: null,
    dob: null,
    gender: null,
    groupNumber: null,
    groupName: null,
  };
}

interface PersonState {
  person: Person271;
  relationshipCode: string | null;
  dates: BenefitDate[];
  benefits: Benefit[];
  planNumberName: string | null;
}

function newPersonState(): PersonState {
  return {
    person: emptyPerson(),
    relationshipCode: null,
    dates: [],
    benefits: [],
    planNumberName: null,
  };
}

function toBenefit(segment: X12Segment, delimiters: X12Delimiters): Benefit {
  const code = element(segment, 1).trim();
  const quantity = element(segment, 10).trim();
  const percentBasisPoints = decimalToScaled(element(segment, 8), 4);
  let percent: number | null = null;
  if (percentBasisPoints !== null) {
    // EB08 is a fraction (.2 is 20 %); some payers send 20 meaning 20 %.
    percent = percentBasisPoints > 10_000 ? percentBasisPoints / 10_000 : percentBasisPoints / 100;
  }
  return {
    code,
    description: X12_BENEFIT_CODES[code] ?? code,
    coverageLevel: orNull(element(segment, 2)),
    serviceTypes: repetitions(element(segment, 3), delimiters)
      .map((type) => type.trim())
      .filter((type) => type !== ''),
    insuranceType: orNull(element(segment, 4)),
    planCoverage: orNull(element(segment, 5)),
    timePeriod: orNull(element(segment, 6)),
    amountCents: decimalToScaled(element(segment, 7), 2),
    percent,
    quantityQualifier: orNull(element(segment, 9)),
    quantity: quantity === '' || Number.isNaN(Number(quantity)) ? null : Number(quantity),
    authorizationRequired: orNull(element(segment, 11)),
    inNetwork: orNull(element(segment, 12)),
    procedure: element(segment, 13) === '' ? [] : element(segment, 13).split(delimiters.component),
    dates: [],
    messages: [],
  };
}

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

  const result: Eligibility271 = {
    traceNumber: null,
    transactionControlNumber: orNull(element(segments[start] ?? { id: '', elements: [] }, 2)),
    payer: { name: null, id: null },
    provider: { name: null, npi: null },
    subscriber: null,
    dependent: null,
    coverage: 'unknown',
    planName: null,
    planBegin: null,
    planEnd: null,
    benefits: [],
    summary: summarizeBenefits([], options.serviceTypes),
    rejections: [],
  };

  let level = '';
  let inBenefits = false;
  let inRelatedEntity = false;
  let subscriber: PersonState | null = null;
  let dependent: PersonState | null = null;
  let current: PersonState | null = null;
  let benefit: Benefit | null = null;
  let otherTrace: string | null = null;
  let seenSubscriber = false;
  let seenDependent = false;
  let done = false;

  for (const segment of segments.slice(start + 1)) {
    if (done) break;
    const e = (n: number): string => element(segment, n).trim();
    switch (segment.id) {
      case 'SE':
        done = true;
        break;
      case 'HL': {
        level = e(3);
        inBenefits = false;
        inRelatedEntity = false;
        benefit = null;
        current = null;
        if (level === '22') {
          if (seenSubscriber) {
            done = true;
            break;
          }
          seenSubscriber = true;
          subscriber = newPersonState();
          current = subscriber;
        } else if (level === '23') {
          if (seenDependent) {
            done = true;
            break;
          }
          seenDependent = true;
          dependent = newPersonState();
          current = dependent;
        }
        break;
      }
      case 'LS':
        inRelatedEntity = true;
        break;
      case 'LE':
        inRelatedEntity = false;
        break;
      case 'NM1': {
        if (inRelatedEntity || inBenefits) break;
        if (level === '20') result.payer = { name: orNull(e(3)), id: orNull(e(9)) };
        else if (level === '21') {
          const name = e(2) === '1' ? [e(4), e(3)].filter(Boolean).join(' ') : e(3);
          result.provider = { name: orNull(name), npi: e(8) === 'XX' ? orNull(e(9)) : null };
        } else if (current) {
          current.person.lastName = orNull(e(3));
          current.person.firstName = orNull(e(4));
          current.person.middleName = orNull(e(5));
          if (e(9) !== '') current.person.memberId = e(9);
        }
        break;
      }
      case 'TRN':
        if (e(1) === '2' && result.traceNumber === null) result.traceNumber = orNull(e(2));
        else if (otherTrace === null) otherTrace = orNull(e(2));
        break;
      case 'REF':
        if (current && !inBenefits) {
          if (e(1) === '6P') {
            current.person.groupNumber = orNull(e(2));
            current.person.groupName = orNull(e(3));
          } else if (e(1) === '18') {
            current.planNumberName = orNull(e(3));
          } else if ((e(1) === '1W' || e(1) === '0F') && current.person.memberId === null) {
            current.person.memberId = orNull(e(2));
          }
        }
        break;
      case 'DMG':
        if (current && e(1) === 'D8') {
          current.person.dob = fromX12Date(e(2));
          current.person.gender = orNull(e(3));
        }
        break;
      case 'INS':
        if (current) current.relationshipCode = orNull(e(2));
        break;
      case 'DTP': {
        const date = { qualifier: e(1), ...parseDateValue(e(2), e(3)) };
        if (inBenefits && benefit) benefit.dates.push(date);
        else if (current) current.dates.push(date);
        break;
      }
      case 'AAA': {
        let loop: RejectionLoop | null = null;
        if (level === '20') loop = '2100A';
        else if (level === '21') loop = '2100B';
        else if (level === '22') loop = inBenefits ? '2110C' : '2100C';
        else if (level === '23') loop = inBenefits ? '2110D' : '2100D';
        if (loop) {
          const followUpCode = orNull(e(4));
          result.rejections.push({
            loop,
            validRequest: e(1) === 'Y',
            code: e(3),
            reason: rejectReason(e(3)),
            followUpCode,
            followUp: followUpCode === null ? null : followUpAction(followUpCode),
          });
        }
        break;
      }
      case 'EB':
        if (current) {
          inBenefits = true;
          inRelatedEntity = false;
          benefit = toBenefit(segment, delimiters);
          current.benefits.push(benefit);
        }
        break;
      case 'MSG':
        if (benefit && e(1) !== '') benefit.messages.push(e(1));
        break;
      default:
        break;
    }
  }

  result.traceNumber ??= otherTrace;
  const subscriberState = subscriber;
  const dependentState = dependent;
  result.subscriber = subscriberState?.person ?? null;
  result.dependent = dependentState
    ? { ...dependentState.person, relationshipCode: dependentState.relationshipCode }
    : null;

  const patient =
    dependentState && (dependentState.benefits.length > 0 || subscriberState === null)
      ? dependentState
      : subscriberState;
  const benefits = patient?.benefits ?? [];
  const dates = [...(dependentState?.dates ?? []), ...(subscriberState?.dates ?? [])];
  result.benefits = benefits;
  result.coverage = coverageOf(benefits);
  result.planBegin = firstDate(dates, ['346', '356', '291', '307', '348'], 'begin');
  result.planEnd = firstDate(dates, ['347', '357', '291', '307', '349'], 'end');
  result.planName =
    benefits.find((b) => ACTIVE_CODES.has(b.code) && b.planCoverage !== null)?.planCoverage ??
    benefits.find((b) => b.planCoverage !== null)?.planCoverage ??
    patient?.planNumberName ??
    null;
  result.summary = summarizeBenefits(benefits, options.serviceTypes);
  return result;
}
