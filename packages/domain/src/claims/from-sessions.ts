/**
 * A claim built from sessions (issue 20 item 2): one client's attended sessions billed to one
 * payer under one policy, with the practice's claim set-up and the therapist's rendering and
 * supervising providers. Nothing is refused here: whatever is missing (no set-up yet, no
 * diagnosis, no fee, no member id) is left blank for the scrubber to name with the screen that
 * fixes it, so a claim exists as soon as the session does and becomes ready by itself.
 */
import type { InsuredRelationship } from '../insurance.ts';
import { MAX_POINTERS, TELEHEALTH_MODIFIER, TELEHEALTH_PLACES } from './claim-values.ts';
import type {
  Claim,
  ClaimFilingIndicator,
  ClaimFrequency,
  ClaimPerson,
  ClaimPersonName,
  ClaimPayer,
  ClaimProvider,
  PayerResponsibility,
  ServiceLine,
} from './model.ts';
import type { ScrubResult } from './problems.ts';
import { toBillingProvider, type BillingProviderSetup } from './setup.ts';

/** One session (attendee) a line bills. */
export interface ClaimSessionFacts {
  /** YYYY-MM-DD in the practice's time zone. */
  dateOfService: string;
  /** The booked service's CPT code; null when it has none (the scrubber stops the line). */
  procedureCode: string | null;
  /** The fee for the service with this payer; null or 0 when the practice has none. */
  chargeCents: number | null;
  /** The event's place of service: its telehealth code, or its location's (11 office). */
  placeOfService: string;
}

export interface ClaimPolicySource {
  responsibility: PayerResponsibility;
  memberId: string | null;
  groupNumber: string | null;
  relationship: InsuredRelationship;
  /** The policy holder, when not the client. */
  insured: (ClaimPersonName & { dob: string | null }) | null;
  /** SBR09; the practice's payers do not say it yet, so commercial insurance unless known. */
  filingIndicator?: ClaimFilingIndicator;
}

export interface ClaimSources {
  /** The practice's claim set-up; null before it is saved. */
  billing: BillingProviderSetup | null;
  client: ClaimPerson;
  /** Null when the policy billed is gone. */
  policy: ClaimPolicySource | null;
  payer: ClaimPayer;
  /** The client's ICD-10 codes in their order; the first four are every line's pointers. */
  diagnoses: readonly string[];
  priorAuthorisation: string | null;
  rendering: ClaimProvider | null;
  supervising: ClaimProvider | null;
  sessions: readonly ClaimSessionFacts[];
}

export interface ClaimNumbering {
  patientControlNumber: string;
  frequency: ClaimFrequency;
  originalClaimNumber: string | null;
}

/** CLM01 of a claim's version: short (≤ 17), unique while claim ids are, and readable. */
export function patientControlNumberOf(claimId: number, version: number): string {
  return `C${String(claimId)}-${String(version)}`;
}

/** REF*6R of a line: the version's control number and the line's place, so unique per claim. */
export function lineControlNumberOf(patientControlNumber: string, position: number): string {
  return `${patientControlNumber}-${String(position)}`;
}

/** What the scrubber finds before any set-up: every part blank, so each is named. */
const NO_BILLING: BillingProviderSetup = {
  entityKind: 'organisation',
  organisationName: '',
  firstName: '',
  lastName: '',
  npi: '',
  tin: { kind: 'ein', value: '' },
  taxonomy: '',
  address: { line1: '', city: '', state: '', zip: '' },
  payTo: null,
};

const isTelehealth = (place: string) => (TELEHEALTH_PLACES as readonly string[]).includes(place);

function lineOf(
  session: ClaimSessionFacts,
  position: number,
  claim: { placeOfService: string; pointers: number[]; numbering: ClaimNumbering },
): ServiceLine {
  const place = session.placeOfService;
  return {
    procedureCode: (session.procedureCode ?? '').trim(),
    // A telehealth session carries modifier 95, which most payers require with POS 02 and 10.
    modifiers: isTelehealth(place) ? [TELEHEALTH_MODIFIER] : [],
    diagnosisPointers: claim.pointers,
    units: 1,
    chargeCents:
      session.chargeCents === null || session.chargeCents <= 0 ? null : session.chargeCents,
    dateOfService: session.dateOfService,
    placeOfService: place === claim.placeOfService ? null : place,
    lineControlNumber: lineControlNumberOf(claim.numbering.patientControlNumber, position),
  };
}

function subscriberAndPatient(sources: ClaimSources): Pick<Claim, 'subscriber' | 'patient'> {
  const policy = sources.policy;
  if (policy === null || policy.relationship === 'self' || policy.insured === null)
    return { subscriber: sources.client, patient: null };
  return {
    subscriber: policy.insured,
    patient: { ...sources.client, relationship: policy.relationship },
  };
}

/** The claim model of sessions, numbered; lines in the order of the sessions given. */
export function claimFromSessions(sources: ClaimSources, numbering: ClaimNumbering): Claim {
  const placeOfService = sources.sessions[0]?.placeOfService ?? '11';
  const pointers = sources.diagnoses.slice(0, MAX_POINTERS).map((_, index) => index + 1);
  const policy = sources.policy;
  return {
    billing: toBillingProvider(sources.billing ?? NO_BILLING),
    ...subscriberAndPatient(sources),
    payer: sources.payer,
    policy:
      policy === null
        ? null
        : {
            responsibility: policy.responsibility,
            memberId: (policy.memberId ?? '').trim(),
            groupNumber: policy.groupNumber,
            filingIndicator: policy.filingIndicator ?? 'CI',
          },
    patientControlNumber: numbering.patientControlNumber,
    frequency: numbering.frequency,
    originalClaimNumber: numbering.originalClaimNumber,
    placeOfService,
    diagnoses: [...sources.diagnoses],
    priorAuthorisation: sources.priorAuthorisation,
    rendering: sources.rendering,
    supervising: sources.supervising,
    lines: sources.sessions.map((session, index) =>
      lineOf(session, index + 1, { placeOfService, pointers, numbering }),
    ),
  };
}

/** The list a scrubbed, unsent claim sits in: blocking problems keep it out of readyToSubmit. */
export function claimListState(result: ScrubResult): 'scrubProblem' | 'readyToSubmit' {
  return result.errors.length > 0 ? 'scrubProblem' : 'readyToSubmit';
}
