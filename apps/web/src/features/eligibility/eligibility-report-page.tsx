import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useEligibilityReport, type EligibilityReportRow, type ReportSort } from './api';
import { moneyOrNotReported, resultLabel } from './format';
import { MESSAGES } from './messages';

const PAGE_SIZES = [10, 25, 50, 100];

const COLUMNS: { sort: ReportSort | null; label: string; align?: 'right' }[] = [
  { sort: 'date', label: 'Date' },
  { sort: 'client', label: 'Client' },
  { sort: 'payer', label: 'Payer' },
  { sort: 'service', label: 'Service type' },
  { sort: 'therapist', label: 'Therapist' },
  { sort: 'status', label: 'Result' },
  { sort: null, label: 'Copay', align: 'right' },
  { sort: null, label: 'Deductible remaining', align: 'right' },
  { sort: null, label: 'Message' },
];

/** Dates sort newest first on the first click; text A to Z. */
const firstDirection = (sort: ReportSort) => (sort === 'date' ? 'desc' : 'asc');

/**
 * `/reporting/eligibilityCheck`: the eligibility checks run in a period (the
 * last 30 days unless chosen), with their results; sortable, paged, each
 * client linking to their record.
 */
export function EligibilityReportPage() {
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const [sort, setSort] = useState<ReportSort>('date');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const report = useEligibilityReport({ ...period, sort, direction, page, pageSize });
  const data = report.data;
  const from = period.from ?? data?.from ?? '';
  const to = period.to ?? data?.to ?? '';

  const choosePeriod = (next: { from?: string; to?: string }) => {
    setPeriod({ from, to, ...next });
    setPage(0);
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Eligibility checks
      </Typography>
      <Typography color="text.secondary">
        {data?.scope === 'ownClients'
          ? 'The eligibility checks of your clients run in the period, with their results.'
          : 'The eligibility checks run in the period, with their results.'}
      </Typography>
      <PeriodFields from={from} to={to} onChange={choosePeriod} />
      {report.isPending && <PageSpinner label="Loading the eligibility checks" />}
      {report.isError && (
        <Alert
          severity="error"
          action={
            report.error instanceof ApiError && report.error.status === 400 ? undefined : (
              <Button color="inherit" size="small" onClick={() => void report.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {errorMessage(report.error)}
        </Alert>
      )}
      {data && data.total === 0 && <Alert severity="info">{MESSAGES.noChecksInPeriod}</Alert>}
      {data && data.total > 0 && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Eligibility checks">
              <SortableHead
                sort={sort}
                direction={direction}
                onSort={(chosen) => {
                  setDirection(
                    chosen === sort
                      ? direction === 'asc'
                        ? 'desc'
                        : 'asc'
                      : firstDirection(chosen),
                  );
                  setSort(chosen);
                  setPage(0);
                }}
              />
              <TableBody>
                {data.data.map((row) => (
                  <ReportRow key={row.eligibilityRequestId} row={row} timezone={data.timezone} />
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

/**
 * The period's two dates. A date input reads empty while half typed or cleared: that is ignored,
 * so the report keeps its last whole period.
 */
function PeriodFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (next: { from?: string; to?: string }) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label="Period">
      <TextField
        type="date"
        label="From"
        value={from}
        onChange={(event) => {
          if (event.target.value !== '') onChange({ from: event.target.value });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label="To"
        value={to}
        onChange={(event) => {
          if (event.target.value !== '') onChange({ to: event.target.value });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}

/** Column headings; those that sort say which way, and a click sorts by them (or flips it). */
function SortableHead({
  sort,
  direction,
  onSort,
}: {
  sort: ReportSort;
  direction: 'asc' | 'desc';
  onSort: (sort: ReportSort) => void;
}) {
  return (
    <TableHead>
      <TableRow>
        {COLUMNS.map((column) => (
          <TableCell
            key={column.label}
            align={column.align}
            sortDirection={column.sort === sort ? direction : false}
          >
            {column.sort === null ? (
              column.label
            ) : (
              <TableSortLabel
                active={column.sort === sort}
                direction={column.sort === sort ? direction : firstDirection(column.sort)}
                onClick={() => {
                  if (column.sort !== null) onSort(column.sort);
                }}
              >
                {column.label}
              </TableSortLabel>
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function ReportRow({ row, timezone }: { row: EligibilityReportRow; timezone: string }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatZonedDate(row.createdAt, timezone)}
        <br />
        {formatZonedTime(row.createdAt, timezone)}
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={paths.client.profile.getHref(row.patientId)}>
          {row.clientName}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {row.accountNumber}
        </Typography>
      </TableCell>
      <TableCell>{`${row.payerName} (${row.payerId})`}</TableCell>
      <TableCell>{`${row.serviceCode} - ${row.serviceName}`}</TableCell>
      <TableCell>{row.therapistName ?? '—'}</TableCell>
      <TableCell>{resultLabel(row)}</TableCell>
      <TableCell align="right">
        {row.status === 'COMPLETE' ? moneyOrNotReported(row.copayCents) : ''}
      </TableCell>
      <TableCell align="right">
        {row.status === 'COMPLETE' ? moneyOrNotReported(row.deductibleRemainingCents) : ''}
      </TableCell>
      <TableCell>{row.message ?? ''}</TableCell>
    </TableRow>
  );
}
