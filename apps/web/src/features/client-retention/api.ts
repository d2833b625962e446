import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** One row of `POST /api/patient/getRetention`. */
export interface RetentionRow {
  patientId: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  /** Already formatted: 'C000001234'. */
  accountNumber: string;
  therapistNames: string[];
  /** ISO date of the last appointment; null: none. */
  lastAppointment: string | null;
  /** ISO date the client was added. */
  addedOn: string;
  daysSinceAdded: number;
  snoozedUntil: string | null;
  isSnoozed: boolean;
}

export interface RetentionPage {
  data: RetentionRow[];
  /** The list goes on past this page (the total is not counted). */
  hasMore: boolean;
  limit: number;
  offset: number;
  /** Today in the practice's time zone, ISO. */
  today: string;
}

export interface RetentionRequest {
  limit: number;
  offset: number;
}

const retentionKey = ['client-retention'] as const;

export function getRetentionQueryOptions(request: RetentionRequest) {
  return queryOptions({
    queryKey: [...retentionKey, 'list', request] as const,
    queryFn: ({ signal }) =>
      api.post<RetentionPage>(apiPaths.clientLists.retention, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRetention(request: RetentionRequest) {
  return useQuery(getRetentionQueryOptions(request));
}

export interface SnoozeInput {
  patientId: number;
  /** ISO date; the server defaults to 30 days from today. */
  until: string;
}

/** Snoozes a client off the retention list until a date; the list reloads. */
export function useSnoozeClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SnoozeInput) =>
      api.post<{ patientId: number; until: string }>(apiPaths.clientLists.snoozeRetention, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKey }),
  });
}
