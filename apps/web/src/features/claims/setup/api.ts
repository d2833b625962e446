import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type { getClaimSetup, saveClaimSetup } from '@openpractice/contracts/claims/setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { claimsApi } from '../../../config/paths/api-claims';
import { api } from '../../../lib/api-client';

export type ClaimSetup = ResponseOf<typeof getClaimSetup>['data'];
export type SaveClaimSetupInput = BodyOf<typeof saveClaimSetup>;

const setupKey = ['claims', 'setup'] as const;

export function useClaimSetup() {
  return useQuery({
    queryKey: setupKey,
    queryFn: ({ signal }) => api.get<ResponseOf<typeof getClaimSetup>>(claimsApi.setup, { signal }),
    select: (answer) => answer.data,
  });
}

export function useSaveClaimSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveClaimSetupInput) =>
      api.put<ResponseOf<typeof saveClaimSetup>>(claimsApi.setup, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(setupKey, answer);
    },
  });
}
