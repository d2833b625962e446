import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { getPracticeInfo, savePracticeInfo } from '@openpractice/contracts/practice/info';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type PracticeInfo = ResponseOf<typeof getPracticeInfo>['data'];
export type PracticeInfoInput = BodyOf<typeof savePracticeInfo>;

const infoKey = ['practice', 'info'] as const;

export function usePracticeInfo() {
  return useQuery({
    queryKey: infoKey,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getPracticeInfo>>(apiPaths.practiceInfo, { signal }),
    select: (response) => response.data,
  });
}

export function useSavePracticeInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PracticeInfoInput) =>
      api.post<ResponseOf<typeof savePracticeInfo>>(apiPaths.practiceInfo, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(infoKey, answer);
      // The practice's name is also in the settings heading.
      void queryClient.invalidateQueries({ queryKey: ['practice', 'settings'] });
    },
  });
}
