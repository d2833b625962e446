import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  addExternalCalendar,
  getExternalEvents,
  getTherapistExternalCalendars,
  removeExternalCalendar,
  syncExternalCalendar,
} from '@openpractice/contracts/calendar/external';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const paths = apiPaths.calendar;

/** `GET /api/calendar/getTherapistExternalCalendars` rows: the current therapist's calendars. */
export type ExternalCalendar = ResponseOf<typeof getTherapistExternalCalendars>['data'][number];
export type SyncStatus = ExternalCalendar['lastSyncStatus'];
/** `GET /api/calendar/externalCalendar/events` rows (all-day ones carry dates, others instants). */
export type ExternalEvent = ResponseOf<typeof getExternalEvents>['data'][number];
export type SyncResult = ResponseOf<typeof syncExternalCalendar>['data'];

export interface ExternalEventsWindow {
  therapistIds: readonly number[];
  start: string;
  end: string;
}

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const externalCalendarKeys = {
  all: ['external-calendars'] as const,
  list: () => [...externalCalendarKeys.all, 'list'] as const,
  events: (window: ExternalEventsWindow) =>
    [
      ...externalCalendarKeys.all,
      'events',
      [...window.therapistIds].sort((a, b) => a - b).join(','),
      window.start,
      window.end,
    ] as const,
};

export function getExternalCalendarsQueryOptions() {
  return queryOptions({
    queryKey: externalCalendarKeys.list(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getTherapistExternalCalendars>>(paths.externalCalendars, {
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useExternalCalendars(enabled = true) {
  return useQuery({ ...getExternalCalendarsQueryOptions(), enabled });
}

export function getExternalEventsQueryOptions(window: ExternalEventsWindow) {
  return queryOptions({
    queryKey: externalCalendarKeys.events(window),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getExternalEvents>>(paths.externalEvents, {
        query: {
          therapistIds: window.therapistIds.join(','),
          start: window.start,
          end: window.end,
        },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

export type NewExternalCalendar = BodyOf<typeof addExternalCalendar>;

export function useAddExternalCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewExternalCalendar) =>
      api.post<ResponseOf<typeof addExternalCalendar>>(paths.addExternalCalendar, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: externalCalendarKeys.all }),
  });
}

export function useRemoveExternalCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendarId: number) =>
      api.post<ResponseOf<typeof removeExternalCalendar>>(paths.removeExternalCalendar, {
        calendar_id: calendarId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: externalCalendarKeys.all }),
  });
}

/** Syncs each calendar in turn; a refused call counts as a failure (spec-1 §7: legacy 'failure'). */
export async function syncCalendars(
  calendars: readonly Pick<ExternalCalendar, 'id' | 'userId'>[],
): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const calendar of calendars) {
    try {
      const response = await api.post<ResponseOf<typeof syncExternalCalendar>>(
        paths.syncExternalCalendar,
        {
          calendar_id: calendar.id,
          user_id: calendar.userId,
        },
      );
      results.push(response.data);
    } catch (error) {
      results.push({
        status: 'failure',
        message: error instanceof Error ? error.message : undefined,
      });
    }
  }
  return results;
}

export function useSyncExternalCalendars() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendars: readonly Pick<ExternalCalendar, 'id' | 'userId'>[]) =>
      syncCalendars(calendars),
    onSettled: () => queryClient.invalidateQueries({ queryKey: externalCalendarKeys.all }),
  });
}
