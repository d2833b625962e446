/**
 * What a 270 eligibility inquiry is built from, and the rules that input
 * must meet before build270 writes it (spec-2 §3 Eligibility request). Pure.
 */
import { npi as isValidNpi } from '../validators.ts';
import {
  checkControlNumbers,
  checkInterchangeParties,
  checkStamp,
  checkUsage,
  type X12Envelope,
} from './envelope.ts';
import { X12Issues, type X12ValidationIssue } from './x12-issues.ts';
import { isBlank } from './x12-format.ts';

export type X12Gender = 'M' | 'F' | 'U';
/** INS02 for the dependent: spouse 01, child 19, other adult 34. */
export type DependentRelationship = 'spouse' | 'child' | 'other';

export const DEPENDENT_RELATIONSHIP_CODES: Readonly<Record<DependentRelationship, string>> = {
  spouse: '01',
  child: '19',
  other: '34',
};

export interface Eligibility270Person {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob?: string | null;
  gender?: X12Gender | null;
}

export interface Eligibility270Input extends X12Envelope {
  payer: { name: string; payerId: string };
  /** The information receiver: an organization (name) or a person (firstName and lastName). */
  provider: { npi: string; name?: string; firstName?: string; lastName?: string };
  /** ST02/SE02, 4 to 9 digits once padded. */
  transactionControlNumber: number;
  /** The submitter's reference, BHT03; defaults to the trace number. */
  referenceId?: string;
  /** TRN02, echoed back in the 271. */
  traceNumber: string;
  /** TRN03, 10 characters starting with 1 (EIN) or 9 (other); defaults to '9' + the first 9 NPI digits. */
  traceAssigningEntityId?: string;
  /** Date of service (DTP*291), YYYY-MM-DD; defaults to the creation date. */
  serviceDate?: string;
  subscriber: Eligibility270Person & { memberId: string };
  dependent?: (Eligibility270Person & { relationship: DependentRelationship }) | null;
  /** X12 service type codes (EQ01), e.g. '30', 'MH', 'A6'. */
  serviceTypeCodes: readonly string[];
}

const SERVICE_TYPE_PATTERN = /^[A-Z0-9]{1,2}$/;

/** Interchange sender and receiver, the payer asked and the provider asking. */
function checkParties(input: Eligibility270Input, issues: X12Issues): void {
  checkInterchangeParties(input, issues);
  if (isBlank(input.payer.name)) issues.add('payer.name', 'Payer name is required.');
  issues.id('payer.payerId', input.payer.payerId, 80, 'Payer id');
  if (isBlank(input.provider.npi)) issues.add('provider.npi', 'Provider NPI is required.');
  else if (!isValidNpi(input.provider.npi.trim())) {
    issues.add('provider.npi', 'Provider NPI must be 10 digits with a valid check digit.');
  }
  const providerIsPerson = !isBlank(input.provider.lastName);
  if (!providerIsPerson && isBlank(input.provider.name)) {
    issues.add('provider.name', 'Provider name is required.');
  }
}

/** Control numbers, trace, reference, creation date and time, date of service. */
function checkIdentification(input: Eligibility270Input, issues: X12Issues): void {
  checkControlNumbers(input, issues);
  issues.controlNumber(
    'transactionControlNumber',
    input.transactionControlNumber,
    'Transaction control number',
  );
  issues.id('traceNumber', input.traceNumber, 50, 'Trace number');
  if (
    input.traceAssigningEntityId !== undefined &&
    !/^[19][A-Za-z0-9]{9}$/.test(input.traceAssigningEntityId)
  ) {
    issues.add(
      'traceAssigningEntityId',
      'Trace assigning entity id must be 10 characters starting with 1 or 9.',
    );
  }
  if (input.referenceId !== undefined)
    issues.id('referenceId', input.referenceId, 50, 'Reference id');
  checkStamp(input, issues);
  issues.date('serviceDate', input.serviceDate, 'Service date', false);
}

/** The subscriber, and the dependent when the patient is one (then the dependent's birth date is the one required). */
function checkPeople({ subscriber, dependent }: Eligibility270Input, issues: X12Issues): void {
  issues.id('subscriber.memberId', subscriber.memberId, 80, 'Member id');
  if (isBlank(subscriber.lastName))
    issues.add('subscriber.lastName', 'Subscriber last name is required.');
  if (isBlank(subscriber.firstName))
    issues.add('subscriber.firstName', 'Subscriber first name is required.');
  issues.date('subscriber.dob', subscriber.dob, 'Subscriber date of birth', !dependent);
  if (!dependent) return;
  if (isBlank(dependent.lastName))
    issues.add('dependent.lastName', 'Dependent last name is required.');
  if (isBlank(dependent.firstName))
    issues.add('dependent.firstName', 'Dependent first name is required.');
  issues.date('dependent.dob', dependent.dob, 'Dependent date of birth', true);
  if (!(dependent.relationship in DEPENDENT_RELATIONSHIP_CODES)) {
    issues.add('dependent.relationship', 'Dependent relationship must be spouse, child or other.');
  }
}

/** The service types asked about, and test or production use. */
function checkInquiry(input: Eligibility270Input, issues: X12Issues): void {
  if (input.serviceTypeCodes.length === 0) {
    issues.add('serviceTypeCodes', 'At least one service type code is required.');
  } else if (input.serviceTypeCodes.length > 99) {
    issues.add('serviceTypeCodes', 'At most 99 service type codes are allowed.');
  }
  for (const code of input.serviceTypeCodes) {
    if (!SERVICE_TYPE_PATTERN.test(code))
      issues.add('serviceTypeCodes', `Invalid service type code '${code}'.`);
  }
  checkUsage(input, issues);
}

/** Every problem with the input, in field order; empty when a 270 can be written from it. */
export function validate270(input: Eligibility270Input): X12ValidationIssue[] {
  const issues = new X12Issues();
  checkParties(input, issues);
  checkIdentification(input, issues);
  checkPeople(input, issues);
  checkInquiry(input, issues);
  return issues.list;
}
