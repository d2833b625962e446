import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

export { INACTIVITY_LOCKOUT_MAX_MINUTES } from '@openpractice/domain';

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
