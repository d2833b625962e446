import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useBookingRequests, type BookingRequestRow, type RequestStatus } from './api';
import { whenLabel } from './booking-week';
import { BookingRequestsTable, nameOf } from './booking-requests-table';
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
      <StatusChoice
        status={status}
        onChange={(next) => {
          setStatus(next);
          setPage(0);
        }}
      />
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
        <BookingRequestsTable
          rows={data.data}
          timezone={data.timezone}
          pending={status === 'PENDING'}
          pagination={{
            count: data.hasMore ? -1 : page * rowsPerPage + data.data.length,
            page,
            rowsPerPage,
            rowsPerPageOptions: PAGE_SIZES,
            onPageChange: setPage,
            onRowsPerPageChange: (size) => {
              setRowsPerPage(size);
              setPage(0);
            },
          }}
          onConfirm={setConfirming}
          onDecline={setDeclining}
        />
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

/** Which requests the list shows: waiting, confirmed or declined. */
function StatusChoice({
  status,
  onChange,
}: {
  status: RequestStatus;
  onChange: (status: RequestStatus) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={status}
      aria-label="Which requests"
      onChange={(_event, next: RequestStatus | null) => {
        if (next) onChange(next);
      }}
      sx={{ alignSelf: 'flex-start' }}
    >
      <ToggleButton value="PENDING">Waiting</ToggleButton>
      <ToggleButton value="CONFIRMED">Confirmed</ToggleButton>
      <ToggleButton value="DECLINED">Declined</ToggleButton>
    </ToggleButtonGroup>
  );
}
