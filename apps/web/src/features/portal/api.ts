import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { activatePortal, checkPortalToken } from '@openpractice/contracts/portal';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { ApiError, failureOf, isRefusal } from '../../lib/api-errors';

/** A link that still works. */
export type PortalLink = ResponseOf<typeof checkPortalToken>;
export type PortalLinkPurpose = PortalLink['purpose'];

/** The server answers 400 naming the `token` field for a link that is expired, used or forged. */
export function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && failureOf(error) === 'invalid' && error.field === 'token';
}

export function getPortalLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['portal-link', token] as const,
    queryFn: ({ signal }) =>
      api.post<PortalLink>(
        apiPaths.portalCheckToken,
        { token } satisfies BodyOf<typeof checkPortalToken>,
        { signal },
      ),
    retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function usePortalLink(token: string) {
  return useQuery({ ...getPortalLinkQueryOptions(token), enabled: token !== '' });
}

export function useSetPortalPassword() {
  return useMutation({
    mutationFn: (input: BodyOf<typeof activatePortal>) =>
      api.post<ResponseOf<typeof activatePortal>>(apiPaths.portalActivate, input),
  });
}
