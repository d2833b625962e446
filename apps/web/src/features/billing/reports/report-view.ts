import { defaultSharedFilterRange } from '@openpractice/domain';

import { DEFAULT_PAGE_SIZE, offeredPageSize } from '../logic/paging';

/** The methods a client pays by, as the payments report filters them. */
export const CLIENT_METHODS = ['cash', 'check', 'card', 'external_card'] as const;
export type ClientMethod = (typeof CLIENT_METHODS)[number];

/**
 * What a report shows: the period (the shared filter's, spec-1 §9), its other filters and the
 * page. Kept in the address (Back and a shared link show the same page) and remembered for the
 * session (the spec's billing search criteria are session-level), so opening the report again
 * from the menu shows it as it was left.
 */
export type ReportView = {
  from: string;
  to: string;
  therapistId: number | undefined;
  patientId: number | undefined;
  method: ClientMethod | undefined;
  page: number;
  pageSize: number;
};

/** The filter alone: what is remembered (the page is not). */
export type ReportFilter = Omit<ReportView, 'page' | 'pageSize'> & { pageSize: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const dayOrUndefined = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) ? value : undefined;

const methodOf = (value: unknown): ClientMethod | undefined =>
  CLIENT_METHODS.find((method) => method === value);

const pageSizeOf = (value: unknown): number =>
  offeredPageSize(positiveInt(value)) ?? DEFAULT_PAGE_SIZE;

/** A stored or addressed filter, each field checked; null when it has no period. */
export function readFilter(source: Record<string, unknown>): ReportFilter | null {
  const from = dayOrUndefined(source.from);
  const to = dayOrUndefined(source.to);
  if (from === undefined || to === undefined) return null;
  return {
    from,
    to,
    therapistId: positiveInt(source.therapistId),
    patientId: positiveInt(source.patientId),
    method: methodOf(source.method),
    pageSize: pageSizeOf(source.pageSize),
  };
}

export function defaultFilter(now: Date): ReportFilter {
  const range = defaultSharedFilterRange(now);
  return {
    from: range.start,
    to: range.end,
    therapistId: undefined,
    patientId: undefined,
    method: undefined,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/** The view from the address; when the address has no period, the remembered or default one. */
export function readReportView(params: URLSearchParams, fallback: ReportFilter): ReportView {
  const addressed = readFilter(Object.fromEntries(params));
  return { ...(addressed ?? fallback), page: positiveInt(params.get('page')) ?? 0 };
}

export function reportViewParams(view: ReportView): URLSearchParams {
  const params = new URLSearchParams({ from: view.from, to: view.to });
  if (view.therapistId !== undefined) params.set('therapistId', String(view.therapistId));
  if (view.patientId !== undefined) params.set('patientId', String(view.patientId));
  if (view.method !== undefined) params.set('method', view.method);
  if (view.page > 0) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

export function filterOf(view: ReportView): ReportFilter {
  const { from, to, therapistId, patientId, method, pageSize } = view;
  return { from, to, therapistId, patientId, method, pageSize };
}

/** The API's query for the view: only the filters the report has, and the page. */
export function reportQuery(
  view: ReportView,
  keys: readonly ('therapistId' | 'patientId' | 'method')[],
) {
  const query: Record<string, string | number> = {
    from: view.from,
    to: view.to,
    limit: view.pageSize,
    offset: view.page * view.pageSize,
  };
  for (const key of keys) {
    const value = view[key];
    if (value !== undefined) query[key] = value;
  }
  return query;
}
