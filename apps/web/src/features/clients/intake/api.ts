import type { BodyOf, QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  getNewClients,
  listNewClientsWithAppointments,
} from '@openpractice/contracts/clients/intake';
import type { IntakeSortKey, SortDirection } from '@openpractice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** One new client, as both intake lists answer it. */
export type IntakeRow = ResponseOf<typeof getNewClients>['data'][number];

/** The page's own choices; the window and the context are the server's defaults. */
export interface WithAppointmentsRequest {
  sortBy: IntakeSortKey;
  sortDir: SortDirection;
  limit: number;
  offset: number;
}

export interface WithoutAppointmentsRequest {
  limit: number;
  offset: number;
}

const intakeKey = ['client-intake'] as const;

export function getNewClientsWithAppointmentsQueryOptions(request: WithAppointmentsRequest) {
  return queryOptions({
    queryKey: [...intakeKey, 'with-appointments', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listNewClientsWithAppointments>>(
        apiPaths.clientLists.newClientsWithAppointments,
        { query: { ...request } satisfies QueryOf<typeof listNewClientsWithAppointments>, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useNewClientsWithAppointments(request: WithAppointmentsRequest) {
  return useQuery(getNewClientsWithAppointmentsQueryOptions(request));
}

export function getNewClientsWithoutAppointmentsQueryOptions(request: WithoutAppointmentsRequest) {
  return queryOptions({
    queryKey: [...intakeKey, 'without-appointments', request] as const,
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof getNewClients>>(
        apiPaths.clientLists.newClientsWithoutAppointments,
        request satisfies BodyOf<typeof getNewClients>,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useNewClientsWithoutAppointments(request: WithoutAppointmentsRequest) {
  return useQuery(getNewClientsWithoutAppointmentsQueryOptions(request));
}
