/**
 * Walks the segments of one 271 transaction, segment by segment, keeping
 * track of the HL loop it is in and collecting the parties, the subscriber
 * and dependent with their dates and benefits, the trace and the AAA
 * rejections. Pure; parse271 turns what it collected into the answer.
 */
import type { Benefit, BenefitDate } from './benefits-271.ts';
import { toBenefit } from './benefits-271.ts';
import { followUpAction, rejectReason } from './codes.ts';
import type { Person271, Rejection, RejectionLoop } from './eligibility-271.ts';
import { fromX12Date, orNull, parseDateValue } from './element-values.ts';
import { element, type X12Delimiters, type X12Segment } from './segments.ts';

/** What the 271 says about one person (2000C subscriber or 2000D dependent). */
export interface PersonState {
  person: Person271;
  relationshipCode: string | null;
  dates: BenefitDate[];
  benefits: Benefit[];
  planNumberName: string | null;
}

export interface Reader271 {
  delimiters: X12Delimiters;
  /** HL03 of the loop being read: 20 payer, 21 provider, 22 subscriber, 23 dependent. */
  level: string;
  /** Inside an EB (2110) loop of the current person. */
  inBenefits: boolean;
  /** Between LS and LE: the names there are related entities, not the person. */
  inRelatedEntity: boolean;
  subscriber: PersonState | null;
  dependent: PersonState | null;
  current: PersonState | null;
  benefit: Benefit | null;
  /** TRN*2, the request's trace as the payer echoes it. */
  traceNumber: string | null;
  /** The first other TRN, the trace when no TRN*2 is present. */
  otherTrace: string | null;
  payer: { name: string | null; id: string | null };
  provider: { name: string | null; npi: string | null };
  rejections: Rejection[];
}

export function newReader271(delimiters: X12Delimiters): Reader271 {
  return {
    delimiters,
    level: '',
    inBenefits: false,
    inRelatedEntity: false,
    subscriber: null,
    dependent: null,
    current: null,
    benefit: null,
    traceNumber: null,
    otherTrace: null,
    payer: { name: null, id: null },
    provider: { name: null, npi: null },
    rejections: [],
  };
}

function newPersonState(): PersonState {
  return {
    person: {
      firstName: null,
      lastName: null,
      middleName: null,
      memberId: null,
      dob: null,
      gender: null,
      groupNumber: null,
      groupName: null,
    },
    relationshipCode: null,
    dates: [],
    benefits: [],
    planNumberName: null,
  };
}

/** A trimmed element of the segment being read. */
type Field = (position: number) => string;

/** HL opens a loop; false at a second subscriber or dependent, where reading stops. */
function openLoop(reader: Reader271, level: string): boolean {
  reader.level = level;
  reader.inBenefits = false;
  reader.inRelatedEntity = false;
  reader.benefit = null;
  reader.current = null;
  if (level === '22') {
    if (reader.subscriber) return false;
    reader.subscriber = newPersonState();
    reader.current = reader.subscriber;
  } else if (level === '23') {
    if (reader.dependent) return false;
    reader.dependent = newPersonState();
    reader.current = reader.dependent;
  }
  return true;
}

/** NM1 names the payer (2100A), the provider (2100B) or the person of the loop. */
function readName(reader: Reader271, e: Field): void {
  if (reader.inRelatedEntity || reader.inBenefits) return;
  if (reader.level === '20') reader.payer = { name: orNull(e(3)), id: orNull(e(9)) };
  else if (reader.level === '21') {
    const name = e(2) === '1' ? [e(4), e(3)].filter(Boolean).join(' ') : e(3);
    reader.provider = { name: orNull(name), npi: e(8) === 'XX' ? orNull(e(9)) : null };
  } else if (reader.current) {
    const { person } = reader.current;
    person.lastName = orNull(e(3));
    person.firstName = orNull(e(4));
    person.middleName = orNull(e(5));
    if (e(9) !== '') person.memberId = e(9);
  }
}

/** REF of a person: group (6P), plan (18), or member id (1W, 0F) when NM1 gave none. */
function readReference(reader: Reader271, e: Field): void {
  const { current } = reader;
  if (!current || reader.inBenefits) return;
  if (e(1) === '6P') {
    current.person.groupNumber = orNull(e(2));
    current.person.groupName = orNull(e(3));
  } else if (e(1) === '18') {
    current.planNumberName = orNull(e(3));
  } else if ((e(1) === '1W' || e(1) === '0F') && current.person.memberId === null) {
    current.person.memberId = orNull(e(2));
  }
}

function rejectionLoop(reader: Reader271): RejectionLoop | null {
  switch (reader.level) {
    case '20':
      return '2100A';
    case '21':
      return '2100B';
    case '22':
      return reader.inBenefits ? '2110C' : '2100C';
    case '23':
      return reader.inBenefits ? '2110D' : '2100D';
    default:
      return null;
  }
}

function readRejection(reader: Reader271, e: Field): void {
  const loop = rejectionLoop(reader);
  if (!loop) return;
  const followUpCode = orNull(e(4));
  reader.rejections.push({
    loop,
    validRequest: e(1) === 'Y',
    code: e(3),
    reason: rejectReason(e(3)),
    followUpCode,
    followUp: followUpCode === null ? null : followUpAction(followUpCode),
  });
}

function readBenefit(reader: Reader271, segment: X12Segment): void {
  if (!reader.current) return;
  reader.inBenefits = true;
  reader.inRelatedEntity = false;
  reader.benefit = toBenefit(segment, reader.delimiters);
  reader.current.benefits.push(reader.benefit);
}

/** Reads one segment of the transaction; false when reading stops (SE, or a second person). */
export function readSegment271(reader: Reader271, segment: X12Segment): boolean {
  const e: Field = (n) => element(segment, n).trim();
  const { current } = reader;
  switch (segment.id) {
    case 'SE':
      return false;
    case 'HL':
      return openLoop(reader, e(3));
    case 'LS':
      reader.inRelatedEntity = true;
      break;
    case 'LE':
      reader.inRelatedEntity = false;
      break;
    case 'NM1':
      readName(reader, e);
      break;
    case 'TRN':
      if (e(1) === '2' && reader.traceNumber === null) reader.traceNumber = orNull(e(2));
      else if (reader.otherTrace === null) reader.otherTrace = orNull(e(2));
      break;
    case 'REF':
      readReference(reader, e);
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
      if (reader.inBenefits && reader.benefit) reader.benefit.dates.push(date);
      else if (current) current.dates.push(date);
      break;
    }
    case 'AAA':
      readRejection(reader, e);
      break;
    case 'EB':
      readBenefit(reader, segment);
      break;
    case 'MSG':
      if (reader.benefit && e(1) !== '') reader.benefit.messages.push(e(1));
      break;
    default:
      break;
  }
  return true;
}
