import type { ResponseOf } from '@openpractice/contracts';
import type { listPracticeInsurance } from '@openpractice/contracts/insurance/payers';
import type { listTherapists } from '@openpractice/contracts/practice';
import { payerLabel } from '@openpractice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';

export type PracticeTherapist = ResponseOf<typeof listTherapists>['data'][number];
/** A practice payer (spec-2 §3 Practice insurance). */
export type PracticeInsurance = ResponseOf<typeof listPracticeInsurance>['data'][number];

export function therapistName(therapist: PracticeTherapist): string {
  return `${therapist.practitionerFirstName} ${therapist.practitionerLastName}`.trim();
}

/** 'Aetna (60054)': the label plus the payer id in parentheses (spec-2 §3). */
export function insuranceLabel(insurance: PracticeInsurance): string {
  return payerLabel(insurance);
}

/**
 * Every therapist of the practice, inactive ones too: a filter lists the
 * active ones plus any already chosen (domain `therapistsToShow`).
 */
export function getPracticeTherapistsQueryOptions() {
  return queryOptions({
    queryKey: ['practice', 'therapists', { includeInactive: true }] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listTherapists>>(apiPaths.practiceTherapists, {
        query: { includeInactive: true },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}

export function usePracticeTherapists() {
  return useQuery(getPracticeTherapistsQueryOptions());
}

/** The practice's active payers (`includeAll=false`). */
export function getPracticeInsuranceQueryOptions() {
  return queryOptions({
    queryKey: ['practice', 'insurance', { includeAll: false }] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPracticeInsurance>>(apiPaths.practiceInsurance, {
        query: { includeAll: false },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}

export function usePracticeInsurance() {
  return useQuery(getPracticeInsuranceQueryOptions());
}
