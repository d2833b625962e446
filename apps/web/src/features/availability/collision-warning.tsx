import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { collisionWhen, zonedIsoDate } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import type { CollidingAppointment } from './api/collisions';
import type { CollisionWarningState } from './use-collision-check';

/** The warning's texts (the spec has none for this; issue 15 item 7). */
export const COLLISION_TEXTS = {
  title: 'Booked appointments fall outside these hours',
  advice:
    'Open an appointment to reschedule it on the calendar, or save anyway and it stays booked as it is.',
  saveAnyway: 'Save anyway',
  deleteAnyway: 'Delete anyway',
  awaiting: 'awaiting confirmation',
} as const;

/** 'Tue 02/03/2032 10:00 AM Eastern, Chris Client': one appointment, opening it on its day. */
function AppointmentLink({
  appointment,
  timezone,
}: {
  appointment: CollidingAppointment;
  timezone: string;
}) {
  const when = collisionWhen(appointment.start, timezone);
  const awaiting = appointment.awaitingConfirmation ? ` (${COLLISION_TEXTS.awaiting})` : '';
  return (
    <Link
      component={RouterLink}
      to={paths.schedule.getHref({
        event: appointment.calendarEventId,
        date: zonedIsoDate(appointment.start, timezone),
      })}
    >
      {`${when}, ${appointment.title}${awaiting}`}
    </Link>
  );
}

/**
 * What a change collides with, above the form's buttons: each booked
 * appointment with a link that opens it on the calendar to reschedule it.
 */
export function CollisionWarning({ warning }: { warning: CollisionWarningState }) {
  const collisions = warning.collisions;
  const more = collisions ? collisions.total - collisions.appointments.length : 0;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{COLLISION_TEXTS.title}</AlertTitle>
      {collisions ? (
        <List dense disablePadding aria-label="Booked appointments outside the hours">
          {collisions.appointments.map((appointment) => (
            <ListItem key={appointment.calendarEventId} disableGutters>
              <AppointmentLink appointment={appointment} timezone={collisions.timezone} />
            </ListItem>
          ))}
          {more > 0 && <ListItem disableGutters>{`and ${more} more`}</ListItem>}
        </List>
      ) : (
        <Typography variant="body2">{warning.message}</Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {COLLISION_TEXTS.advice}
      </Typography>
    </Alert>
  );
}
