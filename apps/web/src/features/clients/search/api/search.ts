import type { ResponseOf } from '@openpractice/contracts';
import type {
  exportPatients,
  findPatients,
  getCustomSearchCapabilities,
  listSearchGroups,
  searchContexts,
} from '@openpractice/contracts/clients/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { toSearchQuery, type ClientSearchRequest } from '../search-criteria';

export type ClientSearchRow = ResponseOf<typeof findPatients>['data'][number];

/** Every client search query starts with this key; a new or changed client invalidates it. */
export const clientSearchKey = ['clients', 'search'] as const;

export function findClients(request: ClientSearchRequest, signal?: AbortSignal) {
  return api.get<ResponseOf<typeof findPatients>>(apiPaths.findClients, {
    query: toSearchQuery(request),
    signal,
  });
}

/**
 * A page of results. Each change of the request is a new query: TanStack Query
 * aborts the one before (its signal reaches `fetch`), so a new search cancels
 * the previous one, and the previous page stays on screen meanwhile.
 */
export function getClientSearchQueryOptions(request: ClientSearchRequest) {
  return queryOptions({
    queryKey: [...clientSearchKey, 'page', request] as const,
    queryFn: ({ signal }) => findClients(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` until the context is known (the server offers the contexts). */
export function useClientSearch(request: ClientSearchRequest, options: { enabled: boolean }) {
  return useQuery({ ...getClientSearchQueryOptions(request), enabled: options.enabled });
}

/** The client search export: the same terms, every row, as CSV text. */
export function exportClients(request: ClientSearchRequest) {
  return api.get<ResponseOf<typeof exportPatients>>(apiPaths.exportClients, {
    query: toSearchQuery(request),
  });
}

/** The scopes the server offers the caller, and the caller's therapist id. */
export function getSearchContextsQueryOptions() {
  return queryOptions({
    queryKey: ['clients', 'search-contexts'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof searchContexts>>(apiPaths.clientSearchContexts, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSearchContexts() {
  return useQuery(getSearchContextsQueryOptions());
}

export function getSearchGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['clients', 'search-groups'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listSearchGroups>>(apiPaths.clientSearchGroups, { signal }),
    select: (response) => response.data,
    // The 'Try Again' toast is the retry.
    retry: false,
  });
}

export function useSearchGroups() {
  return useQuery(getSearchGroupsQueryOptions());
}

export function getCustomSearchCapabilitiesQueryOptions() {
  return queryOptions({
    queryKey: ['clients', 'custom-search-capabilities'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getCustomSearchCapabilities>>(apiPaths.customSearchCapabilities, {
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useCustomSearchCapabilities() {
  return useQuery(getCustomSearchCapabilitiesQueryOptions());
}
