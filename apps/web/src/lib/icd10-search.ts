import type { ResponseOf } from '@openpractice/contracts';
import type { searchIcd10 } from '@openpractice/contracts/clients/profile/clinical';
import { useQuery } from '@tanstack/react-query';

import { apiPaths } from '../config/paths';
import { api } from './api-client';

export type Icd10Code = ResponseOf<typeof searchIcd10>['data'][number];

/**
 * ICD-10-CM codes by code prefix or words of the description; nothing for blank text.
 * One cache key for every screen: the code list is the same wherever it is searched.
 */
export function useIcd10Search(q: string) {
  return useQuery({
    queryKey: ['icd10', q] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof searchIcd10>>(apiPaths.icd10Search, { query: { q }, signal }),
    select: (response) => response.data,
    enabled: q.trim() !== '',
    staleTime: 5 * 60_000,
  });
}
