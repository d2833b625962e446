import type { AgentAppointment, ExternalAgentTherapist } from '@openpractice/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api, ApiError } from '../../lib/api-client';

const paths = apiPaths.calendar;

/** The spec's message when assuming fails (spec-1 §8 Identity). */
export const ASSUME_AGENT_FAILED_MESSAGE = 'Unable to assume agent identity.';
/** spec-1 §8 Calendar, shown for 5 seconds. */
export const AGENT_APPOINTMENTS_FAILED_MESSAGE =
  "We couldn't load appointments. Please reload to try again.";

export interface AgentIdentity {
  id: number;
  practiceId: number;
  practiceName: string;
}

export const agentKeys = {
  all: ['agent-calendar'] as const,
  identities: () => [...agentKeys.all, 'identities'] as const,
  therapists: () => [...agentKeys.all, 'therapists'] as const,
  appointments: (date: string) => [...agentKeys.all, 'appointments', date] as const,
};

export function useAgentIdentities(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.identities(),
    queryFn: ({ signal }) => api.get<{ data: AgentIdentity[] }>(paths.agentIdentities, { signal }),
    select: (response) => response.data,
    enabled,
  });
}

export function useAssumeAgentIdentity() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ status: 'ok' }>(paths.assumeAgentIdentity, { id }),
  });
}

export interface AgentTherapists {
  therapists: ExternalAgentTherapist[];
  /** The practice the agent acts for now. */
  current_practice_id: number;
}

/** 403 when the session does not act as an external agent (yet): the page then offers the identities. */
export function useAgentTherapists() {
  return useQuery({
    queryKey: agentKeys.therapists(),
    queryFn: ({ signal }) => api.get<{ data: AgentTherapists }>(paths.agentTherapists, { signal }),
    select: (response) => response.data,
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
}

export function getAgentAppointmentsQueryOptions(date: string) {
  return queryOptions({
    queryKey: agentKeys.appointments(date),
    queryFn: ({ signal }) =>
      api.get<{
        data: {
          week: { start: string; end: string };
          /** The current practice's zone: times show on its clock. */
          timezone: string;
          appointments: AgentAppointment[];
        };
      }>(paths.agentAppointments, { query: { date }, signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}
