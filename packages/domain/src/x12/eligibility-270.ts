/**
 * Builds an ASC X12 005010X279A1 270 eligibility inquiry (spec-2 §3
 * Eligibility request). Pure: the caller passes the date, time and control
 * numbers. One interchange, one functional group, one transaction.
 */
import { npi as isValidNpi } from '../validators.ts';
import {
  DEFAULT_DELIMITERS,
  seg,
  serializeSegments,
  type X12Delimiters,
  type X12Segment,
} from './segments.ts';

export const X12_270_VERSION = '005010X279A1';

export type X12Gender = 'M' | 'F' | 'U';
/** INS02 for the dependent: spouse 01, child 19, other adult 34. */
export type DependentRelationship = 'spouse' | 'child' | 'other';

export const DEPENDENT_RELATIONSHIP_CODES: Readonly<Record<DependentRelationship, string>> = {
  spouse: '01',
  child: '19',
  other: '34',
};

export interface X12Party {
  /** ISA06/ISA08 and GS02/GS03 (up to 15 characters). */
  id: string;
  /** ISA05/ISA07 interchange id qualifier; defaults to 'ZZ' (mutually defined). */
  qualifier?: string;
}

export interface Eligibility270Person {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob?: string | null;
  gender?: X12Gender | null;
}

export interface Eligibility270Input {
  sender: X12Party;
  receiver: X12Party;
  payer: { name: string; payerId: string };
  /** The information receiver: an organization (name) or a person (firstName and lastName). */
  provider: { npi: string; name?: string; firstName?: string; lastName?: string };
  interchangeControlNumber: number;
  groupControlNumber: number;
  /** ST02/SE02, 4 to 9 digits once padded. */
  transactionControlNumber: number;
  /** The submitter's reference, BHT03; defaults to the trace number. */
  referenceId?: string;
  /** TRN02, echoed back in the 271. */
  traceNumber: string;
  /** TRN03, 10 characters starting with 1 (EIN) or 9 (other); defaults to '9' + the first 9 NPI digits. */
  traceAssigningEntityId?: string;
  /** Creation date YYYY-MM-DD and time HH:MM (24 h). */
  date: string;
  time: string;
  /** Date of service (DTP*291), YYYY-MM-DD; defaults to the creation date. */
  serviceDate?: string;
  subscriber: Eligibility270Person & { memberId: string };
  dependent?: (Eligibility270Person & { relationship: DependentRelationship }) | null;
  /** X12 service type codes (EQ01), e.g. '30', 'MH', 'A6'. */
  serviceTypeCodes: readonly string[];
  /** ISA15: T for test, P for production. */
  usage: 'T' | 'P';
}

export interface X12ValidationIssue {
  field: string;
  message: string;
}

export type Build270Result =
  | { ok: true; text: string; segments: X12Segment[]; transactionSegmentCount: number }
  | { ok: false; errors: X12ValidationIssue[] };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD to CCYYMMDD, or null when not a real calendar date. */
export function toX12Date(iso: string): string | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${y}${m}${d}`;
}

/** HH:MM to HHMM, or null. */
export function toX12Time(time: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? `${match[1] ?? ''}${match[2] ?? ''}` : null;
}

/** Free text safe for X12: upper case, no separators, single spaces, cut to `max`. */
export function x12Text(
  value: string,
  max: number,
  delimiters: X12Delimiters = DEFAULT_DELIMITERS,
): string {
  let text = value.toUpperCase();
  for (const d of [
    delimiters.element,
    delimiters.component,
    delimiters.segment,
    delimiters.repetition,
  ]) {
    if (d !== '') text = text.split(d).join(' ');
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

const ID_PATTERN = /^[A-Za-z0-9 .\-/]+$/;
const SERVICE_TYPE_PATTERN = /^[A-Z0-9]{1,2}$/;

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

function validate(input: Eligibility270Input): X12ValidationIssue[] {
  const errors: X12ValidationIssue[] = [];
  const add = (field: string, message: string): void => {
    errors.push({ field, message });
  };
  const checkId = (field: string, value: string, max: number, label: string): void => {
    if (isBlank(value)) add(field, `${label} is required.`);
    else if (value.trim().length > max) add(field, `${label} must be at most ${max} characters.`);
    else if (!ID_PATTERN.test(value.trim()))
      add(field, `${label} has characters that X12 cannot carry.`);
  };
  const checkControl = (field: string, value: number, max: number, label: string): void => {
    if (!Number.isInteger(value) || value < 1 || value > max) {
      add(field, `${label} must be a whole number from 1 to ${max}.`);
    }
  };
  const checkDate = (
    field: string,
    value: string | null | undefined,
    label: string,
    required: boolean,
  ): void => {
    if (isBlank(value)) {
      if (required) add(field, `${label} is required.`);
    } else if (toX12Date(value ?? '') === null) {
      add(field, `${label} must be a valid date (YYYY-MM-DD).`);
    }
  };

  checkId('sender.id', input.sender.id, 15, 'Sender id');
  for (const [field, qualifier] of [
    ['sender.qualifier', input.sender.qualifier],
    ['receiver.qualifier', input.receiver.qualifier],
  ] as const) {
    if (qualifier !== undefined && !/^[A-Z0-9]{2}$/.test(qualifier)) {
      add(field, 'Interchange id qualifier must be 2 letters or digits.');
    }
  }
  checkId('receiver.id', input.receiver.id, 15, 'Receiver id');
  if (isBlank(input.payer.name)) add('payer.name', 'Payer name is required.');
  checkId('payer.payerId', input.payer.payerId, 80, 'Payer id');
  if (isBlank(input.provider.npi)) add('provider.npi', 'Provider NPI is required.');
  else if (!isValidNpi(input.provider.npi.trim())) {
    add('provider.npi', 'Provider NPI must be 10 digits with a valid check digit.');
  }
  const providerIsPerson = !isBlank(input.provider.lastName);
  if (!providerIsPerson && isBlank(input.provider.name)) {
    add('provider.name', 'Provider name is required.');
  }
  checkControl(
    'interchangeControlNumber',
    input.interchangeControlNumber,
    999_999_999,
    'Interchange control number',
  );
  checkControl('groupControlNumber', input.groupControlNumber, 999_999_999, 'Group control number');
  checkControl(
    'transactionControlNumber',
    input.transactionControlNumber,
    999_999_999,
    'Transaction control number',
  );
  checkId('traceNumber', input.traceNumber, 50, 'Trace number');
  if (
    input.traceAssigningEntityId !== undefined &&
    !/^[19][A-Za-z0-9]{9}$/.test(input.traceAssigningEntityId)
  ) {
    add(
      'traceAssigningEntityId',
      'Trace assigning entity id must be 10 characters starting with 1 or 9.',
    );
  }
  if (input.referenceId !== undefined)
    checkId('referenceId', input.referenceId, 50, 'Reference id');
  checkDate('date', input.date, 'Date', true);
  if (toX12Time(input.time) === null) add('time', 'Time must be a valid time (HH:MM).');
  checkDate('serviceDate', input.serviceDate, 'Service date', false);

  const { subscriber, dependent } = input;
  checkId('subscriber.memberId', subscriber.memberId, 80, 'Member id');
  if (isBlank(subscriber.lastName)) add('subscriber.lastName', 'Subscriber last name is required.');
  if (isBlank(subscriber.firstName))
    add('subscriber.firstName', 'Subscriber first name is required.');
  checkDate('subscriber.dob', subscriber.dob, 'Subscriber date of birth', !dependent);
  if (dependent) {
    if (isBlank(dependent.lastName)) add('dependent.lastName', 'Dependent last name is required.');
    if (isBlank(dependent.firstName))
      add('dependent.firstName', 'Dependent first name is required.');
    checkDate('dependent.dob', dependent.dob, 'Dependent date of birth', true);
    if (!(dependent.relationship in DEPENDENT_RELATIONSHIP_CODES)) {
      add('dependent.relationship', 'Dependent relationship must be spouse, child or other.');
    }
  }
  if (input.serviceTypeCodes.length === 0) {
    add('serviceTypeCodes', 'At least one service type code is required.');
  } else if (input.serviceTypeCodes.length > 99) {
    add('serviceTypeCodes', 'At most 99 service type codes are allowed.');
  }
  for (const code of input.serviceTypeCodes) {
    if (!SERVICE_TYPE_PATTERN.test(code))
      add('serviceTypeCodes', `Invalid service type code '${code}'.`);
  }
  const usage: string = input.usage; // may come from untyped JSON
  if (usage !== 'T' && usage !== 'P') add('usage', 'Usage must be T (test) or P (production).');
  return errors;
}

const pad = (value: string, width: number): string => value.slice(0, width).padEnd(width, ' ');
const zeroPad = (value: number, width: number): string => String(value).padStart(width, '0');

/** DMG for a person with a date of birth (gender only when given). */
function demographics(person: Eligibility270Person): X12Segment[] {
  if (isBlank(person.dob)) return [];
  const dob = toX12Date(person.dob ?? '') ?? '';
  return [person.gender ? seg('DMG', 'D8', dob, person.gender) : seg('DMG', 'D8', dob)];
}

/** Builds the 270 text, or the list of problems with the input. */
export function build270(input: Eligibility270Input): Build270Result {
  const errors = validate(input);
  if (errors.length > 0) return { ok: false, errors };

  const d = DEFAULT_DELIMITERS;
  const date8 = toX12Date(input.date) ?? '';
  const time4 = toX12Time(input.time) ?? '';
  const serviceDate8 = toX12Date(input.serviceDate ?? input.date) ?? date8;
  const npi = input.provider.npi.trim();
  const st02 = zeroPad(input.transactionControlNumber, 4);
  const trace = input.traceNumber.trim();
  const traceEntity = input.traceAssigningEntityId ?? `9${npi.slice(0, 9)}`;
  const hasDependent = Boolean(input.dependent);

  const isa = seg(
    'ISA',
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    input.sender.qualifier ?? 'ZZ',
    pad(input.sender.id.trim(), 15),
    input.receiver.qualifier ?? 'ZZ',
    pad(input.receiver.id.trim(), 15),
    date8.slice(2),
    time4,
    d.repetition,
    '00501',
    zeroPad(input.interchangeControlNumber, 9),
    '0',
    input.usage,
    d.component,
  );
  const gs = seg(
    'GS',
    'HS',
    input.sender.id.trim(),
    input.receiver.id.trim(),
    date8,
    time4,
    String(input.groupControlNumber),
    'X',
    X12_270_VERSION,
  );

  const provider = input.provider;
  const providerName = !isBlank(provider.lastName)
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

  const sub = input.subscriber;
  const transaction: X12Segment[] = [
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
    providerName,
    // 2000C subscriber
    seg('HL', '3', '2', '22', hasDependent ? '1' : '0'),
  ];
  const traceSegment = seg('TRN', '1', trace, traceEntity);
  const eqSegments = input.serviceTypeCodes.map((code) => seg('EQ', code));
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
  if (input.dependent) {
    const dep = input.dependent;
    transaction.push(
      subscriberName,
      ...demographics(sub),
      // 2000D dependent: the patient, so trace, date of service and inquiries go here.
      seg('HL', '4', '3', '23', '0'),
      traceSegment,
      seg('NM1', '03', '1', x12Text(dep.lastName, 60), x12Text(dep.firstName, 35)),
      ...demographics(dep),
      seg('INS', 'N', DEPENDENT_RELATIONSHIP_CODES[dep.relationship]),
      seg('DTP', '291', 'D8', serviceDate8),
      ...eqSegments,
    );
  } else {
    transaction.push(
      traceSegment,
      subscriberName,
      ...demographics(sub),
      seg('DTP', '291', 'D8', serviceDate8),
      ...eqSegments,
    );
  }
  const transactionSegmentCount = transaction.length + 1;
  transaction.push(seg('SE', String(transactionSegmentCount), st02));

  const segments = [
    isa,
    gs,
    ...transaction,
    seg('GE', '1', String(input.groupControlNumber)),
    seg('IEA', '1', zeroPad(input.interchangeControlNumber, 9)),
  ];
  return { ok: true, text: serializeSegments(segments, d), segments, transactionSegmentCount };
}
