import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  appointmentLengthLabel,
  formatZonedDate,
  formatZonedTime,
  NONE_TEXT,
} from '@openpractice/domain';
import { Fragment, useId } from 'react';

import type { ClientAppointment } from './api';
import { appointmentStatus, appointmentWhen, placeText, serviceText } from './appointment-text';

/**
 * One appointment of the chart, read-only: everything the row abbreviates, with the
 * cancellation's date, who cancelled and why. Changes are made on the calendar.
 */
export function AppointmentDialog({
  appointment,
  timezone,
  onClose,
}: {
  appointment: ClientAppointment;
  timezone: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const { date, time } = appointmentWhen(appointment, timezone);
  const status = appointmentStatus(appointment);
  const cancelled =
    appointment.cancelledAt === null
      ? null
      : `${formatZonedDate(appointment.cancelledAt, timezone)} ${formatZonedTime(appointment.cancelledAt, timezone)}`;
  const facts: [string, string][] = [
    ['Date', date],
    ['Time', time],
    ...(appointment.allDay
      ? []
      : [['Length', appointmentLengthLabel(appointment.durationMinutes)] as [string, string]]),
    ['Therapist', appointment.therapistName],
    ['Service', serviceText(appointment) ?? NONE_TEXT],
    ['Where', placeText(appointment) ?? NONE_TEXT],
    ...(appointment.groupName === null
      ? []
      : [['Group', appointment.groupName] as [string, string]]),
    ...(status ? [['Status', status.label] as [string, string]] : []),
    ...(cancelled === null
      ? []
      : ([
          ['Cancelled on', cancelled],
          ['Cancelled by', appointment.cancelledBy ?? NONE_TEXT],
          ['Reason', appointment.cancelReason ?? NONE_TEXT],
        ] as [string, string][])),
  ];
  return (
    <Dialog open fullWidth maxWidth="xs" onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Appointment on {date}</DialogTitle>
      <DialogContent>
        <Typography
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 1,
            m: 0,
          }}
        >
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Fragment>
          ))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          To change this appointment, open it on the calendar.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
