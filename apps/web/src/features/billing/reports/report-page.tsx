import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';

import { ListControls } from '../balances/list-controls';
import { useCsvExport } from '../balances/use-csv-export';
import { fetchAllRows } from '../logic/csv';
import { isPastTheEnd, PagedList } from '../parts/paged-list';
import { fetchReport, useReport, type ReportName } from './api';
import { ReportFilters } from './report-filters';
import { reportQuery } from './report-view';
import { useReportView } from './use-report-view';

type Page = { data: unknown[]; total: number };

/**
 * The frame of the three billing reports: heading, the period and the report's filters with
 * the therapist filter and CSV export of the whole filter (the balances lists' controls), then
 * the shared paged list. The view is in the address and remembered for the session.
 */
export function ReportPage<P extends Page>({
  report,
  title,
  description,
  what,
  empty,
  method = false,
  client = false,
  actions,
  toCsv,
  children,
}: {
  report: ReportName;
  title: string;
  description: ReactNode;
  what: string;
  empty: string;
  method?: boolean;
  client?: boolean;
  /** Buttons beside the heading (the insurance page's 'Enter an insurance payment'). */
  actions?: ReactNode;
  toCsv: (rows: P['data']) => string;
  children: (page: P) => ReactNode;
}) {
  const [view, change] = useReportView(report);
  const keys = [
    'therapistId',
    ...(method ? ['method' as const] : []),
    ...(client ? ['patientId' as const] : []),
  ] as const;
  const list = useReport<P>(report, reportQuery(view, keys));
  const exporter = useCsvExport(`${report}-${view.from}-to-${view.to}.csv`, async () => {
    const rows = await fetchAllRows((offset, limit) =>
      fetchReport<P>(report, { ...reportQuery(view, keys), offset, limit }),
    );
    return toCsv(rows);
  });

  const pastTheEnd = isPastTheEnd(list.data, view.page);
  useEffect(() => {
    if (pastTheEnd) change({ ...view, page: 0 }, { replace: true });
  });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      <Typography color="text.secondary">{description}</Typography>
      <ReportFilters view={view} method={method} client={client} onChange={change} />
      <ListControls
        therapistId={view.therapistId}
        onTherapist={(therapistId) => {
          change({ ...view, therapistId, page: 0 });
        }}
        onExport={() => {
          exporter.mutate();
        }}
        exporting={exporter.isPending}
        canExport={list.data !== undefined && list.data.total > 0}
      />
      <PagedList
        list={list}
        what={what}
        empty={empty}
        page={view.page}
        pageSize={view.pageSize}
        onPage={(page) => {
          change({ ...view, page });
        }}
        onPageSize={(pageSize) => {
          change({ ...view, pageSize, page: 0 });
        }}
      >
        {(page) => children(page)}
      </PagedList>
    </Stack>
  );
}
