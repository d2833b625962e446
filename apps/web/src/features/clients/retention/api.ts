import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getRetention,
  snoozeClientRetention,
} from '@openpractice/contracts/clients/retention';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type RetentionRow = ResponseOf<typeof getRetention>['data'][number];

/** The page's own choices; the context is the server's default. */
export interface RetentionRequest {
  limit: number;
  offset: number;
}

const retentionKey = ['client-retention'] as const;

export function getRetentionQueryOptions(request: RetentionRequest) {
  return queryOptions({
    queryKey: [...retentionKey, 'list', request] as const,
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof getRetention>>(
        apiPaths.clientLists.retention,
        request satisfies BodyOf<typeof getRetention>,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRetention(request: RetentionRequest) {
  return useQuery(getRetentionQueryOptions(request));
}

/** Snoozes a client off the retention list until a date; the list reloads. */
export function useSnoozeClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof snoozeClientRetention>) =>
      api.post<ResponseOf<typeof snoozeClientRetention>>(
        apiPaths.clientLists.snoozeRetention,
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionKey }),
  });
}
