import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useAccessExport } from './access-export';
import { AccessFilters } from './access-filters';
import { useAccessParams } from './access-params';
import { AccessTable } from './access-table';
import { useAccessReport, type AccessSort } from './api';
import { ChainStateBanner } from './chain-state';
import { ReportPeriodFilter, type Period } from '../../ui/report-period-filter';

/**
 * `/reporting/audit/patientRecordAccess`: who viewed, listed, changed,
 * exported or printed which client's record, or was refused; filtered by
 * client (`?patientId=`, as the profile links here), user, kind and period;
 * sortable, paged, exported as CSV; with the audit chain's state.
 */
export function RecordAccessPage() {
  const [period, setPeriod] = useState<Partial<Period>>({});
  const [sort, setSort] = useState<AccessSort>('time');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const { patientId, userId, kind, setParam } = useAccessParams(() => {
    setPage(0);
  });
  const filter = { patientId, userId, kind, ...period };
  const report = useAccessReport({ ...filter, sort, direction, page, pageSize });
  const data = report.data;
  const shownPeriod = { from: period.from ?? data?.from ?? '', to: period.to ?? data?.to ?? '' };

  const exportCsv = useAccessExport(filter, shownPeriod);

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Record access
      </Typography>
      <Typography color="text.secondary">
        {data?.scope === 'ownClients'
          ? "Who viewed, listed, changed, exported or printed your clients' records, or was refused."
          : "Who viewed, listed, changed, exported or printed clients' records, or was refused."}
      </Typography>
      <ChainStateBanner timezone={data?.timezone ?? 'America/New_York'} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2} role="group" aria-label="Filters">
          <AccessFilters
            patientId={patientId}
            clientName={data?.client?.name}
            userId={userId}
            kind={kind}
            setParam={setParam}
          />
          <ReportPeriodFilter
            period={shownPeriod}
            onChange={(next) => {
              setPeriod(next);
              setPage(0);
            }}
          />
          <Stack direction="row">
            <Button
              variant="outlined"
              disabled={exportCsv.isPending || !data || data.total === 0}
              onClick={() => {
                exportCsv.mutate();
              }}
            >
              Export CSV
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {report.isPending && <PageSpinner label="Loading the record access report" />}
      {report.isError && (
        <Alert
          severity="error"
          action={
            report.error instanceof ApiError && report.error.status < 500 ? undefined : (
              <Button color="inherit" size="small" onClick={() => void report.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {errorMessage(report.error)}
        </Alert>
      )}
      {data && data.total === 0 && (
        <Alert severity="info">No data found for requested period.</Alert>
      )}
      {data && data.total > 0 && (
        <AccessTable
          report={data}
          sort={sort}
          direction={direction}
          onSort={(chosen, nextDirection) => {
            setSort(chosen);
            setDirection(nextDirection);
            setPage(0);
          }}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      )}
    </Stack>
  );
}
