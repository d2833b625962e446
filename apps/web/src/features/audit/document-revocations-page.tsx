import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { ReportPeriodFilter, type Period } from '../../ui/report-period-filter';
import { RevocationsFilters } from './revocations-filters';
import {
  useRevocationExport,
  useRevocationReport,
  type RevocationFilter,
  type RevokedBy,
} from './revocations-api';
import { RevocationsTable } from './revocations-table';

/**
 * `/reporting/audit/documentRevocations` (issue 18 item 4): every signed consent or release
 * the practice's clients or staff revoked, newest first; filtered by period, by who revoked
 * and by client (`?patientId=`); paged; exported as CSV. The documents themselves stay, with
 * their history, on their response pages.
 */
export function DocumentRevocationsPage() {
  const [params, setParams] = useSearchParams();
  const patientParam = params.get('patientId');
  const patientId = patientParam && /^\d+$/.test(patientParam) ? Number(patientParam) : undefined;
  const [period, setPeriod] = useState<Partial<Period>>({});
  const [revokedBy, setRevokedBy] = useState<RevokedBy | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const filter: RevocationFilter = { ...period, revokedBy, patientId };
  const report = useRevocationReport(filter, page, pageSize);
  const exportCsv = useRevocationExport(filter);
  const data = report.data;
  const clientName = patientId === undefined ? undefined : data?.data[0]?.clientName;

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Document revocations
      </Typography>
      <Typography color="text.secondary">
        Signed consents and releases that a client or staff member revoked: who, what, when and why.
        The documents keep their history.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2} role="group" aria-label="Filters">
          <RevocationsFilters
            revokedBy={revokedBy}
            onRevokedBy={(value) => {
              setRevokedBy(value);
              setPage(0);
            }}
            patientId={patientId}
            clientName={clientName}
            onAllClients={() => {
              const next = new URLSearchParams(params);
              next.delete('patientId');
              setParams(next, { replace: true });
              setPage(0);
            }}
          />
          <ReportPeriodFilter
            period={{ from: period.from ?? '', to: period.to ?? '' }}
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
      {report.isPending && <PageSpinner label="Loading the document revocations" />}
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
        <Alert severity="info">No documents were revoked in this period.</Alert>
      )}
      {data && data.total > 0 && (
        <RevocationsTable
          report={data}
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
