import {
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
  keepPreviousData,
} from '@tanstack/react-query';
import type { BodyOf, QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  checkEligibility,
  eligibilityDefaults,
  findEligibilityHistoryItem,
  listEligibilityPayers,
  listX12ServiceCodes,
  postEligibilityRequestHistory,
} from '@openpractice/contracts/eligibility/checks';
import type { eligibilityReport } from '@openpractice/contracts/eligibility/report';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** GET listX12ServiceCodes. */
export type ServiceCodes = ResponseOf<typeof listX12ServiceCodes>;

/** GET listEligibilityPayers: the practice's active payers, and whether checks are in test mode. */
export type EligibilityPayers = ResponseOf<typeof listEligibilityPayers>;
export type EligibilityPayer = EligibilityPayers['data'][number];

/** GET eligibilityDefaults: what the Create Report step starts from. */
export type EligibilityDefaults = ResponseOf<typeof eligibilityDefaults>['data'];

export type EligibilityHistory = ResponseOf<typeof postEligibilityRequestHistory>;
/** One check in the client's history. */
export type EligibilityHistoryItem = EligibilityHistory['data'][number];

/** The request summary (checkEligibility, findEligibilityHistoryItem). */
export type EligibilityRequestSummary = ResponseOf<typeof checkEligibility>['data'];

/** spec-2 §3 Eligibility request as the form sends it (the server names the payer from payerId). */
export type EligibilityRequest = Required<Omit<BodyOf<typeof checkEligibility>, 'payerName'>>;

const eligibilityKey = ['eligibility'] as const;
const historyKey = (patientId: number) => [...eligibilityKey, 'history', patientId] as const;

export function getServiceCodesQueryOptions() {
  return queryOptions({
    queryKey: [...eligibilityKey, 'service-codes'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listX12ServiceCodes>>(apiPaths.eligibility.serviceCodes, {
        signal,
      }),
    staleTime: Infinity,
  });
}

export function useServiceCodes() {
  return useQuery(getServiceCodesQueryOptions());
}

export function getPayersQueryOptions() {
  return queryOptions({
    queryKey: [...eligibilityKey, 'payers'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listEligibilityPayers>>(apiPaths.eligibility.payers, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePayers() {
  return useQuery(getPayersQueryOptions());
}

export function getDefaultsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: [...eligibilityKey, 'defaults', patientId] as const,
    queryFn: ({ signal }) =>
      api
        .get<ResponseOf<typeof eligibilityDefaults>>(apiPaths.eligibility.defaults, {
          query: { patientId },
          signal,
        })
        .then((body) => body.data),
    // The form is filled from these once; a refetch must not overwrite what the user typed.
    staleTime: Infinity,
    retry: false,
  });
}

export function useEligibilityDefaults(patientId: number) {
  return useQuery(getDefaultsQueryOptions(patientId));
}

export function getHistoryQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: historyKey(patientId),
    queryFn: ({ signal }) =>
      api.post<ResponseOf<typeof postEligibilityRequestHistory>>(
        apiPaths.eligibility.history,
        { patientId },
        { signal },
      ),
    retry: false,
  });
}

export function useEligibilityHistory(patientId: number) {
  return useQuery(getHistoryQueryOptions(patientId));
}

/** Loads one history item (findEligibilityHistoryItem) for the Review step. */
export function useLoadHistoryItem(patientId: number) {
  return useMutation({
    mutationFn: (eligibilityRequestId: number) =>
      api
        .post<ResponseOf<typeof findEligibilityHistoryItem>>(apiPaths.eligibility.historyItem, {
          patientId,
          eligibilityRequestId,
        })
        .then((body) => body.data),
  });
}

/** Runs a check (checkEligibility); the history reloads whatever the outcome. */
export function useRunCheck(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EligibilityRequest) =>
      api
        .post<ResponseOf<typeof checkEligibility>>(apiPaths.eligibility.check, request)
        .then((body) => body.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKey(patientId) }),
  });
}

// --- The report (/reporting/eligibilityCheck) -------------------------------------------

type ReportQuery = QueryOf<typeof eligibilityReport>;
export type ReportSort = NonNullable<ReportQuery['sort']>;

/** The report's page as the page asks for it; omitted dates: the server's default period (the last 30 days). */
export type EligibilityReportRequest = Pick<ReportQuery, 'from' | 'to'> & {
  sort: ReportSort;
  direction: NonNullable<ReportQuery['direction']>;
  /** 0-based. */
  page: number;
  pageSize: number;
};

export type EligibilityReport = ResponseOf<typeof eligibilityReport>;
export type EligibilityReportRow = EligibilityReport['data'][number];

export function getEligibilityReportQueryOptions(request: EligibilityReportRequest) {
  return queryOptions({
    queryKey: [...eligibilityKey, 'report', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof eligibilityReport>>(apiPaths.eligibility.report, {
        query: { ...request },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEligibilityReport(request: EligibilityReportRequest) {
  return useQuery(getEligibilityReportQueryOptions(request));
}
