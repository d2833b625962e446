/**
 * Builds an ASC X12 005010X279A1 270 eligibility inquiry (spec-2 §3
 * Eligibility request). Pure: the caller passes the date, time and control
 * numbers. One interchange, one functional group, one transaction.
 */
import { envelopeHeader, envelopeTrailer, zeroPad } from './envelope.ts';
import {
  DEPENDENT_RELATIONSHIP_CODES,
  validate270,
  type Eligibility270Input,
  type Eligibility270Person,
} from './input-270.ts';
import { DEFAULT_DELIMITERS, seg, serializeSegments, type X12Segment } from './segments.ts';
import type { X12ValidationIssue } from './x12-issues.ts';
import { isBlank, toX12Date, toX12Time, x12Text } from './x12-format.ts';

export const X12_270_VERSION = '005010X279A1';

export type Build270Result =
  | { ok: true; text: string; segments: X12Segment[]; transactionSegmentCount: number }
  | { ok: false; errors: X12ValidationIssue[] };

/** Creation date CCYYMMDD and time HHMM of a valid input. */
function stamp(input: Eligibility270Input): { date8: string; time4: string } {
  return { date8: toX12Date(input.date) ?? '', time4: toX12Time(input.time) ?? '' };
}

/** 2100B NM1: the information receiver, a person when a last name is given, else an organization. */
function providerName(provider: Eligibility270Input['provider']): X12Segment {
  const npi = provider.npi.trim();
  return !isBlank(provider.lastName)
    ? seg(
        'NM1',
        '1P',
        '1',
        x12Text(provider.lastName ?? '', 60),
        x12Text(provider.firstName ?? '', 35),
        '',
        '',
        '',
        'XX',
        npi,
      )
    : seg('NM1', '1P', '2', x12Text(provider.name ?? '', 60), '', '', '', '', 'XX', npi);
}

/** ST, BHT and the 2000A payer and 2000B provider loops, up to the 2000C subscriber HL. */
function transactionHeader(input: Eligibility270Input, st02: string): X12Segment[] {
  const { date8, time4 } = stamp(input);
  const trace = input.traceNumber.trim();
  return [
    seg('ST', '270', st02, X12_270_VERSION),
    seg('BHT', '0022', '13', (input.referenceId ?? trace).trim(), date8, time4),
    // 2000A information source (payer)
    seg('HL', '1', '', '20', '1'),
    seg(
      'NM1',
      'PR',
      '2',
      x12Text(input.payer.name, 60),
      '',
      '',
      '',
      '',
      'PI',
      input.payer.payerId.trim(),
    ),
    // 2000B information receiver (provider)
    seg('HL', '2', '1', '21', '1'),
    providerName(input.provider),
    // 2000C subscriber
    seg('HL', '3', '2', '22', input.dependent ? '1' : '0'),
  ];
}

/** DMG for a person with a date of birth (gender only when given). */
function demographics(person: Eligibility270Person): X12Segment[] {
  if (isBlank(person.dob)) return [];
  const dob = toX12Date(person.dob ?? '') ?? '';
  return [person.gender ? seg('DMG', 'D8', dob, person.gender) : seg('DMG', 'D8', dob)];
}

/**
 * The 2000C subscriber loop and, for a dependent, the 2000D loop. The trace,
 * date of service and inquiries (EQ) go to the patient's loop.
 */
function patientLoops(input: Eligibility270Input): X12Segment[] {
  const sub = input.subscriber;
  const npi = input.provider.npi.trim();
  const trace = seg(
    'TRN',
    '1',
    input.traceNumber.trim(),
    input.traceAssigningEntityId ?? `9${npi.slice(0, 9)}`,
  );
  const serviceDate = seg(
    'DTP',
    '291',
    'D8',
    toX12Date(input.serviceDate ?? input.date) ?? stamp(input).date8,
  );
  const inquiries = input.serviceTypeCodes.map((code) => seg('EQ', code));
  const subscriberName = seg(
    'NM1',
    'IL',
    '1',
    x12Text(sub.lastName, 60),
    x12Text(sub.firstName, 35),
    '',
    '',
    '',
    'MI',
    sub.memberId.trim(),
  );
  const dep = input.dependent;
  if (!dep) return [trace, subscriberName, ...demographics(sub), serviceDate, ...inquiries];
  return [
    subscriberName,
    ...demographics(sub),
    // 2000D dependent: the patient, so trace, date of service and inquiries go here.
    seg('HL', '4', '3', '23', '0'),
    trace,
    seg('NM1', '03', '1', x12Text(dep.lastName, 60), x12Text(dep.firstName, 35)),
    ...demographics(dep),
    seg('INS', 'N', DEPENDENT_RELATIONSHIP_CODES[dep.relationship]),
    serviceDate,
    ...inquiries,
  ];
}

/** Builds the 270 text, or the list of problems with the input. */
export function build270(input: Eligibility270Input): Build270Result {
  const errors = validate270(input);
  if (errors.length > 0) return { ok: false, errors };

  const st02 = zeroPad(input.transactionControlNumber, 4);
  const transaction = [...transactionHeader(input, st02), ...patientLoops(input)];
  const transactionSegmentCount = transaction.length + 1;
  transaction.push(seg('SE', String(transactionSegmentCount), st02));

  const segments = [
    ...envelopeHeader(input, 'HS', X12_270_VERSION),
    ...transaction,
    ...envelopeTrailer(input, 1),
  ];
  return {
    ok: true,
    text: serializeSegments(segments, DEFAULT_DELIMITERS),
    segments,
    transactionSegmentCount,
  };
}
