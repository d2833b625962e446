import type { ResponseOf } from '@openpractice/contracts';
import type { getClaimHistory } from '@openpractice/contracts/claims/history';
import { useQuery } from '@tanstack/react-query';

import { claimsApi } from '../../../config/paths/api-claims';
import { api } from '../../../lib/api-client';

export type ClaimHistory = ResponseOf<typeof getClaimHistory>['data'];
export type ClaimHistoryVersion = ClaimHistory['versions'][number];

/** One claim's versions and event log (the billing role's). */
export function useClaimHistory(claimId: number | null) {
  return useQuery({
    queryKey: ['claims', 'history', claimId],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getClaimHistory>>(claimsApi.history(claimId ?? 0), { signal }),
    select: (answer) => answer.data,
    enabled: claimId !== null,
  });
}
