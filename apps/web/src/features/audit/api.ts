import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  auditUsers,
  chainState,
  exportPatientRecordAccess,
  patientRecordAccess,
} from '@openpractice/contracts/audit';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

type ReportQuery = QueryOf<typeof patientRecordAccess>;
export type AccessKind = NonNullable<ReportQuery['kind']>;
export type AccessSort = NonNullable<ReportQuery['sort']>;

/** Every kind, in the order the filter offers them. */
export const ACCESS_KINDS = [
  'view',
  'list',
  'change',
  'export',
  'print',
  'denied',
] as const satisfies readonly AccessKind[];

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  view: 'View',
  list: 'List',
  change: 'Change',
  export: 'Export',
  print: 'Print',
  denied: 'Denied',
};

/** The filter as the page holds it (ids as numbers; the query string carries their digits). */
export type AccessFilter = Omit<
  QueryOf<typeof exportPatientRecordAccess>,
  'patientId' | 'userId'
> & {
  patientId?: number | undefined;
  userId?: number | undefined;
};

export interface AccessReportRequest extends AccessFilter {
  sort: AccessSort;
  direction: NonNullable<ReportQuery['direction']>;
  page: number;
  pageSize: number;
}

export type AccessReport = ResponseOf<typeof patientRecordAccess>;
export type AccessRow = AccessReport['data'][number];
export type AccessClient = AccessRow['clients'][number];
export type ChainState = ResponseOf<typeof chainState>;

const auditKey = ['audit'] as const;

export function getAccessReportQueryOptions(request: AccessReportRequest) {
  return queryOptions({
    queryKey: [...auditKey, 'recordAccess', request] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof patientRecordAccess>>(apiPaths.audit.recordAccess, {
        query: { ...request },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAccessReport(request: AccessReportRequest) {
  return useQuery(getAccessReportQueryOptions(request));
}

export function useChainState() {
  return useQuery({
    queryKey: [...auditKey, 'chainState'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof chainState>>(apiPaths.audit.chainState, { signal }),
  });
}

export function useAuditUsers() {
  return useQuery({
    queryKey: [...auditKey, 'users'] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof auditUsers>>(apiPaths.audit.users, { signal }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}

/** The report's CSV: the same filter, every row (the server audits the export). */
export function exportAccessCsv(filter: AccessFilter): Promise<string> {
  return api.get<ResponseOf<typeof exportPatientRecordAccess>>(apiPaths.audit.recordAccessCsv, {
    query: { ...filter },
  });
}
