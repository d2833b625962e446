import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  endPracticeInsurance,
  listPracticeInsurance,
  savePracticeInsurance,
} from '@openpractice/contracts/insurance/payers';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** A payer as every payer call answers it (spec-2 §3 Practice insurance). */
export type Payer = ResponseOf<typeof listPracticeInsurance>['data'][number];

/** `POST /api/practiceInsurance/save`: no id adds a payer, an id edits it. */
export type PayerSave = BodyOf<typeof savePracticeInsurance>;

/**
 * Under the practice-insurance prefix every payer list of the app shares
 * (client search's filters too), so a change refreshes them all.
 */
const practiceInsuranceKey = ['practice', 'insurance'] as const;

export function getPayersQueryOptions(includeAll: boolean) {
  return queryOptions({
    queryKey: [...practiceInsuranceKey, 'payers', { includeAll }] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPracticeInsurance>>(apiPaths.insuranceReports.payers, {
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
    mutationFn: (body: PayerSave) =>
      api.post<ResponseOf<typeof savePracticeInsurance>>(apiPaths.insuranceReports.savePayer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceInsuranceKey }),
  });
}

/** Ends a payer today (it stays on old policies; it leaves the lists). */
export function useEndPayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payerId: number) =>
      api.post<ResponseOf<typeof endPracticeInsurance>>(apiPaths.insuranceReports.endPayer, {
        practice_insurance_id: payerId,
      } satisfies BodyOf<typeof endPracticeInsurance>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceInsuranceKey }),
  });
}
