import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  listEraProblems,
  listEras,
  resolveEraProblem,
  uploadEra,
} from '@openpractice/contracts/claims/era';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { claimsApi } from '../../../config/paths/api-claims';
import { withQuery } from '../../../config/paths/with-query';
import { api } from '../../../lib/api-client';

export type EraUploadResult = ResponseOf<typeof uploadEra>['data'];
export type EraProblemPage = ResponseOf<typeof listEraProblems>['data'];
export type EraProblemRow = EraProblemPage['rows'][number];
export type EraFilePage = ResponseOf<typeof listEras>['data'];
export type EraFileRow = EraFilePage['rows'][number];
export type EraProblemResolution = BodyOf<typeof resolveEraProblem>;

/** Posts an 835's text; the server answers what it posted (or had posted) and any problems. */
export function useUploadEra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof uploadEra>) =>
      api.post<ResponseOf<typeof uploadEra>>(claimsApi.era, body),
    // An ERA changes clients' ledgers and balances, the payment reports and the claim lists:
    // every cached read may be stale, so all are read again when next shown.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** One page of problemERA, newest first. */
export function useEraProblems(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['claims', 'eraProblems', page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listEraProblems>>(
        withQuery(claimsApi.eraProblems, {
          limit: String(pageSize),
          offset: String(page * pageSize),
        }),
        { signal },
      ),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/** One page of the ERAs received, newest first. */
export function useEraFiles(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['claims', 'eraFiles', page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listEras>>(
        withQuery(claimsApi.era, { limit: String(pageSize), offset: String(page * pageSize) }),
        { signal },
      ),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/** Says what became of a problemERA row; the claim lists and problems are read again. */
export function useResolveEraProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ problemId, ...body }: EraProblemResolution & { problemId: number }) =>
      api.post<ResponseOf<typeof resolveEraProblem>>(claimsApi.eraProblemResolve(problemId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['claims'] }),
  });
}
