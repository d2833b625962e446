import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ResponseOf } from '@openpractice/contracts';
import type { getSeries } from '@openpractice/contracts/calendar/series';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** `GET /api/calendar/series/{eventId}` (docs/calendar-api.md). */
export type SeriesView = ResponseOf<typeof getSeries>['data'];

/** Everything about series sits under `['calendar', 'series']`, inside the calendar's own keys. */
export const seriesKeys = {
  all: ['calendar', 'series'] as const,
  of: (eventId: number) => ['calendar', 'series', eventId] as const,
};

export function getSeriesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: seriesKeys.of(eventId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSeries>>(apiPaths.calendar.series(eventId), { signal }),
    select: (response) => response.data,
    // The dialog must show the series as it is now, not as it was when last opened.
    staleTime: 0,
    retry: false,
  });
}

export function useSeries(eventId: number | null) {
  return useQuery({ ...getSeriesQueryOptions(eventId ?? 0), enabled: eventId !== null });
}
