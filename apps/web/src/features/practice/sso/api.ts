import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getSsoSettings,
  removeSsoSettings,
  saveSsoSettings,
  testSsoConnection,
} from '@openpractice/contracts/practice/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type SsoSettings = ResponseOf<typeof getSsoSettings>['data'];
export type SaveSsoInput = BodyOf<typeof saveSsoSettings>;

const ssoKey = ['practice', 'sso'] as const;

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoKey,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSsoSettings>>(apiPaths.ssoSettings, { signal }),
    select: (answer) => answer.data,
  });
}

export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSsoInput) =>
      api.put<ResponseOf<typeof saveSsoSettings>>(apiPaths.ssoSettings, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(ssoKey, answer);
    },
  });
}

export function useRemoveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<ResponseOf<typeof removeSsoSettings>>(apiPaths.ssoSettings),
    onSuccess: (answer) => {
      queryClient.setQueryData(ssoKey, answer);
    },
  });
}

export function useTestSso() {
  return useMutation({
    mutationFn: (issuer: string) =>
      api.post<ResponseOf<typeof testSsoConnection>>(apiPaths.ssoTest, { issuer }),
  });
}
