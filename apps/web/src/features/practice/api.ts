import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  listPracticeSettings,
  updatePracticeSettings,
} from '@openpractice/contracts/practice';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

export { INACTIVITY_LOCKOUT_MAX_MINUTES } from '@openpractice/domain';

export type PracticeSettings = ResponseOf<typeof listPracticeSettings>['data'];
export type PracticeSettingsInput = BodyOf<typeof updatePracticeSettings>;

const practiceSettingsKey = ['practice', 'settings'] as const;

export function getPracticeSettingsQueryOptions() {
  return queryOptions({
    queryKey: practiceSettingsKey,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPracticeSettings>>(apiPaths.practiceSettings, { signal }),
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
      api.put<ResponseOf<typeof updatePracticeSettings>>(apiPaths.updatePracticeSettings, input),
    onSuccess: (response) => {
      queryClient.setQueryData(practiceSettingsKey, response);
    },
  });
}
