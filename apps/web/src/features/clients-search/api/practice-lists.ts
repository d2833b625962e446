import { payerLabel } from '@openpractice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** `GET /api/practice/listTherapists` row. */
export interface PracticeTherapist {
  id: number;
  userId: number | null;
  active: boolean;
  practitionerFirstName: string;
  practitionerLastName: string;
  credentials: string | null;
}

/** `GET /api/practiceInsurance` row (spec-2 §3 Practice insurance). */
export interface PracticeInsurance {
  practice_insurance_id: number;
  label: string;
  payerId: string | null;
  endDate: string | null;
  therapist_specific: boolean;
}

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
      api.get<{ data: PracticeTherapist[] }>(apiPaths.practiceTherapists, {
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
      api.get<{ data: PracticeInsurance[] }>(apiPaths.practiceInsurance, {
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
