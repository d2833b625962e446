import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** `GET /api/patient/getSummary`: enough of a record to tell two apart. */
export interface ClientSummary {
  patientId: number;
  isGroup: boolean;
  fullName: string;
  /** Already formatted: 'C000001234'. */
  userNumber: string;
  /** ISO date. */
  dob: string | null;
  alert: string | null;
  isInactiveForAll: boolean;
  therapists: { therapistId: number; name: string; status: string; isPrimary: boolean }[];
  defaultPhone: string | null;
  defaultEmail: string | null;
}

export interface MergeInput {
  sourceId: number;
  targetId: number;
  confirmPhrase: string;
}

export interface MergeResult {
  sourceId: number;
  targetId: number;
  moved: Record<string, number | boolean>;
}

const mergeKey = ['client-merge'] as const;

export function getClientSummaryQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: [...mergeKey, 'summary', patientId] as const,
    queryFn: ({ signal }) =>
      api.get<ClientSummary>(apiPaths.clientLists.clientSummary, {
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
    mutationFn: (input: MergeInput) =>
      api.post<MergeResult>(apiPaths.clientLists.mergeClients, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeKey }),
  });
}
