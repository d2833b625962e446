import {
  x12GenderOf,
  zonedDateTimeValue,
  type DependentRelationship,
  type Eligibility270Input,
  type Build270Result,
} from '@openpractice/domain';
import type { ClearinghouseEnvelope } from '../../platform/clearinghouse.ts';

/**
 * Everything a 270 is made of, as loaded from the practice's records, and the
 * one place that turns it into the builder's input. Pure, so the demo seed
 * builds its history the same way the live check does.
 */
export type EligibilityFacts = {
  client: {
    firstName: string;
    lastName: string;
    dob: string | null;
    gender: string | null;
  };
  payer: { name: string; payerId: string };
  /** The information receiver (the rendering therapist). */
  therapist: { firstName: string; lastName: string; npi: string };
  insuranceNumber: string;
  serviceCode: string;
  /** The client is a dependent of the insured (who is then the subscriber). */
  isDependent: boolean;
  insuredFirstName: string;
  insuredLastName: string;
  /** The insured's date of birth, from the policy when known. */
  insuredDob: string | null;
  relationship: DependentRelationship;
};

/** ISA13 = GS06 = ST02 = this number; see docs/eligibility-api.md (control numbers). */
export type ControlNumber = number;

/** TRN02 and BHT03: unique per check, so an answer is matched to its request. */
export const traceNumberOf = (controlNumber: ControlNumber): string =>
  `ELIG${String(controlNumber).padStart(9, '0')}`;

export function eligibility270Input(
  facts: EligibilityFacts,
  envelope: ClearinghouseEnvelope,
  controlNumber: ControlNumber,
  at: Date,
  timezone: string,
): Eligibility270Input {
  const [date = '', time = ''] = zonedDateTimeValue(at, timezone).split('T');
  const client = {
    firstName: facts.client.firstName,
    lastName: facts.client.lastName,
    dob: facts.client.dob,
    gender: x12GenderOf(facts.client.gender),
  };
  return {
    sender: envelope.sender,
    receiver: envelope.receiver,
    usage: envelope.usage,
    payer: facts.payer,
    provider: {
      npi: facts.therapist.npi,
      firstName: facts.therapist.firstName,
      lastName: facts.therapist.lastName,
    },
    interchangeControlNumber: controlNumber,
    groupControlNumber: controlNumber,
    transactionControlNumber: controlNumber,
    traceNumber: traceNumberOf(controlNumber),
    date,
    time,
    subscriber: facts.isDependent
      ? {
          memberId: facts.insuranceNumber,
          firstName: facts.insuredFirstName,
          lastName: facts.insuredLastName,
          dob: facts.insuredDob,
        }
      : { memberId: facts.insuranceNumber, ...client },
    dependent: facts.isDependent ? { ...client, relationship: facts.relationship } : null,
    serviceTypeCodes: [facts.serviceCode],
  };
}

/** Field names of the builder's problems, as the request calls them. */
const FIELD_OF: Record<string, string> = {
  'payer.payerId': 'payerId',
  'payer.name': 'payerId',
  'provider.npi': 'therapistId',
  'provider.name': 'therapistId',
  'subscriber.memberId': 'insuranceNumber',
  'subscriber.firstName': 'insuredFirstName',
  'subscriber.lastName': 'insuredLastName',
  'subscriber.dob': 'patientId',
  'dependent.firstName': 'patientId',
  'dependent.lastName': 'patientId',
  'dependent.dob': 'patientId',
  'dependent.relationship': 'insuredRelationship',
  serviceTypeCodes: 'serviceCode',
};

/** Friendlier words for what the builder calls the people and the provider. */
const WORDING: [RegExp, string][] = [
  [/^Subscriber date of birth/, "The client's date of birth"],
  [/^Dependent date of birth/, "The client's date of birth"],
  [/^Dependent (first|last) name/, "The client's $1 name"],
  [/^Member id/, 'Insurance number'],
  [/^Subscriber (first|last) name/, "The insured's $1 name"],
];

export type InputProblem = { field: string; message: string };

/** The builder's validation problems as one message and the first field, for a 400. */
export function inputProblem(result: Extract<Build270Result, { ok: false }>): InputProblem {
  const messages = result.errors.map((e) =>
    WORDING.reduce((text, [pattern, words]) => text.replace(pattern, words), e.message),
  );
  const first = result.errors[0];
  return {
    field: first ? (FIELD_OF[first.field] ?? first.field) : 'patientId',
    message: [...new Set(messages)].join(' '),
  };
}
