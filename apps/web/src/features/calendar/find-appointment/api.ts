import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { getVisibleCalendars } from '@openpractice/contracts/calendar/calendars';
import type { findAvailabilityV2 } from '@openpractice/contracts/calendar/find-appointment';
import type { listServiceLocations } from '@openpractice/contracts/calendar/scheduling';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * The find-an-appointment page's calls (docs/availability-api.md, "Find an
 * appointment"), their query keys and hooks. Every key starts with
 * 'findAppointment', so a booking refreshes what the page shows.
 */
export const findAppointmentKey = ['findAppointment'] as const;
const slotsKey = [...findAppointmentKey, 'slots'] as const;

const FIVE_MINUTES = 5 * 60_000;

/** `GET /api/calendar/getVisibleCalendars`. */
export type VisibleCalendars = ResponseOf<typeof getVisibleCalendars>['data'];
/** `GET /api/availability/listServiceLocations` row: the practice's active locations. */
export type ServiceLocation = ResponseOf<typeof listServiceLocations>['data'][number];
/** Practice-zone days in `calendarInfo`, end exclusive. */
export type FindAvailabilityRequest = BodyOf<typeof findAvailabilityV2>;
/** `POST /api/availability/findAvailabilityV2` answer. */
export type FoundAvailability = ResponseOf<typeof findAvailabilityV2>['data'];
export type FoundSlot = FoundAvailability['days'][number]['therapists'][number]['slots'][number];
export type SlotMode = FoundAvailability['mode'];

export function getVisibleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: [...findAppointmentKey, 'visible-calendars'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getVisibleCalendars>>(
        apiPaths.availabilitySearch.visibleCalendars,
        {
          signal,
        },
      ),
    select: (response) => response.data,
    staleTime: FIVE_MINUTES,
  });
}

export function useVisibleCalendars() {
  return useQuery(getVisibleCalendarsQueryOptions());
}

export function getLocationsQueryOptions() {
  return queryOptions({
    queryKey: [...findAppointmentKey, 'locations'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listServiceLocations>>(apiPaths.availabilitySearch.locations, {
        signal,
      }),
    select: (response) => response.data,
    staleTime: FIVE_MINUTES,
  });
}

export function useLocations() {
  return useQuery(getLocationsQueryOptions());
}

export function getOpenSlotsQueryOptions(request: FindAvailabilityRequest) {
  return queryOptions({
    queryKey: [...slotsKey, request] as const,
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof findAvailabilityV2>>(
        apiPaths.availabilitySearch.findAvailability,
        request,
        {
          signal,
        },
      ),
    select: (response) => response.data,
    retry: false,
  });
}

/** Open slots; the last answer stays on screen (dimmed) while a changed search loads. */
export function useOpenSlots(request: FindAvailabilityRequest | null) {
  return useQuery({
    ...getOpenSlotsQueryOptions(
      request ?? {
        therapistIds: [],
        locationIds: [],
        mode: 'any',
        duration: 0,
        calendarInfo: { start: '', end: '' },
      },
    ),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** After a booking: look again, so the taken slot disappears. */
export function refreshOpenSlots(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: slotsKey });
}
