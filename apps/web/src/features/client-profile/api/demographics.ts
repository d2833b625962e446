import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { practiceListKeys, type Unchanged } from './keys';
import { useUpdateCachedProfile } from './profile';

const paths = apiPaths.clientProfile;

export interface DemographicSetting {
  label: string;
  /** 'OFF' means the practice does not collect it (spec-2 §3). */
  value: string;
}

export const DEMOGRAPHIC_OFF = 'OFF';

export function getDemographicSettingsQueryOptions() {
  return queryOptions({
    queryKey: practiceListKeys.demographicSettings,
    queryFn: ({ signal }) =>
      api.get<{ data: Record<string, DemographicSetting> }>(paths.demographicSettings, { signal }),
    select: (response) => response.data,
  });
}

export function useDemographicSettings() {
  return useQuery(getDemographicSettingsQueryOptions());
}

export type DemographicsResult =
  Unchanged | { status: 'saved'; demographics: Record<string, string | null> };

export function useUpdateDemographics(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (changes: { field: string; value: string | null }[]) =>
      api.post<DemographicsResult>(paths.updateDemographics, {
        patientId,
        demographics: changes,
      }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      updateProfile((profile) => ({ ...profile, demographics: result.demographics }));
    },
  });
}
