import type { ResponseOf } from '@openpractice/contracts';
import type { listClaims } from '@openpractice/contracts/claims/claims';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { claimsApi } from '../../../config/paths/api-claims';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../config/paths/with-query';

export type ClaimListPage = ResponseOf<typeof listClaims>['data'];
export type ClaimListRow = ClaimListPage['rows'][number];
export type ClaimProblemRow = ClaimListRow['problems'][number];
/** The lists these pages show (the others come with submission, issue 20 item 6). */
export type ClaimListStatus = 'readyToSubmit' | 'scrubProblem';

/** One page of a status's claims; the server scrubs unsent claims again before answering. */
export function useClaimList(status: ClaimListStatus, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['claims', 'list', status, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listClaims>>(
        withQuery(claimsApi.list(status), {
          limit: String(pageSize),
          offset: String(page * pageSize),
        }),
        { signal },
      ),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}
