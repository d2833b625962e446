import type { ResponseOf } from '@openpractice/contracts';
import type { getVisibleCalendars } from '@openpractice/contracts/calendar/calendars';
import { queryOptions } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/**
 * The calendar's first call, apart from api.ts so that the route can start it with the page's
 * code (issue 24) without putting the calendar's calls in every page's first load. Its key
 * starts with 'calendar' like every calendar key (api.ts), so a refresh includes it.
 */
export function getVisibleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: ['calendar', 'visible'] as const,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof getVisibleCalendars>>(apiPaths.calendar.visibleCalendars, { signal })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}
