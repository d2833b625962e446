import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiPaths } from '../../config/paths';
import { api } from '../../lib/api-client';

export const ACCESS_KINDS = ['view', 'list', 'change', 'export', 'print', 'denied'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
export type AccessSort = 'time' | 'user' | 'kind';

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  view: 'View',
  list: 'List',
  change: 'Change',
  export: 'Export',
  print: 'Print',
  denied: 'Denied',
};

export interface AccessFilter {
  patientId?: number | undefined;
  userId?: number | undefined;
  kind?: AccessKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AccessReportRequest extends AccessFilter {
  sort: AccessSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

interface Person {
  id: number;
  name: string;
  username: string;
}

export interface AccessClient {
  id: number;
  name: string;
  clientNumber: string;
}

export interface AccessRow {
  id: number;
  at: string;
  action: string;
  kind: AccessKind;
  route: string | null;
  reason: string | null;
  ip: string | null;
  actor: Person | null;
  impersonator: Person | null;
  impersonationReason: string | null;
  clients: AccessClient[];
  clientCount: number;
}

export interface AccessReport {
  data: AccessRow[];
  total: number;
  page: number;
  pageSize: number;
  from: string;
  to: string;
  timezone: string;
  client: AccessClient | null;
  scope: 'practice' | 'ownClients';
}

export type ChainState =
  | {
      ok: true;
      verifiedThrough: string | null;
      chainedThrough: string | null;
      unsealedRows: number;
    }
  | { ok: false; brokenAtId: number; brokenAt: string | null; reason: string };

const auditKey = ['audit'] as const;

export function getAccessReportQueryOptions(request: AccessReportRequest) {
  return queryOptions({
    queryKey: [...auditKey, 'recordAccess', request] as const,
    queryFn: ({ signal }) =>
      api.get<AccessReport>(apiPaths.audit.recordAccess, { query: { ...request }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAccessReport(request: AccessReportRequest) {
  return useQuery(getAccessReportQueryOptions(request));
}

export function useChainState() {
  return useQuery({
    queryKey: [...auditKey, 'chainState'] as const,
    queryFn: ({ signal }) => api.get<ChainState>(apiPaths.audit.chainState, { signal }),
  });
}

export function useAuditUsers() {
  return useQuery({
    queryKey: [...auditKey, 'users'] as const,
    queryFn: ({ signal }) => api.get<{ data: Person[] }>(apiPaths.audit.users, { signal }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  });
}

/** The report's CSV: the same filter, every row (the server audits the export). */
export function exportAccessCsv(filter: AccessFilter): Promise<string> {
  return api.get<string>(apiPaths.audit.recordAccessCsv, { query: { ...filter } });
}
