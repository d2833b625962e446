import type { ResponseOf } from '@openpractice/contracts';
import type { listClientAppointments } from '@openpractice/contracts/clients/profile/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { clientKeys } from '../api/keys';

export type AppointmentsPage = ResponseOf<typeof listClientAppointments>;
export type ClientAppointment = AppointmentsPage['past'][number];

/** One page: the first (`cursor` null, with what is to come) or the one a cursor names. */
export function fetchAppointmentsPage(
  patientId: number,
  cursor: string | null,
  signal: AbortSignal,
): Promise<AppointmentsPage> {
  return api.get<AppointmentsPage>(apiPaths.clientProfile.appointments, {
    query: { patientId, cursor },
    signal,
  });
}

/**
 * The first page of the client's appointments: what is to come and the latest past ones. The
 * header and the Appointments tab share it, so opening the tab costs no second read (and no
 * second audit row). Later pages are the tab's own (`useLaterAppointments`).
 */
export function useClientAppointments(patientId: number, enabled: boolean) {
  return useQuery({ ...clientAppointmentsQueryOptions(patientId), enabled });
}

/** The first page's query, which the profile's route loader starts before the page renders. */
export function clientAppointmentsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clientKeys.appointments(patientId),
    queryFn: ({ signal }) => fetchAppointmentsPage(patientId, null, signal),
  });
}
