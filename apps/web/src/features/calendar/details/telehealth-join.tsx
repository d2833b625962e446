import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { AppointmentDetails, Teletherapy } from './api';
import { lobbyStateAt } from './details-logic';

const TICK_MS = 15_000;

/** The telehealth line of an appointment: what the lobby says, and 'Join telehealth' while it is open. */
export function TelehealthJoin({
  appointment,
  teletherapy,
}: {
  appointment: Pick<AppointmentDetails, 'calendar_event_id' | 'start' | 'end' | 'isCancelled'>;
  teletherapy: Teletherapy;
}) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(new Date());
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  const state = lobbyStateAt(appointment, now);
  const open = state === 'open';
  // The server's message was right when loaded; a lobby that opened since says so.
  const message =
    open && teletherapy.status !== 'open'
      ? 'The session is open. Join when you are ready.'
      : teletherapy.message;

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'center',
        flexWrap: 'wrap',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ flex: '1 1 240px' }}>
        <Typography variant="subtitle2" component="p">
          {teletherapy.title}
        </Typography>
        <Typography variant="body2">{message}</Typography>
      </Box>
      <Button
        variant="contained"
        component={RouterLink}
        to={paths.telehealth.getHref(appointment.calendar_event_id)}
        disabled={!open}
      >
        Join telehealth
      </Button>
    </Box>
  );
}
