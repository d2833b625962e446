import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** What the lobby reads of an appointment's details (GET getAppointmentDetails/{id}/0). */
export interface LobbyAppointment {
  calendar_event_id: number;
  clientName: string;
  start: string;
  end: string;
  timezone: string;
  therapistName: string;
  isTeletherapy: boolean;
  isCancelled: boolean;
  teletherapy: {
    message: string;
    isReady: boolean;
    status: 'before' | 'open' | 'ended' | 'cancelled';
    opensAt: string;
    closesAt: string;
    roomUrl: string | null;
    roomConfigured: boolean;
  } | null;
}

export function getLobbyQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['telehealth-lobby', eventId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: LobbyAppointment }>(apiPaths.calendar.appointmentDetails(eventId, 0), {
        signal,
      }),
    select: (response) => response.data,
    staleTime: 60_000,
  });
}

export function useLobbyAppointment(eventId: number) {
  return useQuery({ ...getLobbyQueryOptions(eventId), enabled: eventId > 0 });
}
