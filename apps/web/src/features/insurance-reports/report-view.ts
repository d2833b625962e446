import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_DEFAULT_SORT,
  REPORT_PAGE_SIZES,
  REPORT_USES_WINDOW,
  REPORT_WINDOW_DAY_OPTIONS,
  REPORT_WINDOW_DEFAULT_DAYS,
  isReportSortKey,
  type InsuranceReport,
  type SortDirection,
} from '@openpractice/domain';

import type { ReportRequest } from './api';

/**
 * What the report page shows, kept in the address (`?sort=&direction=&page=
 * &pageSize=&days=`) so a view can be bookmarked and Back returns to it.
 * Anything missing or not allowed falls back to the report's default.
 */
export function readReportView(report: InsuranceReport, params: URLSearchParams): ReportRequest {
  const fallback = REPORT_DEFAULT_SORT[report];
  const sortParam = params.get('sort') ?? '';
  const sort = isReportSortKey(report, sortParam) ? sortParam : fallback.sort;
  const directionParam = params.get('direction');
  const direction: SortDirection =
    directionParam === 'asc' || directionParam === 'desc'
      ? directionParam
      : sortParam === sort
        ? 'asc'
        : fallback.direction;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const days = Number(params.get('days'));
  return {
    sort,
    direction,
    page: Number.isInteger(page) && page > 0 ? page : 0,
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : REPORT_DEFAULT_PAGE_SIZE,
    ...(REPORT_USES_WINDOW[report]
      ? {
          days: (REPORT_WINDOW_DAY_OPTIONS as readonly number[]).includes(days)
            ? days
            : REPORT_WINDOW_DEFAULT_DAYS,
        }
      : {}),
  };
}

/** The address query of a view, leaving out what equals the default. */
export function reportViewParams(report: InsuranceReport, view: ReportRequest): URLSearchParams {
  const fallback = REPORT_DEFAULT_SORT[report];
  const params = new URLSearchParams();
  if (view.sort !== fallback.sort || view.direction !== fallback.direction) {
    params.set('sort', view.sort);
    params.set('direction', view.direction);
  }
  if (view.page > 0) params.set('page', String(view.page));
  if (view.pageSize !== REPORT_DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.days !== undefined && view.days !== REPORT_WINDOW_DEFAULT_DAYS) {
    params.set('days', String(view.days));
  }
  return params;
}

/** Clicking a column: the same column flips direction, another starts ascending. Back to page 1. */
export function sortedBy(view: ReportRequest, column: string): ReportRequest {
  const direction: SortDirection =
    view.sort === column && view.direction === 'asc' ? 'desc' : 'asc';
  return { ...view, sort: column, direction, page: 0 };
}
