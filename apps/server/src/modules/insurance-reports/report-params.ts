import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_DEFAULT_SORT,
  REPORT_MAX_PAGE_SIZE,
  REPORT_SORT_DIRECTIONS,
  REPORT_SORT_KEYS,
  REPORT_WINDOW_DEFAULT_DAYS,
  REPORT_WINDOW_MAX_DAYS,
  type InsuranceReport,
} from '@openpractice/domain';
import { z } from 'zod';

/**
 * The query of a report: `sort` (one of the report's columns; anything else
 * is a 400), `direction`, `page` (zero-based) and `pageSize`.
 */
export function reportQuery(report: InsuranceReport) {
  const keys = REPORT_SORT_KEYS[report] as unknown as [string, ...string[]];
  const fallback = REPORT_DEFAULT_SORT[report];
  return z.object({
    sort: z.enum(keys).default(fallback.sort),
    direction: z.enum(REPORT_SORT_DIRECTIONS).default(fallback.direction),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(REPORT_MAX_PAGE_SIZE)
      .default(REPORT_DEFAULT_PAGE_SIZE),
  });
}

/** The expiring reports add `days`: how far ahead to look. */
export function windowReportQuery(report: InsuranceReport) {
  return reportQuery(report).extend({
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(REPORT_WINDOW_MAX_DAYS)
      .default(REPORT_WINDOW_DEFAULT_DAYS),
  });
}
