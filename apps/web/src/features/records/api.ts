import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  checkPrintRecordsStatus,
  findBatchCountTotals,
  printOptions,
  printPatientRecords,
} from '@openpractice/contracts/records/print';

import { recordsApi } from '../../config/paths/api-records';
import { api } from '../../lib/api-client';

/** What the page starts from: the client, the types the caller may print, the therapists. */
export type PrintOptions = ResponseOf<typeof printOptions>['data'];
export type PrintRecordType = PrintOptions['recordTypes'][number];
export type RecordCount = ResponseOf<typeof findBatchCountTotals>['data'][number];
export type PrintFilter = BodyOf<typeof findBatchCountTotals>;
export type PrintRequest = Required<BodyOf<typeof printPatientRecords>>;
export type PrintStatus = ResponseOf<typeof checkPrintRecordsStatus>['data'];
export type PrintDownload = PrintStatus['downloads'][number];

/** The poll is not the user at work: it must not keep the session alive. */
const BACKGROUND = { 'x-background-request': '1' };

export function getPrintOptionsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: ['records', 'print-options', patientId] as const,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof printOptions>>(recordsApi.records.printOptions, {
          query: { patientId },
          signal,
        })
        .then((body) => body.data),
    // The form starts from these once; a refetch must not reset what the user chose.
    staleTime: Infinity,
    retry: false,
  });
}

export function usePrintOptions(patientId: number) {
  return useQuery(getPrintOptionsQueryOptions(patientId));
}

/** findBatchCountTotals: how many records each chosen type holds. */
export function useCountRecords() {
  return useMutation({
    mutationFn: (filter: PrintFilter) =>
      api.post<ResponseOf<typeof findBatchCountTotals>>(recordsApi.records.countTotals, filter),
  });
}

/** printPatientRecords: starts the job. */
export function useStartPrint() {
  return useMutation({
    mutationFn: (request: PrintRequest) =>
      api
        .post<ResponseOf<typeof printPatientRecords>>(recordsApi.records.print, request)
        .then((body) => body.data),
  });
}

/** checkPrintRecordsStatus, asked by the page while the job runs. */
export function fetchPrintStatus(jobId: number, signal?: AbortSignal): Promise<PrintStatus> {
  return api
    .post<ResponseOf<typeof checkPrintRecordsStatus>>(
      recordsApi.records.status,
      { jobId },
      { headers: BACKGROUND, ...(signal ? { signal } : {}) },
    )
    .then((body) => body.data);
}
