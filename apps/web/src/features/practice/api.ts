import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/**
 * The longest inactivity lock a practice may choose (a working day), as the
 * server's `PUT /api/practice/settings` accepts. 0 turns the lock off.
 * TODO(lead): move to packages/domain so server and web share the number.
 */
export const INACTIVITY_LOCKOUT_MAX_MINUTES = 480;

export interface PracticeSettings {
  practiceName: string;
  timezone: string;
  inactivityLockoutMinutes: number;
  features: Record<string, unknown>;
}

export interface PracticeSettingsInput {
  inactivityLockoutMinutes: number;
}

const practiceSettingsKey = ['practice', 'settings'] as const;

export function getPracticeSettingsQueryOptions() {
  return queryOptions({
    queryKey: practiceSettingsKey,
    queryFn: ({ signal }) =>
      api.get<{ data: PracticeSettings }>(apiPaths.practiceSettings, { signal }),
    select: (response) => response.data,
  });
}

export function usePracticeSettings() {
  return useQuery(getPracticeSettingsQueryOptions());
}

/** Saves the settings and keeps the cached copy in step. */
export function useUpdatePracticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PracticeSettingsInput) =>
      api.put<{ data: PracticeSettings }>(apiPaths.updatePracticeSettings, input),
    onSuccess: (response) => {
      queryClient.setQueryData(practiceSettingsKey, response);
    },
  });
}
