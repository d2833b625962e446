import type { InsuranceReport, SortDirection } from '@openpractice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** What every report row starts with: the client and (for most) the payer. */
export interface ReportRowBase {
  patientId: number;
  clientName: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  /** Already formatted: 'C000001234'. */
  accountNumber: string;
  payerName: string | null;
  payerId: string | null;
  /** 'Label (payerId)'; null when the policy has no payer. */
  payerLabel: string | null;
}

/** A row of the policy reports (expiring, unconfirmed, unverified). */
export interface PolicyRow extends ReportRowBase {
  insuranceId: number;
  insuranceType: 'PRIMARY' | 'SECONDARY';
  insuranceNumber: string | null;
  startDate: string | null;
  endDate: string | null;
  /** Expiring policies: days from today to the end date. */
  daysLeft?: number;
  /** Unconfirmed policies: the latest benefits confirmation, if any. */
  lastConfirmed?: string | null;
}

/** A row of the precert reports (expiring precerts, visit limits). */
export interface PrecertRow extends ReportRowBase {
  preAuthId: number;
  insuranceId: number;
  authNumber: string;
  authDate: string;
  startDate: string | null;
  endDate: string | null;
  daysLeft: number | null;
  visitsAuthorized: number | null;
  visitsUsed: number;
  visitsScheduled: number;
  visitsRemaining: number | null;
  /** Two visits or fewer remain. */
  nearLimit: boolean;
}

export type ReportRow = PolicyRow | PrecertRow;

export interface ReportPage {
  report: InsuranceReport;
  data: ReportRow[];
  total: number;
  page: number;
  pageSize: number;
  sort: string;
  direction: SortDirection;
  /** The look-ahead window; null for reports without one. */
  days: number | null;
  /** Today in the practice's time zone, ISO. */
  today: string;
}

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
