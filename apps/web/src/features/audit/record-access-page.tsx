import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { ApiError, errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { trackBusy } from '../../ui/busy/use-busy';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { ClientTypeahead } from '../clients-search/client-typeahead';
import { AccessReportRow } from './access-row';
import {
  ACCESS_KIND_LABELS,
  ACCESS_KINDS,
  exportAccessCsv,
  useAccessReport,
  useAuditUsers,
  type AccessKind,
  type AccessSort,
} from './api';
import { ChainStateBanner } from './chain-state';
import { ReportPeriodFilter, type Period } from './report-period-filter';

const PAGE_SIZES = [10, 25, 50, 100];
/** spec-1 §8: CSV export messages. */
const EXPORT_STARTED = 'Starting download';
const EXPORT_DONE = 'Download complete.';

const COLUMNS: { sort: AccessSort | null; label: string }[] = [
  { sort: 'time', label: 'When' },
  { sort: 'user', label: 'Who' },
  { sort: 'kind', label: 'What' },
  { sort: null, label: 'Clients' },
  { sort: null, label: 'Address' },
];

const numberParam = (value: string | null) =>
  value !== null && /^\d+$/.test(value) ? Number(value) : undefined;

/**
 * `/reporting/audit/patientRecordAccess`: who viewed, listed, changed,
 * exported or printed which client's record, or was refused; filtered by
 * client (`?patientId=`, as the profile links here), user, kind and period;
 * sortable, paged, exported as CSV; with the audit chain's state.
 */
export function RecordAccessPage() {
  const [params, setParams] = useSearchParams();
  const patientId = numberParam(params.get('patientId'));
  const userId = numberParam(params.get('userId'));
  const kindParam = params.get('kind');
  const kind = (ACCESS_KINDS as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as AccessKind)
    : undefined;
  const [period, setPeriod] = useState<Partial<Period>>({});
  const [sort, setSort] = useState<AccessSort>('time');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const filter = { patientId, userId, kind, ...period };
  const report = useAccessReport({ ...filter, sort, direction, page, pageSize });
  const users = useAuditUsers();
  const notify = useNotify();
  const data = report.data;

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
    setPage(0);
  };

  const exportCsv = useMutation({
    mutationFn: async () => {
      notify.info(EXPORT_STARTED);
      const csv = await trackBusy(exportAccessCsv(filter));
      const from = period.from ?? data?.from ?? '';
      const to = period.to ?? data?.to ?? '';
      saveFile(csv, `patient-record-access-${from}-to-${to}.csv`, 'text/csv;charset=utf-8');
    },
    onSuccess: () => {
      notify.success(EXPORT_DONE);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
    },
  });

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
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {patientId !== undefined ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="span">Client:</Typography>
                <Chip
                  label={data?.client?.name ?? `Client ${patientId}`}
                  onDelete={() => {
                    setParam('patientId', undefined);
                  }}
                  slotProps={{
                    root: { 'aria-label': `Client: ${data?.client?.name ?? patientId}` },
                  }}
                />
              </Stack>
            ) : (
              <ClientTypeahead
                label="Client"
                size="small"
                sx={{ minWidth: { md: 280 } }}
                onSelect={(client) => {
                  setParam('patientId', String(client.user_id));
                }}
              />
            )}
            <TextField
              select
              size="small"
              label="User"
              value={userId === undefined ? '' : String(userId)}
              onChange={(event) => {
                setParam('userId', event.target.value);
              }}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">Everyone</MenuItem>
              {(users.data ?? []).map((user) => (
                <MenuItem key={user.id} value={String(user.id)}>
                  {user.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="What"
              value={kind ?? ''}
              onChange={(event) => {
                setParam('kind', event.target.value);
              }}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">Everything</MenuItem>
              {ACCESS_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {ACCESS_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <ReportPeriodFilter
            period={{ from: period.from ?? data?.from ?? '', to: period.to ?? data?.to ?? '' }}
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
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Record access">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell
                      key={column.label}
                      sortDirection={column.sort === sort ? direction : false}
                    >
                      {column.sort === null ? (
                        column.label
                      ) : (
                        <TableSortLabel
                          active={column.sort === sort}
                          direction={
                            column.sort === sort
                              ? direction
                              : column.sort === 'time'
                                ? 'desc'
                                : 'asc'
                          }
                          onClick={() => {
                            const chosen = column.sort;
                            if (chosen === null) return;
                            setDirection(
                              chosen === sort
                                ? direction === 'asc'
                                  ? 'desc'
                                  : 'asc'
                                : chosen === 'time'
                                  ? 'desc'
                                  : 'asc',
                            );
                            setSort(chosen);
                            setPage(0);
                          }}
                        >
                          {column.label}
                        </TableSortLabel>
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <AccessReportRow key={row.id} row={row} timezone={data.timezone} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => {
              setPage(next);
            }}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
