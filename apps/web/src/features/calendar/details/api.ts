import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  deleteMeeting,
  getAppointmentDetails,
  getMeetingDetails,
  getProductsForGroupAttendee,
  resetAttendance,
  saveAttendance,
  togglePatientCheckedIn,
  updateMeeting,
} from '@openpractice/contracts/calendar/details';
import type { cancelEvent } from '@openpractice/contracts/calendar/events';
import type { updateAppointment } from '@openpractice/contracts/calendar/series';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const paths = apiPaths.calendar;

export type AppointmentDetails = ResponseOf<typeof getAppointmentDetails>['data'];
export type AppointmentAttendee = AppointmentDetails['attendees'][number];
export type ProductChoice = NonNullable<AppointmentDetails['product']>;
export type Teletherapy = NonNullable<AppointmentDetails['teletherapy']>;
export type LobbyState = Teletherapy['status'];
export type MeetingDetails = ResponseOf<typeof getMeetingDetails>['data'];
export type GroupAttendeeProducts = ResponseOf<typeof getProductsForGroupAttendee>['data'];
export type SeriesScope = NonNullable<BodyOf<typeof cancelEvent>['scope']>;

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
      api.get<ResponseOf<typeof getAppointmentDetails>>(
        paths.appointmentDetails(eventId, attendeeId),
        {
          signal,
        },
      ),
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
      api.get<ResponseOf<typeof getMeetingDetails>>(paths.meetingDetails(eventId), { signal }),
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
      api.post<ResponseOf<typeof getProductsForGroupAttendee>>(paths.groupAttendeeProducts, {
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
  } satisfies QueryOf<typeof saveAttendance>;
}

export type ResetAnswer = ResponseOf<typeof resetAttendance>;

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
    api.post<ResponseOf<typeof saveAttendance>>(paths.saveAttendance, undefined, {
      query: saveAttendanceQuery(input),
    }),
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
  return useDetailsMutation((input: BodyOf<typeof togglePatientCheckedIn>) =>
    api.post<ResponseOf<typeof togglePatientCheckedIn>>(paths.toggleCheckedIn, input),
  );
}

export function useCancelEvent() {
  return useDetailsMutation((input: BodyOf<typeof cancelEvent>) =>
    api.post<ResponseOf<typeof cancelEvent>>(paths.cancel, input),
  );
}

export type UpdateAppointmentInput = BodyOf<typeof updateAppointment>;

export function useUpdateAppointment() {
  return useDetailsMutation((input: UpdateAppointmentInput) =>
    api.post<ResponseOf<typeof updateAppointment>>(paths.updateAppointment, input),
  );
}

export type UpdateMeetingInput = BodyOf<typeof updateMeeting>;

export function useUpdateMeeting() {
  return useDetailsMutation((input: UpdateMeetingInput) =>
    api.post<ResponseOf<typeof updateMeeting>>(paths.updateMeeting, input),
  );
}

export function useDeleteMeeting() {
  return useDetailsMutation((eventId: number) =>
    api.post<ResponseOf<typeof deleteMeeting>>(paths.deleteMeeting, { calendar_event_id: eventId }),
  );
}
