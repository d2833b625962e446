import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  calendarChanges,
  getMyCalendars,
  getTherapistAvailability,
  getVisibleCalendars,
} from '@openpractice/contracts/calendar/calendars';
import type {
  getAvailability,
  getTherapistAppointments,
  rescheduleEvent as rescheduleEventCall,
  usesAvailability,
} from '@openpractice/contracts/calendar/events';
import type { listServiceLocations } from '@openpractice/contracts/calendar/scheduling';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { getVisibleCalendarsQueryOptions } from './visible-calendars-query';

export { getVisibleCalendarsQueryOptions };

/**
 * The calendar page's calls (docs/calendar-api.md, "Reading the calendar"),
 * their query keys and hooks. Every key starts with 'calendar', so one
 * invalidation refreshes whatever the calendar shows.
 */
export const calendarKey = ['calendar'] as const;
const myCalendarsKey = [...calendarKey, 'mine'] as const;
const locationsKey = [...calendarKey, 'locations'] as const;
const eventsKey = [...calendarKey, 'events'] as const;
const availabilityKey = [...calendarKey, 'availability'] as const;
const usesAvailabilityKey = [...calendarKey, 'usesAvailability'] as const;
const changesKey = [...calendarKey, 'changes'] as const;

/** Marks a request the user did not cause (a poll), so it is not counted as activity. */
const BACKGROUND_REQUEST = { 'x-background-request': '1' } as const;

/** How often an open calendar asks whether anything changed (issue 5: others see a change within 5 s). */
export const CALENDAR_POLL_MS = 3000;

export type VisibleCalendars = ResponseOf<typeof getVisibleCalendars>['data'];
export type VisibleTherapist = VisibleCalendars['therapists'][number];
export type MyCalendar = ResponseOf<typeof getMyCalendars>['data']['calendars'][number];
export type ServiceLocation = ResponseOf<typeof listServiceLocations>['data'][number];
/** spec-1 §3 'Calendar event as received' (docs/calendar-api.md CalendarEvent). */
export type CalendarEvent = ResponseOf<typeof getTherapistAppointments>['data'][number];
/** An availability block on one day (getAvailability / getTherapistAvailability). */
export type AvailabilityBlock = ResponseOf<typeof getAvailability>['data'][number];

export interface EventsQuery {
  therapistIds: readonly number[];
  locationIds: readonly number[];
  /** YYYY-MM-DD, midnight in the practice's zone; end exclusive. */
  start: string;
  end: string;
  includeCancelled: boolean;
}

export interface AvailabilityQuery {
  therapistIds: readonly number[];
  locationIds: readonly number[];
  start: string;
  end: string;
  /** 'days': the ≤7-day lookup; 'window': the month view's. */
  source: 'days' | 'window';
}

const idsParam = (ids: readonly number[]) => (ids.length > 0 ? ids.join(',') : undefined);

export function useVisibleCalendars() {
  return useQuery(getVisibleCalendarsQueryOptions());
}

export function useMyCalendars(enabled: boolean) {
  return useQuery({
    queryKey: myCalendarsKey,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof getMyCalendars>>(apiPaths.calendar.myCalendars, { signal })
        .then((r) => r.data.calendars),
    enabled,
    staleTime: 60_000,
  });
}

export function useServiceLocations() {
  return useQuery({
    queryKey: locationsKey,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof listServiceLocations>>(apiPaths.calendar.serviceLocations, {
          signal,
        })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

export function getCalendarEventsQueryOptions(query: EventsQuery) {
  const queryKey = [...eventsKey, query] as const;
  return queryOptions<CalendarEvent[], Error, CalendarEvent[], typeof queryKey>({
    queryKey,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof getTherapistAppointments>>(apiPaths.calendar.appointments, {
          signal,
          query: {
            therapistIds: idsParam(query.therapistIds),
            locationIds: idsParam(query.locationIds),
            start: query.start,
            end: query.end,
            includeCancelledEvents: query.includeCancelled,
          },
        })
        .then((r) => r.data),
    // The live poll says when to refetch; until then what we have is current.
    staleTime: Infinity,
    // Keep the last answer on screen while the next range loads (no flash of an empty grid).
    placeholderData: keepPreviousData,
  });
}

export function useCalendarEvents(query: EventsQuery, enabled: boolean) {
  return useQuery({ ...getCalendarEventsQueryOptions(query), enabled });
}

export function useAvailability(query: AvailabilityQuery, enabled: boolean) {
  return useQuery<AvailabilityBlock[]>({
    queryKey: [...availabilityKey, query] as const,
    queryFn: ({ signal }) => {
      const therapistIds = idsParam(query.therapistIds);
      const locationIds = idsParam(query.locationIds);
      const request =
        query.source === 'days'
          ? api.get<ResponseOf<typeof getAvailability>>(apiPaths.calendar.availability, {
              signal,
              query: { therapistIds, locationIds, spanFrom: query.start, spanTo: query.end },
            })
          : api.get<ResponseOf<typeof getTherapistAvailability>>(
              apiPaths.calendar.therapistAvailability,
              {
                signal,
                query: { therapistIds, locationIds, start: query.start, end: query.end },
              },
            );
      return request.then((r) => r.data);
    },
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** Whether a therapist keeps availability at all (My Schedule skips the lookup when not). */
export function useUsesAvailability(therapistId: number | null) {
  return useQuery({
    queryKey: [...usesAvailabilityKey, therapistId] as const,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof usesAvailability>>(apiPaths.calendar.usesAvailability, {
          signal,
          query: { user_id_therapist: therapistId },
        })
        .then((r) => r.data.usesAvailability),
    enabled: therapistId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The practice's calendar version, polled every 3 s while the page is
 * visible (TanStack Query pauses intervals in hidden tabs). Sent as a
 * background request: a calendar left open does not keep a session alive.
 */
export function useCalendarVersion(enabled: boolean) {
  return useQuery({
    queryKey: changesKey,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof calendarChanges>>(apiPaths.calendar.changes, {
          signal,
          headers: BACKGROUND_REQUEST,
        })
        .then((r) => r.data.version),
    enabled,
    refetchInterval: CALENDAR_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
}

/**
 * Something on the calendar changed: refetch what it shows, including the
 * external calendars' events (their feature keys them under
 * 'external-calendars'), but not the version poll or the lists.
 */
export function refreshCalendar(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [area, what] = query.queryKey;
      if (area === 'external-calendars') return what === 'events';
      if (area !== 'calendar') return false;
      return what !== 'changes' && what !== 'visible' && what !== 'locations';
    },
  });
}

export type SeriesScope = NonNullable<ReschedulePayload['scope']>;

/** spec-1 §3 Reschedule payload, plus the series scope. */
export type ReschedulePayload = BodyOf<typeof rescheduleEventCall>;

/** A refusal answers a 4xx with the error envelope, so the call throws an ApiError. */
export function rescheduleEvent(payload: ReschedulePayload) {
  return api.post<ResponseOf<typeof rescheduleEventCall>>(apiPaths.calendar.reschedule, payload);
}

export function useRescheduleEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleEvent,
    onSettled: () => refreshCalendar(queryClient),
  });
}
