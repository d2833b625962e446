import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api, ApiError } from '../../lib/api-client';

export type PortalLinkPurpose = 'activate' | 'reset';

/** `POST /api/public/portal/checkToken` for a link that still works. */
export interface PortalLink {
  valid: true;
  purpose: PortalLinkPurpose;
  username: string;
  expiresAt: string;
}

/** The server answers 400 naming the `token` field for a link that is expired, used or forged. */
export function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.field === 'token';
}

export function getPortalLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['portal-link', token] as const,
    queryFn: ({ signal }) => api.post<PortalLink>(apiPaths.portalCheckToken, { token }, { signal }),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function usePortalLink(token: string) {
  return useQuery({ ...getPortalLinkQueryOptions(token), enabled: token !== '' });
}

export function useSetPortalPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post<{ status: 'ENABLED'; username: string }>(apiPaths.portalActivate, input),
  });
}
