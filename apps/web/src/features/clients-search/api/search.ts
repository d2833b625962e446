import type { ClientSearchContext } from '@openpractice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { toSearchQuery, type ClientSearchRequest } from '../search-criteria';

/** One row of `GET /api/patient/findPatients` (spec-2 §3 Client search row). */
export interface ClientSearchRow {
  user_id: number;
  patient_rcrd_id: number;
  patient_first_name: string;
  patient_last_name: string;
  patient_nick_name: string | null;
  therapist_first_name: string | null;
  therapist_last_name: string | null;
  therapist_names: string[];
  group_name: string | null;
  practice_insurance_id: number | null;
  practice_insurance_name: string | null;
  secondary_practice_insurance_id: number | null;
  secondary_practice_insurance_name: string | null;
  responsible_party_first_name: string | null;
  responsible_party_last_name: string | null;
  user_insurance_insurancenumber: string | null;
  email: string | null;
  phone: string | null;
  /** ISO date. */
  dateOfBirth: string | null;
  payment_type: 'Insurance' | 'Private Pay' | 'None';
  /** Already formatted: 'C000001234'. */
  accountNumber: string;
  clientStatus: 'Active' | 'Inactive';
  /** ISO date-time. */
  added: string;
  isGroup: boolean;
  custom_searchable_id: string | null;
}

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
