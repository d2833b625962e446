/**
 * The claim model (issue 20 item 2): what one professional claim says, in our
 * own words, before it becomes an 837P (build-837p.ts) or a CMS-1500. The server
 * assembles it from the claim set-up, the client, the policy, the sessions and
 * the fees; the scrubber (scrub.ts) checks it; the builder writes it. Money is in
 * whole cents, dates are YYYY-MM-DD, as everywhere else in the domain.
 */
import type { InsuredRelationship } from '../insurance.ts';
import type { X12Gender } from '../x12/input-270.ts';

export interface ClaimAddress {
  line1: string;
  line2?: string | null;
  city: string;
  /** Two-letter state code. */
  state: string;
  /** 5 digits, or ZIP+4 as 9 digits with or without the hyphen (12345-6789). */
  zip: string;
}

export interface ClaimPersonName {
  lastName: string;
  firstName: string;
  middleName?: string | null;
  /** Jr, Sr, III (NM107). */
  suffix?: string | null;
}

/** A provider is billed as a person (a solo therapist's own NPI) or an organisation (a group NPI). */
export type ClaimEntity =
  ({ kind: 'person' } & ClaimPersonName) | { kind: 'organisation'; name: string };

/** Tax identification number: the group's EIN, or a solo therapist's SSN (REF*EI or REF*SY). */
export interface ClaimTin {
  kind: 'ein' | 'ssn';
  /** 9 digits; hyphens are allowed and dropped. */
  value: string;
}

/** Loop 2000A/2010AA/2010AB: who is paid, and where they are. */
export interface BillingProvider {
  entity: ClaimEntity;
  npi: string;
  tin: ClaimTin;
  /** Health care provider taxonomy code (PRV*BI), e.g. 101YP2500X. */
  taxonomy?: string | null;
  /** Where the practice is: a street address with ZIP+4, never a PO box (payers reject those). */
  address: ClaimAddress;
  /** Where payments go when that differs (2010AB); this one may be a PO box. */
  payTo?: ClaimAddress | null;
}

/** A person who renders or supervises the service (2310B, 2310D). */
export interface ClaimProvider extends ClaimPersonName {
  npi: string;
  taxonomy?: string | null;
}

/** The service facility (2310C), sent only when its address is not the billing provider's. */
export interface ServiceFacility {
  name: string;
  npi?: string | null;
  address: ClaimAddress;
}

export interface ClaimPerson extends ClaimPersonName {
  /** YYYY-MM-DD */
  dob?: string | null;
  gender?: X12Gender | null;
  address?: ClaimAddress | null;
}

/** The client, when the client is not the subscriber (2000C/2010CA). */
export interface ClaimPatient extends ClaimPerson {
  relationship: Exclude<InsuredRelationship, 'self'>;
}

export interface ClaimPayer {
  name: string;
  /** The payer id the clearinghouse routes on (NM109 with PI). */
  payerId: string;
  address?: ClaimAddress | null;
}

/** SBR09: the kind of plan. A therapy practice mostly sees CI, BL, HM, MB and MC. */
export const CLAIM_FILING_INDICATORS = {
  '11': 'Other non-federal programs',
  '12': 'Preferred provider organization (PPO)',
  '13': 'Point of service (POS)',
  '14': 'Exclusive provider organization (EPO)',
  '15': 'Indemnity insurance',
  '16': 'Health maintenance organization (HMO) Medicare risk',
  AM: 'Automobile medical',
  BL: 'Blue Cross/Blue Shield',
  CH: 'CHAMPUS (TRICARE)',
  CI: 'Commercial insurance',
  DS: 'Disability',
  FI: 'Federal Employees Program',
  HM: 'Health maintenance organization (HMO)',
  LM: 'Liability medical',
  MA: 'Medicare Part A',
  MB: 'Medicare Part B',
  MC: 'Medicaid',
  OF: 'Other federal program',
  TV: 'Title V',
  VA: 'Veterans Affairs plan',
  WC: "Workers' compensation",
  ZZ: 'Mutually defined',
} as const;
export type ClaimFilingIndicator = keyof typeof CLAIM_FILING_INDICATORS;

export type PayerResponsibility = 'primary' | 'secondary' | 'tertiary';

export interface ClaimPolicy {
  /** Whose turn it is to pay this claim (SBR01). */
  responsibility: PayerResponsibility;
  memberId: string;
  groupNumber?: string | null;
  /** Sent only when there is no group number (SBR04). */
  groupName?: string | null;
  filingIndicator: ClaimFilingIndicator;
}

/** CLM05-3: 1 original, 7 replacement of a prior claim (corrected), 8 void of a prior claim. */
export type ClaimFrequency = '1' | '7' | '8';

export const CLAIM_FREQUENCY_LABELS: Readonly<Record<ClaimFrequency, string>> = {
  '1': 'Original',
  '7': 'Corrected (replacement)',
  '8': 'Void',
};

/** CAS01: who the adjustment is on: contractual, patient, other, payer-initiated, correction. */
export type AdjustmentGroup = 'CO' | 'PR' | 'OA' | 'PI' | 'CR';

/** One adjustment another payer made (CAS), as its ERA reported it. */
export interface ClaimAdjustment {
  group: AdjustmentGroup;
  /** Claim adjustment reason code, e.g. '45' (over the fee schedule), '1' (deductible), '3' (copay). */
  reason: string;
  amountCents: number;
  quantity?: number | null;
}

/**
 * For a secondary (or tertiary) claim: the payer who already adjudicated it
 * (2320/2330A/2330B), from that payer's ERA.
 */
export interface OtherPayerClaim {
  payer: ClaimPayer;
  /** The other policy's responsibility (2320 SBR01), usually 'primary'. */
  responsibility: PayerResponsibility;
  subscriber: ClaimPersonName;
  /** The client's relationship to that subscriber (2320 SBR02). */
  relationship: InsuredRelationship;
  memberId: string;
  groupNumber?: string | null;
  groupName?: string | null;
  filingIndicator: ClaimFilingIndicator;
  /** What that payer paid on the whole claim (AMT*D). */
  paidCents: number;
  /** Claim-level adjustments (2320 CAS), when the ERA gave them at claim level. */
  adjustments?: readonly ClaimAdjustment[];
  /** The date it adjudicated the claim (DTP*573), YYYY-MM-DD. */
  adjudicationDate: string;
}

/** What the other payer did with one line (2430 SVD/CAS). */
export interface LineAdjudication {
  paidCents: number;
  /** Units it paid; defaults to the line's units. */
  paidUnits?: number | null;
  adjustments: readonly ClaimAdjustment[];
}

/** Loop 2400: one service. */
export interface ServiceLine {
  /** CPT or HCPCS code, e.g. 90837. */
  procedureCode: string;
  /** Up to 4 two-character modifiers, e.g. ['95'] for telehealth. */
  modifiers: readonly string[];
  /** 1-based indexes into the claim's diagnoses, 1 to 4 of them, the first is the primary. */
  diagnosisPointers: readonly number[];
  units: number;
  /** The fee; null when the practice has no fee for this service (the scrubber stops it). */
  chargeCents: number | null;
  /** YYYY-MM-DD */
  dateOfService: string;
  /** Only when it differs from the claim's place of service. */
  placeOfService?: string | null;
  /** REF*6R: unique within the claim, echoed on the ERA so payments find their line. */
  lineControlNumber: string;
  /** For a secondary claim: what the other payer did with this line. */
  otherPayer?: LineAdjudication | null;
}

export interface Claim {
  billing: BillingProvider;
  /** The policy holder (2010BA). */
  subscriber: ClaimPerson;
  /** The client, when not the subscriber; null when the client holds the policy. */
  patient: ClaimPatient | null;
  payer: ClaimPayer;
  /** Null when the client has no policy to bill (the scrubber stops the claim). */
  policy: ClaimPolicy | null;
  /** CLM01, at most 17 characters, unique per claim version; the ERA returns it (CLP01). */
  patientControlNumber: string;
  frequency: ClaimFrequency;
  /** The payer's claim number of the claim a frequency 7 or 8 replaces or voids (REF*F8). */
  originalClaimNumber?: string | null;
  /** CMS place of service code, e.g. '11' office, '02' or '10' telehealth. */
  placeOfService: string;
  /** ICD-10-CM codes, with or without the dot; the first is the principal diagnosis; at most 12. */
  diagnoses: readonly string[];
  /** REF*G1 prior authorisation number. */
  priorAuthorisation?: string | null;
  /** Sent (2310B) only when the NPI differs from the billing provider's. */
  rendering?: ClaimProvider | null;
  /** Sent (2310D) only when the NPI differs from the billing provider's. */
  supervising?: ClaimProvider | null;
  serviceFacility?: ServiceFacility | null;
  /** For a secondary or tertiary claim. */
  otherPayer?: OtherPayerClaim | null;
  lines: readonly ServiceLine[];
  /** CLM07: the provider accepts assignment (A) or not (C). Defaults to true. */
  acceptsAssignment?: boolean;
  /** CLM08 and OI03: the client assigned benefits to the provider. Defaults to true. */
  benefitsAssigned?: boolean;
  /** CLM09 and OI06: Y signed release on file, I informed consent only. Defaults to Y. */
  releaseOfInformation?: 'Y' | 'I';
}
