import type { InsuranceReport, SortDirection } from '@openpractice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ResponseOf } from '@openpractice/contracts';
import type {
  expiringPolicies,
  expiringPrecerts,
  unconfirmedPolicies,
  unverifiedPolicies,
  visitLimits,
} from '@openpractice/contracts/insurance-reports';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

type ExpiringPolicyRow = ResponseOf<typeof expiringPolicies>['data'][number];
type UnconfirmedPolicyRow = ResponseOf<typeof unconfirmedPolicies>['data'][number];

/** A row of the policy reports; the expiring one adds `daysLeft`, the unconfirmed one `lastConfirmed`. */
export type PolicyRow = ResponseOf<typeof unverifiedPolicies>['data'][number] &
  Partial<Pick<ExpiringPolicyRow, 'daysLeft'>> &
  Partial<Pick<UnconfirmedPolicyRow, 'lastConfirmed'>>;

/** A row of the precert reports (expiring precerts, visit limits). */
export type PrecertRow = ResponseOf<typeof visitLimits>['data'][number];

/** What every report row starts with: the client and (for most) the payer. */
export type ReportRowBase = Pick<
  PrecertRow,
  | 'patientId'
  | 'clientName'
  | 'firstName'
  | 'lastName'
  | 'nickName'
  | 'accountNumber'
  | 'payerName'
  | 'payerId'
  | 'payerLabel'
>;

export type ReportRow = PolicyRow | PrecertRow;

/** One page of any report; its rows are of the report's shape. */
export type ReportPage =
  | ResponseOf<typeof expiringPolicies>
  | ResponseOf<typeof expiringPrecerts>
  | ResponseOf<typeof unconfirmedPolicies>
  | ResponseOf<typeof unverifiedPolicies>
  | ResponseOf<typeof visitLimits>;

/** The page the report view asks for; `sort` is one of the report's columns. */
export interface ReportRequest {
  sort: string;
  direction: SortDirection;
  page: number;
  pageSize: number;
  /** Only for the expiring reports. */
  days?: number;
}

const reportsKey = ['insurance-reports'] as const;

export function getInsuranceReportQueryOptions(report: InsuranceReport, request: ReportRequest) {
  return queryOptions({
    queryKey: [...reportsKey, report, request] as const,
    queryFn: ({ signal }) =>
      api.get<ReportPage>(apiPaths.insuranceReports.report(report), {
        query: { ...request },
        signal,
      }),
    // Keep the rows on screen while another page or sort loads, but never show
    // one report's rows under another report's columns.
    placeholderData: (previous) => (previous?.report === report ? previous : undefined),
  });
}

export function useInsuranceReport(report: InsuranceReport, request: ReportRequest) {
  return useQuery(getInsuranceReportQueryOptions(report, request));
}
