import type { InsuranceType, InsuredRelationship } from '@openpractice/domain';

/**
 * The wire shapes of the insurance calls (docs/insurance-api.md). Dates are
 * ISO ('2026-01-31'), money is integer cents.
 */

export interface PreAuth {
  authId: number;
  userInsuranceId: number;
  authDate: string;
  authNumber: string;
  startDate: string | null;
  endDate: string | null;
  visitsAuthorized: number | null;
  cptCodes: string[];
  notes: string | null;
}

export interface BenefitsConfirmation {
  confirmationId: number;
  userInsuranceId: number;
  authDate: string;
  referenceNumber: string | null;
  representative: string | null;
  copayCents: number | null;
  coinsurancePercent: number | null;
  deductibleCents: number | null;
  deductibleRemainingCents: number | null;
  visitsPerYear: number | null;
  notes: string | null;
}

export interface InsurancePolicy {
  insuranceId: number;
  insuranceType: InsuranceType;
  isCurrent: boolean;
  startDate: string | null;
  endDate: string | null;
  insuranceNumber: string | null;
  groupNumber: string | null;
  /** The practice insurance (payer); null: unverified. */
  companyId: number | null;
  payerName: string | null;
  payerId: string | null;
  /** 'Aetna (60054)'; null without a payer. */
  payerLabel: string | null;
  isActive: boolean;
  isVerified: boolean;
  /** A signed read address of the card image, valid ten minutes. */
  insuranceCardPhotoUrl: string | null;
  insuredRelationship: InsuredRelationship;
  insuredFirstName: string | null;
  insuredLastName: string | null;
  insuredDob: string | null;
  preAuths: PreAuth[];
  confirmations: BenefitsConfirmation[];
}

export interface AutoGenClaim {
  therapistId: number;
  therapistName: string;
  autogen: boolean;
  reason: string | null;
  changedOn: string | null;
}

/** `POST /api/patientInsurance/list` (spec-2 §3 client insurance response). */
export interface ClientInsurance {
  patientId: number;
  isInsuranceEnabled: boolean;
  isPrivatePay: boolean;
  privatePayChangedOn: string | null;
  /** Cents. */
  usualFee: number | null;
  policies: InsurancePolicy[];
  currentPrimaryPolicy: InsurancePolicy | null;
  currentSecondaryPolicy: InsurancePolicy | null;
  defaultInsuranceId: number | null;
  autoGenClaims: AutoGenClaim[];
  access: { canEditPolicies: boolean; canEditBilling: boolean };
}

/** `GET /api/practiceInsurance` row. */
export interface PracticePayer {
  practice_insurance_id: number;
  label: string;
  payerId: string | null;
  endDate: string | null;
  therapist_specific: boolean;
}

export interface CptCode {
  cptCode: string;
  description: string;
}

/** `POST /api/patientInsurance/listEligibilityRequestHistory` (docs/eligibility-api.md), newest first. */
export interface EligibilityHistory {
  data: {
    eligibilityRequestId: number;
    createdAt: string;
    payerName: string;
    serviceName: string;
    status: 'COMPLETE' | 'FAILED' | 'ERROR';
    coverage: 'active' | 'inactive' | 'unknown' | null;
  }[];
  /** The practice's time zone: checks are dated on its calendar. */
  timezone: string;
}

export interface Saved {
  status: 'saved';
}
export interface Unchanged {
  status: 'unchanged';
}
