import type { ResponseOf } from '@openpractice/contracts';
import type { postEligibilityRequestHistory } from '@openpractice/contracts/eligibility/checks';
import type { listStandardCptCodes } from '@openpractice/contracts/insurance/authorizations';
import type { listPracticeInsurance } from '@openpractice/contracts/insurance/payers';
import type { listInsurance } from '@openpractice/contracts/insurance/policies';

/**
 * The wire shapes of the insurance calls (docs/insurance-api.md), from their contracts.
 * Dates are ISO ('2026-01-31'), money is integer cents.
 */

/** `POST /api/patientInsurance/list` (spec-2 §3 client insurance response). */
export type ClientInsurance = ResponseOf<typeof listInsurance>;
export type InsurancePolicy = ClientInsurance['policies'][number];
export type PreAuth = InsurancePolicy['preAuths'][number];
export type BenefitsConfirmation = InsurancePolicy['confirmations'][number];
export type AutoGenClaim = ClientInsurance['autoGenClaims'][number];

/** `GET /api/practiceInsurance` row. */
export type PracticePayer = ResponseOf<typeof listPracticeInsurance>['data'][number];

export type CptCode = ResponseOf<typeof listStandardCptCodes>['data'][number];

/** The client's eligibility checks, newest first, dated on the practice's calendar. */
export type EligibilityHistory = ResponseOf<typeof postEligibilityRequestHistory>;
