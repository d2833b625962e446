import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { mergeClients } from '@openpractice/contracts/clients/merge';
import type { getSummary } from '@openpractice/contracts/clients/profile/details';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const mergeKey = ['client-merge'] as const;

export function getClientSummaryQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: [...mergeKey, 'summary', patientId] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSummary>>(apiPaths.clientLists.clientSummary, {
        query: { patientId },
        signal,
      }),
  });
}

/** A record's summary; nothing is fetched while `patientId` is null. */
export function useClientSummary(patientId: number | null) {
  return useQuery({ ...getClientSummaryQueryOptions(patientId ?? 0), enabled: patientId !== null });
}

/** Merges the duplicate into the record to keep; both summaries are stale afterwards. */
export function useMergeClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof mergeClients>) =>
      api.post<ResponseOf<typeof mergeClients>>(apiPaths.clientLists.mergeClients, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeKey }),
  });
}
