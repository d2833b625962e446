import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

const paths = apiPaths.calendar;

export interface ProductChoice {
  productId: number;
  name: string;
  /** The CPT code. */
  sku: string;
}

export interface AppointmentAttendee {
  calendarEventAttendeeId: number;
  patientId: number;
  fullName: string;
  isPatient: boolean;
  isGroup: boolean;
  attended: boolean;
  notAttended: boolean;
  attendanceUnknown: boolean;
  noShow: boolean;
  accountInvoiceId: number | null;
  productId: number | null;
  product: ProductChoice | null;
  /** ISO instant, or null when not checked in. */
  checkedInTime: string | null;
  isCharted: boolean;
  patientChartId: number | null;
}

export type LobbyState = 'before' | 'open' | 'ended' | 'cancelled';

export interface Teletherapy {
  /** The in-app lobby (a full address under /n). */
  url: string;
  title: string;
  message: string;
  isReady: boolean;
  status: LobbyState;
  opensAt: string;
  closesAt: string;
  /** The practice's video room, or null when none is connected. */
  roomUrl: string | null;
  roomConfigured: boolean;
}

export interface AppointmentDetails {
  calendar_event_id: number;
  calendarEventAttendeeId: number | null;
  /** The client, or the group for a group appointment. */
  clientId: number | null;
  clientName: string;
  start: string;
  end: string;
  allDay: boolean;
  /** The practice's IANA zone: times are shown on its clocks. */
  timezone: string;
  therapistId: number;
  therapistName: string;
  therapistOffersTelehealth: boolean;
  locationId: number | null;
  locationName: string | null;
  isTeletherapy: boolean;
  telehealthPos: string | null;
  product: ProductChoice | null;
  series_id: number | null;
  attendees: AppointmentAttendee[];
  group: { userId: number; name: string; missingGroupInitials: boolean } | null;
  isCancelled: boolean;
  cancelledDate: string | null;
  cancelledBy: string | null;
  cancelledReason: string | null;
  isCharted: boolean;
  /** The caller may change the calendar (attendance, check-in, cancel, edit). */
  canChange: boolean;
  teletherapy: Teletherapy | null;
  productOptions: (ProductChoice & { durationMinutes: number; isTelehealth: boolean })[];
  locationOptions: { id: number; name: string; isDefault: boolean }[];
}

export interface MeetingDetails {
  calendar_event_id: number;
  therapistId: number;
  therapistName: string;
  type: 'meeting' | 'out_of_office' | 'holiday';
  name: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
  timezone: string;
  cancelled: boolean;
  /** Not a holiday, not cancelled, and the caller may change the calendar. */
  editable: boolean;
}

export interface GroupAttendeeProducts {
  attended: ProductChoice[];
  notAttended: ProductChoice[];
  groupDefault: ProductChoice[];
}

export type SeriesScope = 'this' | 'following' | 'series';

export const detailsKeys = {
  all: ['calendar-details'] as const,
  appointment: (eventId: number, attendeeId: number) =>
    [...detailsKeys.all, 'appointment', eventId, attendeeId] as const,
  meeting: (eventId: number) => [...detailsKeys.all, 'meeting', eventId] as const,
  groupProducts: (groupId: number, therapistId: number) =>
    [...detailsKeys.all, 'group-products', groupId, therapistId] as const,
};

export function getAppointmentDetailsQueryOptions(eventId: number, attendeeId: number) {
  return queryOptions({
    queryKey: detailsKeys.appointment(eventId, attendeeId),
    queryFn: ({ signal }) =>
      api.get<{ data: AppointmentDetails }>(paths.appointmentDetails(eventId, attendeeId), {
        signal,
      }),
    select: (response) => response.data,
    staleTime: 0,
  });
}

/** `attendeeId` 0: the appointment as a whole (the lobby, a group without attendees). */
export function useAppointmentDetails(eventId: number, attendeeId: number, enabled = true) {
  return useQuery({ ...getAppointmentDetailsQueryOptions(eventId, attendeeId), enabled });
}

export function getMeetingDetailsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: detailsKeys.meeting(eventId),
    queryFn: ({ signal }) =>
      api.get<{ data: MeetingDetails }>(paths.meetingDetails(eventId), { signal }),
    select: (response) => response.data,
    staleTime: 0,
  });
}

export function useMeetingDetails(eventId: number, enabled = true) {
  return useQuery({ ...getMeetingDetailsQueryOptions(eventId), enabled });
}

export function useGroupAttendeeProducts(group: { groupId: number; therapistId: number } | null) {
  return useQuery({
    queryKey: detailsKeys.groupProducts(group?.groupId ?? 0, group?.therapistId ?? 0),
    queryFn: () =>
      api.post<{ data: GroupAttendeeProducts }>(paths.groupAttendeeProducts, {
        groupId: group?.groupId,
        therapistId: group?.therapistId,
      }),
    select: (response) => response.data,
    enabled: group !== null,
    staleTime: 60_000,
  });
}

export interface SaveAttendanceInput {
  attendeeId: number;
  attended: boolean;
  noShow: boolean;
  productId: number | null;
}

/** The legacy call's query string (spec-1 §7): 1/0 flags, an empty product keeps the current one. */
export function saveAttendanceQuery(input: SaveAttendanceInput) {
  return {
    calendar_event_attendee_id: input.attendeeId,
    calendar_event_attendee_attended: input.attended ? 1 : 0,
    product_id: input.productId ?? '',
    calendar_event_attendee_noShow: !input.attended && input.noShow ? 1 : 0,
  };
}

export type ResetAnswer = { status: 'saved' } | { status: 'not-removed'; message: string };

/** Every change of an event: details are refetched; the calendar refetches through onChanged. */
function useDetailsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: detailsKeys.all }),
  });
}

export function useSaveAttendance() {
  return useDetailsMutation((input: SaveAttendanceInput) =>
    api.post<{ status: 'saved'; account_invoice_id: number | null }>(
      paths.saveAttendance,
      undefined,
      { query: saveAttendanceQuery(input) },
    ),
  );
}

export function useResetAttendance() {
  return useDetailsMutation((attendeeId: number) =>
    api.post<ResetAnswer>(paths.resetAttendance, undefined, {
      query: { calendar_event_attendee_id: attendeeId },
    }),
  );
}

export function useToggleCheckIn() {
  return useDetailsMutation((input: { calendarEventId: number; patientId: number }) =>
    api.post<{ data: { checkedInTime: string | null } }>(paths.toggleCheckedIn, input),
  );
}

export function useCancelEvent() {
  return useDetailsMutation((input: { id: number; reason: string; scope: SeriesScope }) =>
    api.post<{ message?: string; data: { calendar_event_ids: number[] } }>(paths.cancel, input),
  );
}

export interface UpdateAppointmentInput {
  calendar_event_id: number;
  scope: SeriesScope;
  practiceLocationId: number | null;
  isTeletherapy: boolean;
  teletherapyPos: string | null;
  /** Absent: the service stays as it is. */
  productId?: number;
  duration: number;
}

export function useUpdateAppointment() {
  return useDetailsMutation((input: UpdateAppointmentInput) =>
    api.post<{ data: { calendar_event_ids: number[] } }>(paths.updateAppointment, input),
  );
}

export interface UpdateMeetingInput {
  calendar_event_id: number;
  eventName: string;
  startDateTime: string;
  duration: number;
  allDay: boolean;
}

export function useUpdateMeeting() {
  return useDetailsMutation((input: UpdateMeetingInput) =>
    api.post<{ data: MeetingDetails }>(paths.updateMeeting, input),
  );
}

export function useDeleteMeeting() {
  return useDetailsMutation((eventId: number) =>
    api.post<{ status: 'success' }>(paths.deleteMeeting, { calendar_event_id: eventId }),
  );
}
