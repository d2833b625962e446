import type { ResponseOf } from '@openpractice/contracts';
import type { listReferenceDataTypes } from '@openpractice/contracts/system';
import { NAVIGATION_POLL_MS } from '@openpractice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { NAVIGATION_QUERY_KEY } from '../../lib/navigation-query';
import type { AppConfig, NavigationData } from './types';

/** Used when `GET /api/config` fails: the app still starts. */
export const DEFAULT_CONFIG: AppConfig = { environment: 'local', demoMode: false };

/** Marks a request the user did not cause, so the server does not count it as activity. */
export const BACKGROUND_REQUEST_HEADERS = { 'x-background-request': '1' } as const;

const configKey = ['config'] as const;
const referenceDataKey = ['reference-data'] as const;

export async function getConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    return await api.get<AppConfig>(apiPaths.config, { signal });
  } catch {
    return DEFAULT_CONFIG;
  }
}

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: configKey,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Infinity,
  });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}

/** Code tables by type (`{ [type]: { code, name }[] }`), loaded once before routing. */
export function getReferenceDataQueryOptions() {
  return queryOptions({
    queryKey: referenceDataKey,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listReferenceDataTypes>>(apiPaths.referenceData, { signal }),
    staleTime: Infinity,
  });
}

export function useReferenceData() {
  return useQuery(getReferenceDataQueryOptions());
}

/**
 * The first load asks for the navigation as it is; every later fetch (the
 * 5-minute poll, a refetch on focus) refreshes the notification counts and is
 * sent as a background request, so polling does not keep an idle session alive.
 */
export function getNavigation(options: {
  refresh: boolean;
  signal?: AbortSignal;
}): Promise<NavigationData> {
  return api.get<NavigationData>(apiPaths.navigation, {
    signal: options.signal,
    query: { refreshNotifications: options.refresh },
    headers: options.refresh ? BACKGROUND_REQUEST_HEADERS : undefined,
  });
}

export function getNavigationQueryOptions() {
  return queryOptions({
    queryKey: NAVIGATION_QUERY_KEY,
    queryFn: ({ signal, client, queryKey }) =>
      getNavigation({ refresh: client.getQueryData(queryKey) !== undefined, signal }),
    staleTime: NAVIGATION_POLL_MS,
    refetchInterval: NAVIGATION_POLL_MS,
  });
}

export function useNavigation() {
  return useQuery(getNavigationQueryOptions());
}

/** A 'post' navigation item: POST (with CSRF) to its address, then load `redirectTo`. */
export async function postNavItem(to: string): Promise<void> {
  await api.post<unknown>(to);
}
