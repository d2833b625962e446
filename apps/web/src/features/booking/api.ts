import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import type { BodyOf, QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  directoryFilters,
  getTherapistProfile,
  searchDirectory,
} from '@openpractice/contracts/booking/directory';
import type {
  confirmRequest,
  declineRequest,
  listRequests,
} from '@openpractice/contracts/booking/requests';
import type {
  clientBook,
  clientSlots,
  clientTherapists,
  publicBook,
  publicSlots,
} from '@openpractice/contracts/booking/self-booking';
import type {
  getBookingSettings,
  updateBookingSettings,
} from '@openpractice/contracts/booking/settings';

import { apiPaths } from '../../config/paths';
import { api, ApiError } from '../../lib/api-client';
import { refreshNavigationCounts } from '../../lib/navigation-query';

/** A listed therapist as the public directory shows them. */
export type TherapistProfile = ResponseOf<typeof searchDirectory>['data'][number];
/** An office a therapist can be booked at online. */
export type DirectoryLocation = TherapistProfile['locations'][number];
export type DirectoryFilterOptions = ResponseOf<typeof directoryFilters>['data'];

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

type SlotWindow = ResponseOf<typeof publicSlots>;
export type BookableSlot = SlotWindow['data'][number];
export type SlotMode = NonNullable<QueryOf<typeof publicSlots>['mode']>;
export type BookingMode = NonNullable<BodyOf<typeof publicBook>['mode']>;

/** Who looks up and books: a visitor of the public pages, or a signed-in client. */
export type Booker = 'public' | 'client';

export type BookingResult = ResponseOf<typeof publicBook>['data'];

/** The slot a booking asks for: the browser always names its end and mode. */
type SlotChoice = Required<
  Pick<BodyOf<typeof publicBook>, 'therapistId' | 'start' | 'end' | 'mode' | 'idempotencyKey'>
>;

type VisitorDetails = Omit<BodyOf<typeof publicBook>, keyof SlotChoice | 'duration'>;

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
      api.get<ResponseOf<typeof directoryFilters>>(apiPaths.booking.directoryFilters, {
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
      api.get<ResponseOf<typeof searchDirectory>>(apiPaths.booking.directorySearch, {
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
      api.get<ResponseOf<typeof getTherapistProfile>>(apiPaths.booking.therapistProfile, {
        query: { therapistId },
        signal,
      }),
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

/** Open slots of one therapist in `start`–`end` ('YYYY-MM-DD' days on the practice's clocks). */
export type SlotRequest = { therapistId: number } & Required<
  Pick<QueryOf<typeof publicSlots>, 'start' | 'end' | 'mode'>
>;

const slotsKey = [...bookingKey, 'slots'] as const;

export function getSlotsQueryOptions(booker: Booker, request: SlotRequest) {
  return queryOptions({
    queryKey: [...slotsKey, booker, request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof publicSlots | typeof clientSlots>>(
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
      api.post<ResponseOf<typeof publicBook>>(apiPaths.booking.publicBook, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}

export type ClientTherapist = ResponseOf<typeof clientTherapists>['data'][number];

export function getClientTherapistsQueryOptions() {
  return queryOptions({
    queryKey: [...bookingKey, 'client-therapists'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof clientTherapists>>(apiPaths.booking.clientTherapists, { signal }),
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
    mutationFn: (input: SlotChoice & Pick<BodyOf<typeof clientBook>, 'reasonForAppointment'>) =>
      api.post<ResponseOf<typeof clientBook>>(apiPaths.booking.clientBook, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}

type BookingRequestsPage = ResponseOf<typeof listRequests>;
/** One online booking in the staff list. */
export type BookingRequestRow = BookingRequestsPage['data'][number];
export type RequestStatus = BookingRequestRow['status'];
/** A client a visitor's request may be from, shown beside the request. */
export type RequestCandidate = BookingRequestRow['candidates'][number];
/** What matched between a visitor's request and a client record. */
export type MatchedOn = RequestCandidate['matchedOn'][number];

const requestsKey = [...bookingKey, 'requests'] as const;

export function getBookingRequestsQueryOptions(request: {
  status: RequestStatus;
  limit: number;
  offset: number;
}) {
  return queryOptions({
    queryKey: [...requestsKey, request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listRequests>>(apiPaths.booking.requests, {
        query: { ...request },
        signal,
      }),
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

/**
 * Confirms or declines a request; the list and the menu's pending count
 * reload either way (someone else may have answered).
 */
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
    ): Promise<ResponseOf<typeof confirmRequest> | ResponseOf<typeof declineRequest>> =>
      input.decision === 'confirm'
        ? api.post<ResponseOf<typeof confirmRequest>>(apiPaths.booking.confirmRequest, {
            requestId: input.requestId,
            ...input.choice,
          })
        : api.post<ResponseOf<typeof declineRequest>>(apiPaths.booking.declineRequest, {
            requestId: input.requestId,
            ...(input.reason ? { reason: input.reason } : {}),
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsKey }),
        refreshNavigationCounts(queryClient),
      ]),
  });
}

export type BookingSettings = ResponseOf<typeof getBookingSettings>['data'];

const settingsKey = [...bookingKey, 'settings'] as const;

export function getBookingSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getBookingSettings>>(apiPaths.booking.settings, { signal }),
    select: (response) => response.data,
  });
}

export function useBookingSettings() {
  return useQuery(getBookingSettingsQueryOptions());
}

export function useUpdateBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof updateBookingSettings>) =>
      api.post<ResponseOf<typeof updateBookingSettings>>(apiPaths.booking.settings, input),
    onSuccess: (response) => {
      queryClient.setQueryData(settingsKey, response);
    },
  });
}
