import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { ClientAppointment } from './api';
import { appointmentStatus, appointmentSummary, appointmentWhen } from './appointment-text';

/**
 * Appointments as a list (it reads at 375 px where a table would not): the date and time,
 * who, what and where, and what became of it. Each opens its details.
 */
export function AppointmentList({
  appointments,
  timezone,
  label,
  onOpen,
}: {
  appointments: readonly ClientAppointment[];
  timezone: string;
  label: string;
  onOpen: (appointment: ClientAppointment) => void;
}) {
  return (
    <List aria-label={label} disablePadding sx={{ maxWidth: 880 }}>
      {appointments.map((appointment) => {
        const { date, time } = appointmentWhen(appointment, timezone);
        const status = appointmentStatus(appointment);
        return (
          <ListItem key={appointment.eventId} disablePadding divider>
            <ListItemButton
              onClick={() => {
                onOpen(appointment);
              }}
              sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}
            >
              <Stack sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {date} · {time}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {appointmentSummary(appointment)}
                </Typography>
                {appointment.cancelReason !== null && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    Reason: {appointment.cancelReason}
                  </Typography>
                )}
              </Stack>
              {status && (
                <Chip
                  size="small"
                  variant="outlined"
                  color={status.tone}
                  label={status.label}
                  sx={{ flexShrink: 0 }}
                />
              )}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
