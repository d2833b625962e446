import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
import { defaultSharedFilterRange, formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { ReportPeriodFilter, type Period } from '../audit/report-period-filter';
import { useDebouncedValue } from '../clients-search/use-debounced-value';
import {
  EMAIL_STATUS_LABELS,
  EMAIL_STATUSES,
  useEmailSearch,
  type EmailRow,
  type EmailStatus,
} from './api';
import { SuppressionSection } from './suppression-section';

const PAGE_SIZES = [10, 25, 50, 100];

const kindLabel = (kind: string | null) =>
  kind === null ? '—' : kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, ' ');

/**
 * `/reporting/audit/emailMonitoring`: every outgoing email (to, subject,
 * kind, status, time), sent or not, in the shared filter's period; a body is
 * shown only when the message was not delivered and the reader may see the
 * client's details. Practice-wide reporting users also manage the
 * suppression list.
 */
export function EmailMonitoringPage() {
  const [period, setPeriod] = useState<Period>(() => {
    const range = defaultSharedFilterRange(new Date());
    return { from: range.start, to: range.end };
  });
  const [address, setAddress] = useState('');
  const [email] = useDebouncedValue(address.trim());
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const search = useEmailSearch({
    email: email === '' ? undefined : email,
    status: status === '' ? undefined : status,
    sentAfter: period.from,
    sentBefore: period.to,
    direction,
    page,
    pageSize,
  });
  const data = search.data;
  const timezone = data?.timezone ?? 'America/New_York';

  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Email monitoring
        </Typography>
        <Typography color="text.secondary">
          {data?.scope === 'ownClients'
            ? 'Every email the practice sent your clients, or would have.'
            : 'Every email the practice sent, or would have.'}
        </Typography>
        {data?.mailer === 'local' && (
          <Alert severity="info">
            No mail server is set up: messages are kept here and not sent.
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2} role="group" aria-label="Filters">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Address"
                size="small"
                value={address}
                onChange={(event) => {
                  setAddress(event.target.value);
                  setPage(0);
                }}
              />
              <TextField
                select
                size="small"
                label="Status"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as EmailStatus | '');
                  setPage(0);
                }}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="">Any</MenuItem>
                {EMAIL_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {EMAIL_STATUS_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <ReportPeriodFilter
              period={period}
              onChange={(next) => {
                setPeriod(next);
                setPage(0);
              }}
            />
          </Stack>
        </Paper>
        {search.isPending && <PageSpinner label="Loading the emails" />}
        {search.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void search.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(search.error)}
          </Alert>
        )}
        {data && data.total === 0 && (
          <Alert severity="info">No data found for requested period.</Alert>
        )}
        {data && data.total > 0 && (
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label="Outgoing email">
                <TableHead>
                  <TableRow>
                    <TableCell sortDirection={direction}>
                      <TableSortLabel
                        active
                        direction={direction}
                        onClick={() => {
                          setDirection(direction === 'asc' ? 'desc' : 'asc');
                          setPage(0);
                        }}
                      >
                        When
                      </TableSortLabel>
                    </TableCell>
                    <TableCell>To</TableCell>
                    <TableCell>Subject</TableCell>
                    <TableCell>Kind</TableCell>
                    <TableCell>Status</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((row) => (
                    <EmailTableRow key={row.id} row={row} timezone={timezone} />
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
      {/* The practice's whole log is answered to practice-wide reporting users only; so is the list. */}
      {data?.scope === 'practice' && <SuppressionSection timezone={timezone} />}
    </Stack>
  );
}

function EmailTableRow({ row, timezone }: { row: EmailRow; timezone: string }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatZonedDate(row.createdAt, timezone)}
        <br />
        {formatZonedTime(row.createdAt, timezone)}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>
        {row.recipient}
        {row.clientId !== null && row.clientName !== null && (
          <Typography variant="body2">
            <Link component={RouterLink} to={paths.client.profile.getHref(row.clientId)}>
              {row.clientName}
            </Link>
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {row.subject}
        {row.body !== null && (
          <details>
            <summary>Message</summary>
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
              {row.body}
            </Typography>
          </details>
        )}
      </TableCell>
      <TableCell>{kindLabel(row.kind)}</TableCell>
      <TableCell>
        {EMAIL_STATUS_LABELS[row.status]}
        {row.error && (
          <Typography variant="body2" color="text.secondary">
            {row.error}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
