import type { IntakeSortKey, SortDirection } from '@openpractice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** One new client, as both intake lists answer it. */
export interface IntakeRow {
  patientId: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  /** Already formatted: 'C000001234'. */
  accountNumber: string;
  therapistNames: string[];
  /** ISO date-time. */
  createdAt: string;
  /** ISO date the client was added, in the practice's time zone. */
  addedOn: string;
  daysSinceAdded: number;
  /** ISO date or date-time of the first appointment; null: none yet. */
  firstAppointment: string | null;
}

export interface IntakePage {
  data: IntakeRow[];
  total: number;
  limit: number;
  offset: number;
  days: number;
  /** The first day of the window, ISO. */
  since: string;
}

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
      api.get<IntakePage>(apiPaths.clientLists.newClientsWithAppointments, {
        query: { ...request },
        signal,
      }),
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
      api.post<IntakePage>(apiPaths.clientLists.newClientsWithoutAppointments, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNewClientsWithoutAppointments(request: WithoutAppointmentsRequest) {
  return useQuery(getNewClientsWithoutAppointmentsQueryOptions(request));
}
