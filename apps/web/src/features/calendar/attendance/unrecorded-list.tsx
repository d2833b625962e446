import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';

import { formatZonedDate, formatZonedTime } from '@openpractice/domain';

import type { UnrecordedAppointment } from './api';

export interface Pages {
  count: number;
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** 'Tuesday Anxiety Group · 4 of 6 not recorded', or the client's name. */
export function whoLabel(row: UnrecordedAppointment): string {
  if (!row.isGroup) return row.clientName;
  return `${row.clientName} · ${row.unrecordedCount} of ${row.attendeeCount} not recorded`;
}

/**
 * '06/17/2031, 2:00 PM – 3:00 PM · Theresa Quinn · Telehealth · 90837' (the parts known), on the
 * practice's clocks as the calendar shows them.
 */
export function whenLabel(row: UnrecordedAppointment, timezone: string, showTherapist: boolean) {
  return [
    `${formatZonedDate(row.start, timezone)}, ${formatZonedTime(row.start, timezone)} – ${formatZonedTime(row.end, timezone)}`,
    showTherapist ? row.therapistName : null,
    row.isTelehealth ? 'Telehealth' : null,
    row.serviceCode,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** A page of sessions to record; each row opens that appointment's details. */
export function UnrecordedList({
  rows,
  timezone,
  showTherapist,
  pagination,
  onOpen,
}: {
  rows: UnrecordedAppointment[];
  timezone: string;
  /** Every therapist's sessions are listed: say whose each one is. */
  showTherapist: boolean;
  pagination: Pages;
  onOpen: (row: UnrecordedAppointment) => void;
}) {
  const { onPageChange, onRowsPerPageChange, ...pages } = pagination;
  return (
    <Paper variant="outlined">
      <List aria-label="Sessions to record" disablePadding>
        {rows.map((row) => (
          <ListItem key={row.calendarEventId} disablePadding divider>
            <ListItemButton
              aria-haspopup="dialog"
              onClick={() => {
                onOpen(row);
              }}
            >
              <ListItemText
                primary={whoLabel(row)}
                secondary={whenLabel(row, timezone, showTherapist)}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <TablePagination
        component="div"
        {...pages}
        labelRowsPerPage="Per page"
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
