import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  getChartingSettings,
  saveChartingSettings,
} from '@openpractice/contracts/charting/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';

export type ChartingSettings = ResponseOf<typeof getChartingSettings>['data'];

const settingsKey = ['charting', 'settings'] as const;

export function useChartingSettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsKey,
      queryFn: ({ signal }) =>
        api.get<ResponseOf<typeof getChartingSettings>>(chartingApi.charting.settings, { signal }),
      select: (response) => response.data,
    }),
  );
}

export function useSaveChartingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof saveChartingSettings>) =>
      api.put<ResponseOf<typeof saveChartingSettings>>(chartingApi.charting.settings, input),
    onSuccess: (response) => {
      queryClient.setQueryData(settingsKey, response);
    },
  });
}
