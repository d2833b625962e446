import type {
  ClientSearchContext,
  ProductFindType,
  RepeatPayload,
  TelehealthPos,
} from '@openpractice/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** `GET /api/calendar/getVisibleCalendars`: whom the user may book for (docs/calendar-api.md). */
export interface VisibleTherapist {
  id: number;
  userId: number;
  active: boolean;
  practitionerFirstName: string;
  practitionerLastName: string;
  isCurrentUser: boolean;
}

export interface VisibleCalendars {
  therapists: VisibleTherapist[];
  /** 'own': a therapist-only user, who books only on their own calendar. */
  reach: 'practice' | 'own';
  currentTherapistId: number | null;
  /** The practice's time zone (the calendar and the dialog show its wall clock). */
  timezone?: string;
}

export interface ServiceLocation {
  id: number;
  name: string;
  color: string;
  isDefault: boolean;
}

export interface TelehealthStatus {
  hasTelehealth: boolean;
  allowedPos: TelehealthPos[];
}

/** spec-1 §3 Product option. */
export interface ProductOption {
  duration: number;
  products: { productId: number; cptCode: string; description: string; durationMinutes: number }[];
  is_telehealth: boolean;
  telehealth_pos: string | null;
  find_type: ProductFindType | null;
  selected: boolean;
}

export interface ProductsForRequest {
  products: ProductOption[];
  isTherapistForClient: boolean;
  client: { id: number; displayName: string; isGroup: boolean };
  nextAppointment: {
    calendar_event_id: number;
    start_date_time: string;
    end_date_time: string;
    therapistId: number;
    warnings: string[];
  } | null;
}

/** An availability block of `getTherapistAvailability` (the fields the dialog reads). */
export interface AvailabilityRow {
  user_id_therapist: number;
  start_date_time: string;
  end_date_time: string;
  in_person_enabled: boolean;
  teletherapy_enabled: boolean;
}

export interface SearchContextOption {
  value: ClientSearchContext;
  label: string;
}

/** `POST /api/calendar/createAppointment` (spec-1 §3 New appointment payload, plus the series fields). */
export type CreateAppointmentPayload = {
  therapistId: number;
  patientId: number;
  practiceLocationId: number | null;
  isTeletherapy: boolean;
  teletherapyPos: TelehealthPos | null;
  eventDateTime: string;
  products: { productId: number; duration?: number }[];
  duration: number;
  allowDoubleBooking: boolean;
} & RepeatPayload;

/** `POST /api/calendar/createMeeting` (spec-1 §3 New meeting payload). */
export interface CreateMeetingPayload {
  therapistId: number;
  allDay: boolean;
  /** An ISO instant, or a bare date for an all-day block. */
  startDateTime: string;
  eventName: string;
  duration: number;
  type: 'meeting' | 'out_of_office';
  allowDoubleBooking: boolean;
}

export interface CreatedAppointment {
  status: string;
  message: string;
  data: { calendar_event_ids: number[]; series_id: number | null };
}

export interface CreatedMeeting {
  status: string;
  message: string;
  data: { calendar_event_id: number };
}

/** Every query of the scheduling dialogs starts with this key; a booking makes them stale. */
export const schedulingKey = ['scheduling'] as const;

const FIVE_MINUTES = 5 * 60_000;

export function getVisibleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: [...schedulingKey, 'visible-calendars'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: VisibleCalendars }>(apiPaths.calendar.visibleCalendars, { signal }),
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
      api.get<{ data: ServiceLocation[] }>(apiPaths.calendar.serviceLocations, { signal }),
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
      api.get<{ data: SearchContextOption[] }>(apiPaths.clientSearchContexts, { signal }),
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
      api.get<{ data: TelehealthStatus }>(apiPaths.calendar.telehealthStatus, {
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
      api.get<{ data: ProductsForRequest }>(apiPaths.calendar.productsForRequest, {
        query: { ...request },
        signal,
      }),
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
}

export function getConflictCountQueryOptions(request: ConflictsRequest) {
  return queryOptions({
    queryKey: [...schedulingKey, 'conflicts', request] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { conflictCount: number } }>(apiPaths.calendar.countConflicts, {
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
      api.get<{ data: AvailabilityRow[] }>(apiPaths.calendar.therapistAvailability, {
        query: { therapistIds: request.therapistId, start: request.start, end: request.end },
        signal,
      }),
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
  return api.post<CreatedAppointment>(apiPaths.calendar.createAppointment, payload);
}

export function createMeeting(payload: CreateMeetingPayload) {
  return api.post<CreatedMeeting>(apiPaths.calendar.createMeeting, payload);
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
