import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_TOASTS, formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage, failureOf } from '../../../lib/api-errors';
import { useLobbyAppointment, type LobbyAppointment } from './api';
import { lobbyView } from './lobby-view';

const TICK_MS = 1_000;

/** `/telehealth/:id`: an appointment's telehealth lobby, open from 15 minutes before to 15 after. */
export function TelehealthLobbyPage() {
  const { id } = useParams();
  const eventId = /^\d+$/.test(id ?? '') ? Number(id) : 0;
  const lobby = useLobbyAppointment(eventId);

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Telehealth session
      </Typography>
      {eventId === 0 ? (
        <Alert severity="error">That is not an appointment.</Alert>
      ) : lobby.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the appointment" />
        </Box>
      ) : lobby.isError ? (
        <LoadFailed error={lobby.error} />
      ) : (
        <Lobby appointment={lobby.data} />
      )}
    </Box>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  // 403 and 404 say why (not this caller's calendar, no such appointment); others may pass on a reload.
  const known = ['forbidden', 'not-found'].includes(failureOf(error));
  return (
    <Alert
      severity="warning"
      action={
        known ? undefined : (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              window.location.reload();
            }}
          >
            Refresh
          </Button>
        )
      }
    >
      {known ? errorMessage(error) : ATTENDANCE_TOASTS.appointmentDetailsFailed}
    </Alert>
  );
}

function Lobby({ appointment }: { appointment: LobbyAppointment }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(new Date());
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  const view = lobbyView(appointment, now);
  const zone = appointment.timezone;
  const when = `${formatZonedDate(appointment.start, zone)}, ${formatZonedTime(appointment.start, zone)} – ${formatZonedTime(appointment.end, zone)}`;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6">
          {appointment.clientName}
        </Typography>
        <Typography>{when}</Typography>
        <Typography color="text.secondary">With {appointment.therapistName}</Typography>
      </Paper>

      <Box role="status" aria-live="polite" aria-atomic="true">
        <Typography sx={{ fontWeight: 600 }}>{view.text}</Typography>
        {view.kind === 'before' && (
          <Typography>
            It opens at {view.opensAt}. {view.countdown}.
          </Typography>
        )}
      </Box>

      {view.kind === 'open' &&
        (view.roomUrl ? (
          <Box>
            <Button
              variant="contained"
              size="large"
              href={view.roomUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Join the video session
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The practice’s video room opens in a new tab.
            </Typography>
          </Box>
        ) : (
          <Alert severity="info">{view.noRoomText}</Alert>
        ))}

      <Box>
        <Link component={RouterLink} to={paths.schedule.getHref()}>
          Back to the calendar
        </Link>
      </Box>
    </Stack>
  );
}
