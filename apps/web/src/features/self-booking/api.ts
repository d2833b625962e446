import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api, ApiError } from '../../lib/api-client';

/** An office a therapist can be booked at online. */
export interface DirectoryLocation {
  id: number;
  name: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
}

/** A listed therapist as the public directory shows them. */
export interface TherapistProfile {
  therapistId: number;
  practiceId: number;
  practiceName: string;
  firstName: string;
  lastName: string;
  credentials: string | null;
  displayName: string;
  photoUrl: string | null;
  bio: string | null;
  specialties: string[];
  acceptingNewClients: boolean;
  telehealth: boolean;
  inPerson: boolean;
  locations: DirectoryLocation[];
  insuranceAccepted: { id: number; name: string }[];
  timezone: string;
}

export interface DirectoryFilterOptions {
  practices: { id: number; name: string }[];
  specialties: string[];
  locations: (DirectoryLocation & { practiceId: number })[];
  insurances: string[];
}

/** The directory's filters as the address carries them (all optional). */
export interface DirectorySearch {
  practiceId?: number | undefined;
  text?: string | undefined;
  specialty?: string | undefined;
  locationId?: number | undefined;
  telehealth?: boolean | undefined;
  insurance?: string | undefined;
  acceptingNewClients?: boolean | undefined;
  offset: number;
}

export const DIRECTORY_PAGE_SIZE = 20;

export interface DirectoryPage {
  data: TherapistProfile[];
  hasMore: boolean;
  limit: number;
  offset: number;
}

export type SlotMode = 'any' | 'inPerson' | 'telehealth';
export type BookingMode = 'inPerson' | 'telehealth';

export interface BookableSlot {
  start: string;
  end: string;
  inPerson: boolean;
  telehealth: boolean;
  location: { id: number; name: string } | null;
}

export interface SlotWindow {
  therapistId: number;
  timezone: string;
  durationMinutes: number;
  start: string;
  end: string;
  acceptingNewClients: boolean;
  data: BookableSlot[];
}

/** Who looks up and books: a visitor of the public pages, or a signed-in client. */
export type Booker = 'public' | 'client';

export interface BookingResult {
  status: 'PENDING' | 'CONFIRMED';
  practiceName: string;
  therapistName: string;
  start: string;
  end: string;
  isTelehealth: boolean;
  location: DirectoryLocation | null;
  timezone: string;
}

export interface SlotChoice {
  therapistId: number;
  start: string;
  end: string;
  mode: BookingMode;
  /** One per booking attempt, so a double submission books once. */
  idempotencyKey: string;
}

export interface VisitorDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** ISO date. */
  dob: string;
  reasonForAppointment: string;
}

/** 409 naming `start`: the slot was taken or is no longer open, so the times are looked up again. */
export function isSlotGone(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.field === 'start';
}

const bookingKey = ['self-booking'] as const;

const noClientErrorRetry = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

export function getDirectoryFiltersQueryOptions(practiceId: number | undefined) {
  return queryOptions({
    queryKey: [...bookingKey, 'filters', practiceId ?? null] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: DirectoryFilterOptions }>(apiPaths.booking.directoryFilters, {
        query: { practiceId },
        signal,
      }),
    select: (response) => response.data,
    retry: noClientErrorRetry,
    staleTime: 5 * 60_000,
  });
}

export function useDirectoryFilters(practiceId: number | undefined) {
  return useQuery(getDirectoryFiltersQueryOptions(practiceId));
}

export function getDirectorySearchQueryOptions(search: DirectorySearch) {
  return queryOptions({
    queryKey: [...bookingKey, 'search', search] as const,
    queryFn: ({ signal }) =>
      api.get<DirectoryPage>(apiPaths.booking.directorySearch, {
        query: { ...search, limit: DIRECTORY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: noClientErrorRetry,
  });
}

export function useDirectorySearch(search: DirectorySearch) {
  return useQuery(getDirectorySearchQueryOptions(search));
}

export function getTherapistProfileQueryOptions(therapistId: number) {
  return queryOptions({
    queryKey: [...bookingKey, 'therapist', therapistId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: TherapistProfile & { defaultDurationMinutes: number } }>(
        apiPaths.booking.therapistProfile,
        { query: { therapistId }, signal },
      ),
    select: (response) => response.data,
    retry: noClientErrorRetry,
  });
}

export function useTherapistProfile(therapistId: number) {
  return useQuery({
    ...getTherapistProfileQueryOptions(therapistId),
    enabled: Number.isInteger(therapistId) && therapistId > 0,
  });
}

export interface SlotRequest {
  therapistId: number;
  /** 'YYYY-MM-DD' days on the practice's clocks: [start, end). */
  start: string;
  end: string;
  mode: SlotMode;
}

const slotsKey = [...bookingKey, 'slots'] as const;

export function getSlotsQueryOptions(booker: Booker, request: SlotRequest) {
  return queryOptions({
    queryKey: [...slotsKey, booker, request] as const,
    queryFn: ({ signal }) =>
      api.get<SlotWindow>(
        booker === 'public' ? apiPaths.booking.publicSlots : apiPaths.booking.clientSlots,
        { query: { ...request }, signal },
      ),
    placeholderData: keepPreviousData,
    retry: noClientErrorRetry,
    // Open times change as others book: look again whenever the page is looked at again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useSlots(booker: Booker, request: SlotRequest) {
  return useQuery(getSlotsQueryOptions(booker, request));
}

/** A visitor books a slot on the public page. */
export function usePublicBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlotChoice & VisitorDetails) =>
      api.post<{ data: BookingResult }>(apiPaths.booking.publicBook, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}

export interface ClientTherapist extends TherapistProfile {
  isMyTherapist: boolean;
}

export function getClientTherapistsQueryOptions() {
  return queryOptions({
    queryKey: [...bookingKey, 'client-therapists'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ClientTherapist[]; defaultDurationMinutes: number }>(
        apiPaths.booking.clientTherapists,
        { signal },
      ),
    retry: noClientErrorRetry,
  });
}

export function useClientTherapists() {
  return useQuery(getClientTherapistsQueryOptions());
}

/** A signed-in client books a slot for themselves. */
export function useClientBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlotChoice & { reasonForAppointment?: string }) =>
      api.post<{ data: BookingResult }>(apiPaths.booking.clientBook, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}

export type RequestStatus = 'PENDING' | 'CONFIRMED' | 'DECLINED';

/** What matched between a visitor's request and a client record. */
export type MatchedOn = 'name' | 'dob' | 'email' | 'phone';

/** A client a visitor's request may be from, shown beside the request. */
export interface RequestCandidate {
  clientId: number;
  firstName: string;
  lastName: string;
  dob: string | null;
  email: string | null;
  phone: string | null;
  matchedOn: MatchedOn[];
}

/** One online booking in the staff list. */
export interface BookingRequestRow {
  requestId: number;
  status: RequestStatus;
  createdAt: string;
  therapistId: number;
  therapistName: string;
  start: string;
  end: string;
  isTelehealth: boolean;
  location: { id: number; name: string } | null;
  /** Set once staff confirm it (at once for a signed-in client's own booking). */
  clientId: number | null;
  clientChoice: 'new' | 'existing' | 'portal' | null;
  /** A visitor's pending request: staff say whether it is a new or an existing client. */
  needsClientChoice: boolean;
  /** A client the caller may not see: only the name is given. */
  detailsHidden: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dob: string | null;
  reasonForAppointment: string | null;
  candidates: RequestCandidate[];
  calendarEventId: number | null;
  appointmentCancelled: boolean;
  decidedAt: string | null;
  decidedByName: string | null;
  declineReason: string | null;
  viaPortal: boolean;
}

export interface BookingRequestsPage {
  data: BookingRequestRow[];
  hasMore: boolean;
  limit: number;
  offset: number;
  timezone: string;
}

const requestsKey = [...bookingKey, 'requests'] as const;

export function getBookingRequestsQueryOptions(request: {
  status: RequestStatus;
  limit: number;
  offset: number;
}) {
  return queryOptions({
    queryKey: [...requestsKey, request] as const,
    queryFn: ({ signal }) =>
      api.get<BookingRequestsPage>(apiPaths.booking.requests, { query: { ...request }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingRequests(request: {
  status: RequestStatus;
  limit: number;
  offset: number;
}) {
  return useQuery(getBookingRequestsQueryOptions(request));
}

/** Who a confirmed request is for: a new client, an existing one, or (signed-in client) their own. */
export type ConfirmChoice = { newClient: true } | { clientId: number } | Record<string, never>;

/** Confirms or declines a request; the list reloads either way (someone else may have answered). */
export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { requestId: number; decision: 'confirm'; choice: ConfirmChoice }
        | {
            requestId: number;
            decision: 'decline';
            reason?: string;
          },
    ) =>
      input.decision === 'confirm'
        ? api.post<{ data: { status: RequestStatus; clientId: number } }>(
            apiPaths.booking.confirmRequest,
            { requestId: input.requestId, ...input.choice },
          )
        : api.post<{ data: { status: RequestStatus } }>(apiPaths.booking.declineRequest, {
            requestId: input.requestId,
            ...(input.reason ? { reason: input.reason } : {}),
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}

export interface BookingSettings {
  practiceId: number;
  selfBookingMode: 'instant' | 'request';
  publicDirectoryEnabled: boolean;
}

const settingsKey = [...bookingKey, 'settings'] as const;

export function getBookingSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      api.get<{ data: BookingSettings }>(apiPaths.booking.settings, { signal }),
    select: (response) => response.data,
  });
}

export function useBookingSettings() {
  return useQuery(getBookingSettingsQueryOptions());
}

export function useUpdateBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<Omit<BookingSettings, 'practiceId'>>) =>
      api.post<{ data: BookingSettings }>(apiPaths.booking.settings, input),
    onSuccess: (response) => {
      queryClient.setQueryData(settingsKey, response);
    },
  });
}
