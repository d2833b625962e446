import type { ResponseOf } from '@openpractice/contracts';
import type { listClientRecords } from '@openpractice/contracts/charting/records';
import type { getSummary, listTherapists } from '@openpractice/contracts/clients/profile/details';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../../config/paths';
import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';
import { chartingKeys, type RecordsQuery } from './keys';

const paths = chartingApi.charting;

export type RecordsPage = ResponseOf<typeof listClientRecords>;
export type RecordRow = RecordsPage['data'][number];
export type { RecordsQuery } from './keys';

export function getClientRecordsQueryOptions(patientId: number, query: RecordsQuery) {
  return queryOptions({
    queryKey: chartingKeys.recordsPage(patientId, query),
    queryFn: ({ signal }) =>
      api.get<RecordsPage>(paths.clientRecords(patientId), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The client's notes and addenda, newest session first, a page at a time. */
export function useClientRecords(patientId: number, query: RecordsQuery) {
  return useQuery(getClientRecordsQueryOptions(patientId, query));
}

export type ClientTherapist = ResponseOf<typeof listTherapists>['data'][number];

/** The client's therapists, past ones too (the records list filters by them). */
export function useClientTherapists(patientId: number) {
  return useQuery({
    queryKey: [...chartingKeys.client(patientId), 'therapists'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listTherapists>>(apiPaths.clientProfile.therapists, {
        query: { patientId, onlyActiveTherapists: 'false' },
        signal,
      }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}

/** Who the client is, for the records page's heading. */
export function useClientSummary(patientId: number) {
  return useQuery({
    queryKey: [...chartingKeys.client(patientId), 'summary'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getSummary>>(apiPaths.clientLists.clientSummary, {
        query: { patientId },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
