import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/**
 * The calendar page's calls (docs/calendar-api.md, "Reading the calendar"),
 * their query keys and hooks. Every key starts with 'calendar', so one
 * invalidation refreshes whatever the calendar shows.
 */
export const calendarKey = ['calendar'] as const;
const visibleKey = [...calendarKey, 'visible'] as const;
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

export interface VisibleTherapist {
  id: number;
  userId: number;
  active: boolean;
  practitionerFirstName: string;
  practitionerLastName: string;
  isCurrentUser: boolean;
}

/** `GET /api/calendar/getVisibleCalendars`. */
export interface VisibleCalendars {
  therapists: VisibleTherapist[];
  reach: 'practice' | 'own';
  currentTherapistId: number | null;
  maxSelectable: number;
  maySchedule: boolean;
  /** The practice's time zone: the calendar shows its wall-clock times. */
  timezone: string;
  userId: number;
  screenReader: boolean;
}

export type MyCalendar =
  | { kind: 'practice'; therapistId: number; name: string }
  | {
      kind: 'external';
      id: number;
      name: string;
      color: string;
      lastSyncedAt: string | null;
      lastSyncStatus: string;
    };

/** `GET /api/availability/listServiceLocations` row. */
export interface ServiceLocation {
  id: number;
  name: string;
  color: string | null;
  isDefault: boolean;
}

/** spec-1 §3 'Calendar event as received' (docs/calendar-api.md CalendarEvent). */
export interface CalendarEvent {
  calendar_event_id: number;
  calendar_event_type_constant: string;
  calendar_event_kind: 'appointment' | 'meeting' | 'out_of_office' | 'holiday';
  calendar_event_name: string;
  calendar_type_constant: string;
  user_id_therapist: number;
  user_id_patient: number | null;
  calendar_event_attendee_id: number | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  start_date_time: string;
  end_date_time: string;
  calendar_event_allday: boolean;
  calendar_color: string | null;
  practice_location_id: number | null;
  practice_location_color: string | null;
  isTeletherapy: boolean;
  telehealth_pos: string | null;
  hasAlert: boolean;
  patient_record_status: string | null;
  isGroup: boolean;
  checkedintime: string | null;
  day_of_week: number;
  start_time: string;
  end_time: string;
  patient_chart_locked_count: number;
  claim_count: number;
  account_payment_exists: boolean;
  calendar_event_canceldate: string | null;
  cancel_reason: string | null;
  series_id: number | null;
  attended_attendee_count: number;
  /** Booked online and waiting for staff to confirm it (see /schedule/requests). */
  awaitingConfirmation?: boolean;
}

/** An availability block on one day (getAvailability / getTherapistAvailability). */
export interface AvailabilityBlock {
  availability_day_id: number;
  availability_span_id: number;
  user_id_therapist: number;
  practice_location_id: number | null;
  practice_location_color: string | null;
  date: string;
  start_date_time: string;
  end_date_time: string;
  in_person_enabled: boolean;
  teletherapy_enabled: boolean;
}

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

export function getVisibleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: visibleKey,
    queryFn: ({ signal }) =>
      api
        .get<{ data: VisibleCalendars }>(apiPaths.calendar.visibleCalendars, { signal })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

export function useVisibleCalendars() {
  return useQuery(getVisibleCalendarsQueryOptions());
}

export function useMyCalendars(enabled: boolean) {
  return useQuery({
    queryKey: myCalendarsKey,
    queryFn: ({ signal }) =>
      api
        .get<{ data: { calendars: MyCalendar[] } }>(apiPaths.calendar.myCalendars, { signal })
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
        .get<{ data: ServiceLocation[] }>(apiPaths.calendar.serviceLocations, { signal })
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
        .get<{ data: CalendarEvent[] }>(apiPaths.calendar.appointments, {
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
          ? api.get<{ data: AvailabilityBlock[] }>(apiPaths.calendar.availability, {
              signal,
              query: { therapistIds, locationIds, spanFrom: query.start, spanTo: query.end },
            })
          : api.get<{ data: AvailabilityBlock[] }>(apiPaths.calendar.therapistAvailability, {
              signal,
              query: { therapistIds, locationIds, start: query.start, end: query.end },
            });
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
        .get<{ data: { usesAvailability: boolean } }>(apiPaths.calendar.usesAvailability, {
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
        .get<{ data: { version: number } }>(apiPaths.calendar.changes, {
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

export type SeriesScope = 'this' | 'following' | 'series';

/** spec-1 §3 Reschedule payload, plus the series scope. */
export interface ReschedulePayload {
  calendar_event_id: number;
  calendar_event_starttime: string;
  calendar_event_endtime: string;
  calendar_event_allday: 1 | 0;
  scope?: SeriesScope;
}

interface RescheduleAnswer {
  status: 'success' | 'failure';
  message?: string;
}

/** Legacy-style answers may say `status: 'failure'` with a 200 (spec-1 §7). */
export class RescheduleRefused extends Error {
  override readonly name = 'RescheduleRefused';
}

export async function rescheduleEvent(payload: ReschedulePayload): Promise<RescheduleAnswer> {
  const answer = await api.post<RescheduleAnswer>(apiPaths.calendar.reschedule, payload);
  if (answer.status === 'failure') throw new RescheduleRefused(answer.message ?? '');
  return answer;
}

export function useRescheduleEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleEvent,
    onSettled: () => refreshCalendar(queryClient),
  });
}
