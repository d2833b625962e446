import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPhone, formatZonedDate } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { VisuallyHidden } from '../../ui/visually-hidden';
import type { BookingRequestRow } from './api';
import { whenLabel } from './booking-week';

/** Shown instead of the details of a client the user may not see. */
export const DETAILS_HIDDEN = 'Details only for staff who may see this client';

const CHOICE_LABELS = { new: 'New client', existing: 'Existing client', portal: 'Client portal' };

export const nameOf = (row: BookingRequestRow) => `${row.firstName} ${row.lastName}`;

/** A page of requests: pending ones with Confirm and Decline, answered ones with who answered. */
export function BookingRequestsTable({
  rows,
  timezone,
  pending,
  pagination,
  onConfirm,
  onDecline,
}: {
  rows: BookingRequestRow[];
  timezone: string;
  pending: boolean;
  pagination: {
    count: number;
    page: number;
    rowsPerPage: number;
    rowsPerPageOptions: number[];
    onPageChange: (page: number) => void;
    onRowsPerPageChange: (rowsPerPage: number) => void;
  };
  onConfirm: (row: BookingRequestRow) => void;
  onDecline: (row: BookingRequestRow) => void;
}) {
  const { onPageChange, onRowsPerPageChange, ...pages } = pagination;
  return (
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
              {pending ? (
                <TableCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              ) : (
                <TableCell>Answered</TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.requestId} hover>
                <ClientCell row={row} />
                <TableCell>{row.therapistName}</TableCell>
                <TableCell>
                  {whenLabel(row.start, timezone)}
                  <Typography variant="body2" color="text.secondary">
                    {row.isTelehealth ? 'Telehealth' : (row.location?.name ?? 'In person')}
                  </Typography>
                </TableCell>
                <DetailCells row={row} />
                {pending ? (
                  <DecisionButtons
                    row={row}
                    onConfirm={() => {
                      onConfirm(row);
                    }}
                    onDecline={() => {
                      onDecline(row);
                    }}
                  />
                ) : (
                  <AnsweredCell row={row} timezone={timezone} />
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        {...pages}
        onPageChange={(_event, next) => {
          onPageChange(next);
        }}
        onRowsPerPageChange={(event) => {
          onRowsPerPageChange(Number(event.target.value));
        }}
      />
    </Paper>
  );
}

/** Who the request is from (a link once it is a client the user may see) and what is known of them. */
function ClientCell({ row }: { row: BookingRequestRow }) {
  const matches = row.candidates.length;
  return (
    <TableCell>
      {row.clientId === null || row.detailsHidden ? (
        nameOf(row)
      ) : (
        <Link component={RouterLink} to={paths.client.profile.getHref(row.clientId)}>
          {nameOf(row)}
        </Link>
      )}
      <Typography variant="body2" color="text.secondary">
        {row.dob ? `Born ${formatZonedDate(`${row.dob}T12:00:00Z`, 'UTC')}` : ''}
        {row.dob && row.viaPortal ? ' · ' : ''}
        {row.viaPortal ? 'client portal' : ''}
        {row.needsClientChoice
          ? ` · ${matches === 0 ? 'no matching client' : `${matches} possible ${matches === 1 ? 'match' : 'matches'}`}`
          : ''}
        {row.status === 'CONFIRMED' && row.clientChoice
          ? ` · ${CHOICE_LABELS[row.clientChoice]}`
          : ''}
      </Typography>
    </TableCell>
  );
}

/** The reason and contact details, or a note when the client is one the user may not see. */
function DetailCells({ row }: { row: BookingRequestRow }) {
  return (
    <>
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
    </>
  );
}

function DecisionButtons({
  row,
  onConfirm,
  onDecline,
}: {
  row: BookingRequestRow;
  onConfirm: () => void;
  onDecline: () => void;
}) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        variant="contained"
        aria-label={`Confirm the request of ${nameOf(row)}`}
        onClick={onConfirm}
      >
        Confirm
      </Button>{' '}
      <Button
        size="small"
        color="error"
        aria-label={`Decline the request of ${nameOf(row)}`}
        onClick={onDecline}
      >
        Decline
      </Button>
    </TableCell>
  );
}

function AnsweredCell({ row, timezone }: { row: BookingRequestRow; timezone: string }) {
  return (
    <TableCell>
      {row.decidedByName ?? 'Booked online'}
      {row.decidedAt && (
        <Typography variant="body2" color="text.secondary">
          {formatZonedDate(row.decidedAt, timezone)}
        </Typography>
      )}
      {row.declineReason && (
        <Typography variant="body2" color="text.secondary">
          “{row.declineReason}”
        </Typography>
      )}
    </TableCell>
  );
}
