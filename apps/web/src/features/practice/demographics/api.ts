import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getPracticeDemographicSetting,
  savePracticeDemographicSetting,
} from '@openpractice/contracts/practice/demographics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type DemographicSettingsMap = ResponseOf<typeof getPracticeDemographicSetting>['data'];
export type DemographicSettingsInput = BodyOf<typeof savePracticeDemographicSetting>['settings'];

/** The same key as the client profile's demographics tab: a save refreshes what it shows. */
const settingsKey = ['practice', 'demographicSettings'] as const;

export function usePracticeDemographicSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPracticeDemographicSetting>>(
        apiPaths.practiceDemographicSettings,
        { signal },
      ),
    select: (response) => response.data,
  });
}

export function useSaveDemographicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DemographicSettingsInput) =>
      api.post<ResponseOf<typeof savePracticeDemographicSetting>>(
        apiPaths.savePracticeDemographicSettings,
        { settings },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
