import type { ClientSearchContext, ClientSearchRow } from '@openpractice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { toSearchQuery, type ClientSearchRequest } from '../search-criteria';

export type { ClientSearchRow } from '@openpractice/domain';

export interface ClientSearchPage {
  data: ClientSearchRow[];
  /** Only when asked for with `includeTotal`. */
  total: number | null;
  limit: number;
  offset: number;
}

export interface SearchContextOption {
  value: ClientSearchContext;
  label: string;
}

/** `GET /api/patient/searchContexts`: the scopes the server offers, and the caller's therapist id. */
export interface SearchContexts {
  data: SearchContextOption[];
  callerTherapistId: number | null;
}

export interface SearchGroup {
  id: number;
  name: string;
  memberCount: number;
}

export interface CustomSearchCapabilities {
  customSearchableId: { enabled: boolean; label: string | null };
}

/** Every client search query starts with this key; a new or changed client invalidates it. */
export const clientSearchKey = ['clients', 'search'] as const;

export function findClients(request: ClientSearchRequest, signal?: AbortSignal) {
  return api.get<ClientSearchPage>(apiPaths.findClients, {
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
export function exportClients(request: ClientSearchRequest): Promise<string> {
  return api.get<string>(apiPaths.exportClients, { query: toSearchQuery(request) });
}

export function getSearchContextsQueryOptions() {
  return queryOptions({
    queryKey: ['clients', 'search-contexts'] as const,
    queryFn: ({ signal }) => api.get<SearchContexts>(apiPaths.clientSearchContexts, { signal }),
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
      api.get<{ data: SearchGroup[] }>(apiPaths.clientSearchGroups, { signal }),
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
      api.get<CustomSearchCapabilities>(apiPaths.customSearchCapabilities, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCustomSearchCapabilities() {
  return useQuery(getCustomSearchCapabilitiesQueryOptions());
}
