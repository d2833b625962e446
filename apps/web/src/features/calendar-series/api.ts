import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** `GET /api/calendar/series/{eventId}` (docs/calendar-api.md). */
export interface SeriesView {
  /** null: the event is not part of a series (it is listed alone). */
  seriesId: number | null;
  intervalWeeks: 1 | 2 | null;
  untilDate: string | null;
  /** The practice's time zone, in which the series keeps its wall-clock time. */
  timezone: string;
  occurrences: {
    calendar_event_id: number;
    start_date_time: string;
    end_date_time: string;
    cancelled: boolean;
    attended: boolean;
  }[];
}

/** Everything about series sits under `['calendar', 'series']`, inside the calendar's own keys. */
export const seriesKeys = {
  all: ['calendar', 'series'] as const,
  of: (eventId: number) => ['calendar', 'series', eventId] as const,
};

export function getSeriesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: seriesKeys.of(eventId),
    queryFn: ({ signal }) =>
      api.get<{ data: SeriesView }>(apiPaths.calendar.series(eventId), { signal }),
    select: (response) => response.data,
    // The dialog must show the series as it is now, not as it was when last opened.
    staleTime: 0,
    retry: false,
  });
}

export function useSeries(eventId: number | null) {
  return useQuery({ ...getSeriesQueryOptions(eventId ?? 0), enabled: eventId !== null });
}
