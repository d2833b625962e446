import { useSearchParams } from 'react-router';

import { loadSessionChoice, saveSessionChoice } from '../../../lib/session-choices';
import {
  defaultFilter,
  filterOf,
  readFilter,
  readReportView,
  reportViewParams,
  type ReportView,
} from './report-view';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A report's view from the address, else as last left in this session, else the shared
 * filter's default period; every change goes to both.
 */
export function useReportView(report: string) {
  const key = `openpractice.billingReport.${report}`;
  const [params, setParams] = useSearchParams();
  const remembered = loadSessionChoice(key, (stored) =>
    isRecord(stored) ? readFilter(stored) : undefined,
  );
  const view = readReportView(params, remembered ?? defaultFilter(new Date()));
  const change = (next: ReportView, how?: { replace: boolean }) => {
    saveSessionChoice(key, filterOf(next));
    setParams(reportViewParams(next), how);
  };
  return [view, change] as const;
}
