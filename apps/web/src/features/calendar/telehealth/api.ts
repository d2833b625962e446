import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ResponseOf } from '@openpractice/contracts';
import type { getAppointmentDetails } from '@openpractice/contracts/calendar/details';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** What the lobby reads of an appointment's details (GET getAppointmentDetails/{id}/0). */
type AppointmentDetails = ResponseOf<typeof getAppointmentDetails>['data'];
export type LobbyAppointment = Pick<
  AppointmentDetails,
  | 'calendar_event_id'
  | 'clientName'
  | 'start'
  | 'end'
  | 'timezone'
  | 'therapistName'
  | 'isTeletherapy'
  | 'isCancelled'
> & { teletherapy: Omit<NonNullable<AppointmentDetails['teletherapy']>, 'url' | 'title'> | null };

export function getLobbyQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['telehealth-lobby', eventId] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getAppointmentDetails>>(
        apiPaths.calendar.appointmentDetails(eventId, 0),
        {
          signal,
        },
      ),
    select: (response) => response.data,
    staleTime: 60_000,
  });
}

export function useLobbyAppointment(eventId: number) {
  return useQuery({ ...getLobbyQueryOptions(eventId), enabled: eventId > 0 });
}
