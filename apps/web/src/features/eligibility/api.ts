import {
  useMutation,
  useQuery,
  useQueryClient,
  queryOptions,
  keepPreviousData,
} from '@tanstack/react-query';
import type {
  CoverageStatus,
  DependentRelationship,
  Eligibility271,
  EligibilityCheckStatus,
  ServiceTypeOption,
} from '@openpractice/domain';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** GET listX12ServiceCodes. */
export interface ServiceCodes {
  data: ServiceTypeOption[];
  defaultCode: string;
}

export interface EligibilityPayer {
  practice_insurance_id: number;
  label: string;
  payerId: string;
  /** 'Label (payerId)'. */
  displayLabel: string;
}

/** GET listEligibilityPayers: the practice's active payers, and whether checks are in test mode. */
export interface EligibilityPayers {
  data: EligibilityPayer[];
  mode: 'clearinghouse' | 'local';
  testMode: boolean;
}

/** GET eligibilityDefaults: what the Create Report step starts from. */
export interface EligibilityDefaults {
  patientId: number;
  clientName: string;
  therapists: { therapistId: number; name: string; isPrimary: boolean; hasNpi: boolean }[];
  policy: {
    insuranceId: number;
    payerId: string | null;
    payerName: string | null;
    insuranceNumber: string | null;
    isDependent: boolean;
    insuredFirstName: string | null;
    insuredLastName: string | null;
    insuredRelationship: DependentRelationship | null;
  } | null;
}

/** One check in the client's history. */
export interface EligibilityHistoryItem {
  eligibilityRequestId: number;
  patientId: number;
  createdAt: string;
  payerId: string;
  payerName: string;
  serviceCode: string;
  serviceName: string;
  therapistId: number | null;
  therapistName: string | null;
  isDependent: boolean;
  status: EligibilityCheckStatus;
  coverage: CoverageStatus | null;
  failureMessage: string | null;
  errorMessage: string | null;
}

export interface EligibilityHistory {
  data: EligibilityHistoryItem[];
  /** The practice's zone: times are shown on its clock. */
  timezone: string;
}

/** The request summary (checkEligibility, findEligibilityHistoryItem). */
export interface EligibilityRequestSummary extends EligibilityHistoryItem {
  insuranceId: number | null;
  insuranceNumber: string;
  insuredFirstName: string;
  insuredLastName: string;
  requestedBy: string | null;
  adapter: string;
  testMode: boolean;
  controlNumber: number;
  traceNumber: string;
  result: Eligibility271 | null;
  x12: { request: string; response: string | null };
}

/** spec-2 §3 Eligibility request (payerName is the practice's label; the server takes it from payerId). */
export interface EligibilityRequest {
  patientId: number;
  insuranceId: number | null;
  payerId: string;
  serviceCode: string;
  therapistId: number;
  isDependent: boolean;
  insuredFirstName: string | null;
  insuredLastName: string | null;
  insuredRelationship: DependentRelationship | null;
  insuranceNumber: string;
}

const eligibilityKey = ['eligibility'] as const;
const historyKey = (patientId: number) => [...eligibilityKey, 'history', patientId] as const;

export function getServiceCodesQueryOptions() {
  return queryOptions({
    queryKey: [...eligibilityKey, 'service-codes'] as const,
    queryFn: ({ signal }) => api.get<ServiceCodes>(apiPaths.eligibility.serviceCodes, { signal }),
    staleTime: Infinity,
  });
}

export function useServiceCodes() {
  return useQuery(getServiceCodesQueryOptions());
}

export function getPayersQueryOptions() {
  return queryOptions({
    queryKey: [...eligibilityKey, 'payers'] as const,
    queryFn: ({ signal }) => api.get<EligibilityPayers>(apiPaths.eligibility.payers, { signal }),
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
        .get<{ data: EligibilityDefaults }>(apiPaths.eligibility.defaults, {
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
      api.post<EligibilityHistory>(apiPaths.eligibility.history, { patientId }, { signal }),
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
        .post<{
          data: EligibilityRequestSummary;
        }>(apiPaths.eligibility.historyItem, { patientId, eligibilityRequestId })
        .then((body) => body.data),
  });
}

/** Runs a check (checkEligibility); the history reloads whatever the outcome. */
export function useRunCheck(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EligibilityRequest) =>
      api
        .post<{ data: EligibilityRequestSummary }>(apiPaths.eligibility.check, request)
        .then((body) => body.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKey(patientId) }),
  });
}

// --- The report (/reporting/eligibilityCheck) -------------------------------------------

export type ReportSort = 'date' | 'client' | 'payer' | 'service' | 'therapist' | 'status';

export interface EligibilityReportRequest {
  /** Omitted: the server's default period (the last 30 days). */
  from?: string | undefined;
  to?: string | undefined;
  sort: ReportSort;
  direction: 'asc' | 'desc';
  /** 0-based. */
  page: number;
  pageSize: number;
}

export interface EligibilityReportRow {
  eligibilityRequestId: number;
  createdAt: string;
  patientId: number;
  clientName: string;
  accountNumber: string;
  payerId: string;
  payerName: string;
  serviceCode: string;
  serviceName: string;
  therapistId: number | null;
  therapistName: string | null;
  status: EligibilityCheckStatus;
  coverage: CoverageStatus | null;
  copayCents: number | null;
  deductibleRemainingCents: number | null;
  message: string | null;
}

export interface EligibilityReport {
  data: EligibilityReportRow[];
  total: number;
  page: number;
  pageSize: number;
  from: string;
  to: string;
  timezone: string;
  scope: 'practice' | 'ownClients';
}

export function getEligibilityReportQueryOptions(request: EligibilityReportRequest) {
  return queryOptions({
    queryKey: [...eligibilityKey, 'report', request] as const,
    queryFn: ({ signal }) =>
      api.get<EligibilityReport>(apiPaths.eligibility.report, {
        query: { ...request },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEligibilityReport(request: EligibilityReportRequest) {
  return useQuery(getEligibilityReportQueryOptions(request));
}
