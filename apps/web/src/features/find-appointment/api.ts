import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/**
 * The find-an-appointment page's calls (docs/availability-api.md, "Find an
 * appointment"), their query keys and hooks. Every key starts with
 * 'findAppointment', so a booking refreshes what the page shows.
 */
export const findAppointmentKey = ['findAppointment'] as const;
const slotsKey = [...findAppointmentKey, 'slots'] as const;

const FIVE_MINUTES = 5 * 60_000;

export type SlotMode = 'any' | 'inPerson' | 'telehealth';

/** `GET /api/calendar/getVisibleCalendars` (the fields this page reads). */
export interface VisibleCalendars {
  therapists: {
    id: number;
    active: boolean;
    practitionerFirstName: string;
    practitionerLastName: string;
  }[];
  reach: 'practice' | 'own';
  currentTherapistId: number | null;
  maxSelectable: number;
  timezone: string;
  userId: number;
}

/** `GET /api/availability/listServiceLocations` row: the practice's active locations. */
export interface ServiceLocation {
  id: number;
  name: string;
  isDefault: boolean;
}

export interface FindAvailabilityRequest {
  therapistIds: number[];
  locationIds: number[];
  mode: SlotMode;
  duration: number;
  /** Practice-zone days, end exclusive. */
  calendarInfo: { start: string; end: string };
}

export interface FoundSlot {
  start: string;
  end: string;
  locationId: number | null;
  locationName: string | null;
  inPerson: boolean;
  telehealth: boolean;
}

/** `POST /api/availability/findAvailabilityV2` answer. */
export interface FoundAvailability {
  timezone: string;
  calendarInfo: { start: string; end: string };
  rangeTooLong: boolean;
  mode: SlotMode;
  duration: number;
  selectedTherapists: { id: number; name: string }[];
  locations: { id: number; name: string }[];
  slotCount: number;
  days: {
    date: string;
    therapists: { therapistId: number; therapistName: string; slots: FoundSlot[] }[];
  }[];
}

export function getVisibleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: [...findAppointmentKey, 'visible-calendars'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: VisibleCalendars }>(apiPaths.availabilitySearch.visibleCalendars, {
        signal,
      }),
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
      api.get<{ data: ServiceLocation[] }>(apiPaths.availabilitySearch.locations, { signal }),
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
      api.post<{ data: FoundAvailability }>(apiPaths.availabilitySearch.findAvailability, request, {
        signal,
      }),
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
