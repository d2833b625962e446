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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatPhone, formatZonedDate } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { useBookingRequests, type BookingRequestRow, type RequestStatus } from './api';
import { whenLabel } from './booking-week';
import { ConfirmRequestDialog } from './confirm-request-dialog';
import { DeclineRequestDialog } from './decline-request-dialog';

export const REQUESTS_LOAD_FAILED = 'We could not load the booking requests.';
export const REQUEST_CONFIRMED = 'Appointment confirmed. The client was emailed.';
export const REQUEST_DECLINED = 'Request declined. The client was emailed.';

const EMPTY: Record<RequestStatus, string> = {
  PENDING: 'No booking requests are waiting for an answer.',
  CONFIRMED: 'No confirmed online bookings yet.',
  DECLINED: 'No declined online bookings.',
};

const PAGE_SIZES = [25, 50, 100];

const nameOf = (row: BookingRequestRow) => `${row.firstName} ${row.lastName}`;

/** Shown instead of the details of a client the user may not see. */
export const DETAILS_HIDDEN = 'Details only for staff who may see this client';

const CHOICE_LABELS = { new: 'New client', existing: 'Existing client', portal: 'Client portal' };

/**
 * `/schedule/requests`: online bookings that wait for staff. Each holds its
 * slot on the calendar until it is confirmed or declined; either way the
 * booker is emailed. Confirming a visitor's request is where staff say who
 * the visitor is (a new client or an existing one); a request alone gives
 * nobody access to a record. Therapists see their own.
 */
export function BookingRequestsPage() {
  const [status, setStatus] = useState<RequestStatus>('PENDING');
  const [rowsPerPage, setRowsPerPage] = useState(PAGE_SIZES[1] ?? 50);
  const [page, setPage] = useState(0);
  const [declining, setDeclining] = useState<BookingRequestRow | null>(null);
  const [confirming, setConfirming] = useState<BookingRequestRow | null>(null);
  const requests = useBookingRequests({ status, limit: rowsPerPage, offset: page * rowsPerPage });
  const notify = useNotify();
  const data = requests.data;

  const summaryOf = (row: BookingRequestRow, timezone: string) =>
    `${nameOf(row)} with ${row.therapistName} on ${whenLabel(row.start, timezone)}`;

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Booking requests
      </Typography>
      <Typography color="text.secondary">
        Appointments booked online that wait for the practice to confirm them. The time stays held
        on the calendar until you confirm or decline.
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label="Which requests"
        onChange={(_event, next: RequestStatus | null) => {
          if (next) {
            setStatus(next);
            setPage(0);
          }
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        <ToggleButton value="PENDING">Waiting</ToggleButton>
        <ToggleButton value="CONFIRMED">Confirmed</ToggleButton>
        <ToggleButton value="DECLINED">Declined</ToggleButton>
      </ToggleButtonGroup>
      {requests.isPending && <PageSpinner label="Loading booking requests" />}
      {requests.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void requests.refetch()}>
              Retry
            </Button>
          }
        >
          {REQUESTS_LOAD_FAILED} {errorMessage(requests.error)}
        </Alert>
      )}
      {data && data.data.length === 0 && page === 0 && (
        <Alert severity="info">{EMPTY[status]}</Alert>
      )}
      {data && (data.data.length > 0 || page > 0) && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Booking requests">
              <TableHead>
                <TableRow>
                  <TableCell>Client</TableCell>
                  <TableCell>Therapist</TableCell>
                  <TableCell>Date and time</TableCell>
                  <TableCell>Reason for appointment</TableCell>
                  <TableCell>Contact</TableCell>
                  {status === 'PENDING' ? (
                    <TableCell>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </TableCell>
                  ) : (
                    <TableCell>Answered</TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row.requestId} hover>
                    <TableCell>
                      {row.clientId === null || row.detailsHidden ? (
                        nameOf(row)
                      ) : (
                        <Link
                          component={RouterLink}
                          to={paths.client.profile.getHref(row.clientId)}
                        >
                          {nameOf(row)}
                        </Link>
                      )}
                      <Typography variant="body2" color="text.secondary">
                        {row.dob ? `Born ${formatZonedDate(`${row.dob}T12:00:00Z`, 'UTC')}` : ''}
                        {row.dob && row.viaPortal ? ' · ' : ''}
                        {row.viaPortal ? 'client portal' : ''}
                        {row.needsClientChoice
                          ? ` · ${row.candidates.length === 0 ? 'no matching client' : `${row.candidates.length} possible ${row.candidates.length === 1 ? 'match' : 'matches'}`}`
                          : ''}
                        {row.status === 'CONFIRMED' && row.clientChoice
                          ? ` · ${CHOICE_LABELS[row.clientChoice]}`
                          : ''}
                      </Typography>
                    </TableCell>
                    <TableCell>{row.therapistName}</TableCell>
                    <TableCell>
                      {whenLabel(row.start, data.timezone)}
                      <Typography variant="body2" color="text.secondary">
                        {row.isTelehealth ? 'Telehealth' : (row.location?.name ?? 'In person')}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-wrap' }}>
                      {row.detailsHidden ? (
                        <Typography variant="body2" color="text.secondary">
                          {DETAILS_HIDDEN}
                        </Typography>
                      ) : (
                        row.reasonForAppointment || '—'
                      )}
                    </TableCell>
                    <TableCell>
                      {row.email ?? ''}
                      {row.phone && (
                        <Typography variant="body2" color="text.secondary">
                          {formatPhone(row.phone)}
                        </Typography>
                      )}
                    </TableCell>
                    {status === 'PENDING' ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          variant="contained"
                          aria-label={`Confirm the request of ${nameOf(row)}`}
                          onClick={() => {
                            setConfirming(row);
                          }}
                        >
                          Confirm
                        </Button>{' '}
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Decline the request of ${nameOf(row)}`}
                          onClick={() => {
                            setDeclining(row);
                          }}
                        >
                          Decline
                        </Button>
                      </TableCell>
                    ) : (
                      <TableCell>
                        {row.decidedByName ?? 'Booked online'}
                        {row.decidedAt && (
                          <Typography variant="body2" color="text.secondary">
                            {formatZonedDate(row.decidedAt, data.timezone)}
                          </Typography>
                        )}
                        {row.declineReason && (
                          <Typography variant="body2" color="text.secondary">
                            “{row.declineReason}”
                          </Typography>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.hasMore ? -1 : page * rowsPerPage + data.data.length}
            page={page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => {
              setPage(next);
            }}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
      {confirming && data && (
        <ConfirmRequestDialog
          row={confirming}
          summary={summaryOf(confirming, data.timezone)}
          onClose={() => {
            setConfirming(null);
          }}
          onConfirmed={() => {
            setConfirming(null);
            notify.success(REQUEST_CONFIRMED);
          }}
        />
      )}
      {declining && data && (
        <DeclineRequestDialog
          requestId={declining.requestId}
          summary={summaryOf(declining, data.timezone)}
          onClose={() => {
            setDeclining(null);
          }}
          onDeclined={() => {
            setDeclining(null);
            notify.success(REQUEST_DECLINED);
          }}
        />
      )}
    </Stack>
  );
}
