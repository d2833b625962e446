import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getTherapistAvailability,
  getVisibleCalendars,
} from '@openpractice/contracts/calendar/calendars';
import type {
  createAppointment as createAppointmentCall,
  createMeeting as createMeetingCall,
} from '@openpractice/contracts/calendar/events';
import type {
  countConflicts,
  findProductsForSchedulingRequest,
  listServiceLocations,
  telehealthStatus,
} from '@openpractice/contracts/calendar/scheduling';
import type { searchContexts } from '@openpractice/contracts/clients/search';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** `GET /api/calendar/getVisibleCalendars`: whom the user may book for (docs/calendar-api.md). */
export type VisibleCalendars = ResponseOf<typeof getVisibleCalendars>['data'];
export type VisibleTherapist = VisibleCalendars['therapists'][number];
export type ServiceLocation = ResponseOf<typeof listServiceLocations>['data'][number];
export type TelehealthStatus = ResponseOf<typeof telehealthStatus>['data'];
export type ProductsForRequest = ResponseOf<typeof findProductsForSchedulingRequest>['data'];
/** spec-1 §3 Product option. */
export type ProductOption = ProductsForRequest['products'][number];
/** An availability block of `getTherapistAvailability`. */
export type AvailabilityRow = ResponseOf<typeof getTherapistAvailability>['data'][number];
export type SearchContextOption = ResponseOf<typeof searchContexts>['data'][number];

/** `POST /api/calendar/createAppointment` (spec-1 §3 New appointment payload, plus the series fields). */
export type CreateAppointmentPayload = BodyOf<typeof createAppointmentCall>;
/** `POST /api/calendar/createMeeting` (spec-1 §3 New meeting payload). */
export type CreateMeetingPayload = BodyOf<typeof createMeetingCall>;

/** Every query of the scheduling dialogs starts with this key; a booking makes them stale. */
export const schedulingKey = ['scheduling'] as const;

const FIVE_MINUTES = 5 * 60_000;

export function getVisibleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: [...schedulingKey, 'visible-calendars'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getVisibleCalendars>>(apiPaths.calendar.visibleCalendars, {
        signal,
      }),
    select: (response) => response.data,
    staleTime: FIVE_MINUTES,
  });
}

export function useVisibleCalendars() {
  return useQuery(getVisibleCalendarsQueryOptions());
}

export function getServiceLocationsQueryOptions() {
  return queryOptions({
    queryKey: [...schedulingKey, 'service-locations'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listServiceLocations>>(apiPaths.calendar.serviceLocations, {
        signal,
      }),
    select: (response) => response.data,
    staleTime: FIVE_MINUTES,
  });
}

export function useServiceLocations() {
  return useQuery(getServiceLocationsQueryOptions());
}

/** The client search scopes the server offers this user (my, all, ...). */
export function getSearchContextsQueryOptions() {
  return queryOptions({
    queryKey: [...schedulingKey, 'search-contexts'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof searchContexts>>(apiPaths.clientSearchContexts, { signal }),
    select: (response) => response.data.map((option) => option.value),
    staleTime: FIVE_MINUTES,
  });
}

export function useSearchContexts() {
  return useQuery(getSearchContextsQueryOptions());
}

export function getTelehealthStatusQueryOptions(therapistId: number) {
  return queryOptions({
    queryKey: [...schedulingKey, 'telehealth', therapistId] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof telehealthStatus>>(apiPaths.calendar.telehealthStatus, {
        query: { therapistId },
        signal,
      }),
    select: (response) => response.data,
    retry: false,
  });
}

export function useTelehealthStatus(therapistId: number | null, enabled: boolean) {
  return useQuery({
    ...getTelehealthStatusQueryOptions(therapistId ?? 0),
    enabled: enabled && therapistId !== null,
  });
}

export interface ProductsRequest {
  therapistId: number;
  clientId: number;
  start: string;
  duration: number;
}

export function getProductsForRequestQueryOptions(request: ProductsRequest) {
  return queryOptions({
    queryKey: [...schedulingKey, 'products', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof findProductsForSchedulingRequest>>(
        apiPaths.calendar.productsForRequest,
        {
          query: { ...request },
          signal,
        },
      ),
    select: (response) => response.data,
    retry: false,
  });
}

/** The options stay on screen while a changed time or length is looked up again. */
export function useProductsForRequest(request: ProductsRequest | null) {
  return useQuery({
    ...getProductsForRequestQueryOptions(
      request ?? { therapistId: 0, clientId: 0, start: '', duration: 0 },
    ),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

export interface ConflictsRequest {
  therapistId: number;
  start: string;
  duration: number;
  /** The event being moved (the edit dialogs): its own place is no conflict. */
  exceptEventId?: number;
}

export function getConflictCountQueryOptions(request: ConflictsRequest) {
  return queryOptions({
    queryKey: [...schedulingKey, 'conflicts', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof countConflicts>>(apiPaths.calendar.countConflicts, {
        query: { ...request },
        signal,
      }),
    select: (response) => response.data.conflictCount,
    retry: false,
  });
}

/** Conflicts are counted only when there is a duration (spec-1 §4 Scheduling dialog). */
export function useConflictCount(request: ConflictsRequest | null) {
  return useQuery({
    ...getConflictCountQueryOptions(request ?? { therapistId: 0, start: '', duration: 0 }),
    enabled: request !== null && request.duration > 0,
  });
}

export interface AvailabilityRequest {
  therapistId: number;
  /** ISO instants: the day around the requested start. */
  start: string;
  end: string;
}

export function getSlotAvailabilityQueryOptions(request: AvailabilityRequest) {
  return queryOptions({
    queryKey: [...schedulingKey, 'availability', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getTherapistAvailability>>(
        apiPaths.calendar.therapistAvailability,
        {
          query: { therapistIds: request.therapistId, start: request.start, end: request.end },
          signal,
        },
      ),
    select: (response) => response.data,
    staleTime: FIVE_MINUTES,
  });
}

export function useSlotAvailability(request: AvailabilityRequest | null) {
  return useQuery({
    ...getSlotAvailabilityQueryOptions(request ?? { therapistId: 0, start: '', end: '' }),
    enabled: request !== null,
  });
}

export function createAppointment(payload: CreateAppointmentPayload) {
  return api.post<ResponseOf<typeof createAppointmentCall>>(
    apiPaths.calendar.createAppointment,
    payload,
  );
}

export function createMeeting(payload: CreateMeetingPayload) {
  return api.post<ResponseOf<typeof createMeetingCall>>(apiPaths.calendar.createMeeting, payload);
}

/** After a booking, conflict counts and next appointments are out of date. */
function useInvalidateLookups() {
  const queryClient = useQueryClient();
  return () => {
    for (const part of ['conflicts', 'products']) {
      void queryClient.invalidateQueries({ queryKey: [...schedulingKey, part] });
    }
  };
}

/** Books an appointment (or a series). */
export function useCreateAppointment() {
  const invalidate = useInvalidateLookups();
  return useMutation({ mutationFn: createAppointment, onSuccess: invalidate });
}

export function useCreateMeeting() {
  const invalidate = useInvalidateLookups();
  return useMutation({ mutationFn: createMeeting, onSuccess: invalidate });
}
