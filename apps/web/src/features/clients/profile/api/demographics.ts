import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { updatePatientDemographic } from '@openpractice/contracts/clients/profile/details';
import type { getPracticeDemographicSetting } from '@openpractice/contracts/clients/profile/demographic-settings';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../../config/paths';
import { api } from '../../../../lib/api-client';
import { practiceListKeys } from './keys';
import { useUpdateCachedProfile } from './profile';

const paths = apiPaths.clientProfile;

/** 'OFF' means the practice does not collect the field (spec-2 §3). */
export const DEMOGRAPHIC_OFF = 'OFF';
export type DemographicSetting = ResponseOf<typeof getPracticeDemographicSetting>['data'][string];

export function getDemographicSettingsQueryOptions() {
  return queryOptions({
    queryKey: practiceListKeys.demographicSettings,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPracticeDemographicSetting>>(paths.demographicSettings, {
        signal,
      }),
    select: (response) => response.data,
  });
}

export function useDemographicSettings() {
  return useQuery(getDemographicSettingsQueryOptions());
}

export function useUpdateDemographics(patientId: number) {
  const updateProfile = useUpdateCachedProfile(patientId);
  return useMutation({
    mutationFn: (changes: BodyOf<typeof updatePatientDemographic>['demographics']) =>
      api.post<ResponseOf<typeof updatePatientDemographic>>(paths.updateDemographics, {
        patientId,
        demographics: changes,
      }),
    onSuccess: (result) => {
      if (result.status !== 'saved') return;
      updateProfile((profile) => ({ ...profile, demographics: result.demographics }));
    },
  });
}
