import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** A payer as `GET /api/practiceInsurance` answers it (spec-2 §3 Practice insurance). */
export interface Payer {
  practice_insurance_id: number;
  label: string;
  /** 'Label (payerId)'. */
  displayLabel: string;
  payerId: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  /** Digits: 5 or 9. */
  zipcode: string | null;
  /** 10 digits. */
  phone: string | null;
  endDate: string | null;
  therapist_specific: boolean;
  /** Offered in the practice's lists (spec-2 §4). */
  active: boolean;
}

/** `POST /api/practiceInsurance/save`: no id adds a payer, an id edits it. */
export interface PayerSave {
  practice_insurance_id?: number;
  label: string;
  payerId: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  phone: string | null;
  endDate: string | null;
  therapist_specific: boolean;
}

/**
 * Under the practice-insurance prefix every payer list of the app shares
 * (client search's filters too), so a change refreshes them all.
 */
const practiceInsuranceKey = ['practice', 'insurance'] as const;

export function getPayersQueryOptions(includeAll: boolean) {
  return queryOptions({
    queryKey: [...practiceInsuranceKey, 'payers', { includeAll }] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: Payer[] }>(apiPaths.insuranceReports.payers, {
        query: { includeAll },
        signal,
      }),
    select: (response) => response.data,
  });
}

export function usePayers(includeAll: boolean) {
  return useQuery(getPayersQueryOptions(includeAll));
}

export function useSavePayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayerSave) => api.post<Payer>(apiPaths.insuranceReports.savePayer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceInsuranceKey }),
  });
}

/** Ends a payer today (it stays on old policies; it leaves the lists). */
export function useEndPayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payerId: number) =>
      api.post<Payer>(apiPaths.insuranceReports.endPayer, { practice_insurance_id: payerId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceInsuranceKey }),
  });
}
