import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResponseOf } from '@openpractice/contracts';
import type { listMyAppointments } from '@openpractice/contracts/clients/portal-appointments';
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';

import { apiPaths, paths } from '../../../config/paths';
import { api, errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';

type Answer = ResponseOf<typeof listMyAppointments>;
type Appointment = Answer['upcoming'][number];

export function useMyAppointments() {
  return useQuery({
    queryKey: ['portal', 'appointments'],
    queryFn: ({ signal }) => api.get<Answer>(apiPaths.myAppointments, { signal }),
  });
}

/** 'Mon 12/01/2026, 1:00 PM with Theresa Quinn · Telehealth', on the practice's clocks. */
function whenAndWho(appointment: Appointment, timezone: string) {
  const day = formatZonedDate(appointment.start, timezone);
  const time = appointment.allDay ? 'all day' : formatZonedTime(appointment.start, timezone);
  const place = appointment.isTelehealth ? 'Telehealth' : appointment.location;
  return {
    primary: `${day}, ${time}`,
    secondary: [
      appointment.groupName ?? `with ${appointment.therapistName}`,
      appointment.service,
      place,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

function AppointmentList({
  label,
  rows,
  timezone,
}: {
  label: string;
  rows: Appointment[];
  timezone: string;
}) {
  return (
    <List aria-label={label} disablePadding>
      {rows.map((row) => {
        const text = whenAndWho(row, timezone);
        return (
          <ListItem key={row.eventId} disableGutters divider>
            <ListItemText primary={text.primary} secondary={text.secondary} />
            {row.cancelled && <Chip size="small" label="Cancelled" />}
            {!row.cancelled && row.awaitingConfirmation && (
              <Chip size="small" variant="outlined" label="Awaiting confirmation" />
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * The portal home's appointments (issue 21 item 4): what is to come, soonest first, and the
 * latest past ones, on the practice's clocks; with the way to book another.
 */
export function MyAppointments() {
  const query = useMyAppointments();
  if (query.isPending) return <PageSpinner label="Loading your appointments" />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        Unable to load your appointments. {errorMessage(query.error)}
      </Alert>
    );
  const { timezone, upcoming, upcomingTotal, past } = query.data;
  return (
    <Stack spacing={3}>
      <Stack component="section" spacing={1} aria-labelledby="upcoming-appointments">
        <Typography id="upcoming-appointments" component="h2" variant="h6">
          Upcoming appointments
        </Typography>
        {upcoming.length === 0 ? (
          <Typography color="text.secondary">You have no upcoming appointments.</Typography>
        ) : (
          <AppointmentList label="Upcoming appointments" rows={upcoming} timezone={timezone} />
        )}
        {upcomingTotal > upcoming.length && (
          <Typography variant="body2" color="text.secondary">
            And {upcomingTotal - upcoming.length} more after these.
          </Typography>
        )}
        <Link component={RouterLink} to={paths.selfSchedule.getHref()}>
          Request an appointment
        </Link>
      </Stack>
      {past.length > 0 && (
        <Stack component="section" spacing={1} aria-labelledby="past-appointments">
          <Typography id="past-appointments" component="h2" variant="h6">
            Recent appointments
          </Typography>
          <AppointmentList label="Recent appointments" rows={past} timezone={timezone} />
        </Stack>
      )}
    </Stack>
  );
}
