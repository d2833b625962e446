import type { QueryClient } from '@tanstack/react-query';

/** The navigation's query key: the shell reads it, any area whose change moves a menu count refreshes it. */
export const NAVIGATION_QUERY_KEY = ['navigation'] as const;

/** Refreshes the menu's counts after a change that moves one (e.g. a booking request answered). */
export function refreshNavigationCounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: NAVIGATION_QUERY_KEY });
}
