import type { ResponseOf } from '@openpractice/contracts';
import type { assumeAgentIdentity, listAgentIdentities } from '@openpractice/contracts/agents';
import type {
  getTherapistAppointmentsByExternalAgent,
  listTherapistsByExternalAgent,
} from '@openpractice/contracts/calendar/agent-view';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { failureOf } from '../../lib/api-errors';

const paths = apiPaths.calendar;

/** The spec's message when assuming fails (spec-1 §8 Identity). */
export const ASSUME_AGENT_FAILED_MESSAGE = 'Unable to assume agent identity.';
/** spec-1 §8 Calendar, shown for 5 seconds. */
export const AGENT_APPOINTMENTS_FAILED_MESSAGE =
  "We couldn't load appointments. Please reload to try again.";

export type AgentIdentity = ResponseOf<typeof listAgentIdentities>['data'][number];

export const agentKeys = {
  all: ['agent-calendar'] as const,
  identities: () => [...agentKeys.all, 'identities'] as const,
  therapists: () => [...agentKeys.all, 'therapists'] as const,
  appointments: (date: string) => [...agentKeys.all, 'appointments', date] as const,
};

export function useAgentIdentities(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.identities(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listAgentIdentities>>(paths.agentIdentities, { signal }),
    select: (response) => response.data,
    enabled,
  });
}

export function useAssumeAgentIdentity() {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ResponseOf<typeof assumeAgentIdentity>>(paths.assumeAgentIdentity, { id }),
  });
}

export type AgentTherapists = ResponseOf<typeof listTherapistsByExternalAgent>['data'];

/** 403 when the session does not act as an external agent (yet): the page then offers the identities. */
export function useAgentTherapists() {
  return useQuery({
    queryKey: agentKeys.therapists(),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listTherapistsByExternalAgent>>(paths.agentTherapists, { signal }),
    select: (response) => response.data,
    retry: (count, error) => failureOf(error) !== 'forbidden' && count < 2,
  });
}

export function getAgentAppointmentsQueryOptions(date: string) {
  return queryOptions({
    queryKey: agentKeys.appointments(date),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getTherapistAppointmentsByExternalAgent>>(paths.agentAppointments, {
        query: { date },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}
