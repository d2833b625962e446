import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { defaultSnoozeUntil, formatUsDate, latestSnoozeUntil } from '@openpractice/domain';
import { useId, useState, type SubmitEvent } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useSnoozeClient } from './api';

/** Asks until when to snooze a client (default 30 days from today) and snoozes. */
export function SnoozeDialog({
  client,
  today,
  onClose,
}: {
  client: { patientId: number; name: string };
  /** Today in the practice's time zone, ISO. */
  today: string;
  onClose: () => void;
}) {
  const [until, setUntil] = useState(() => defaultSnoozeUntil(today));
  const snooze = useSnoozeClient();
  const notify = useNotify();
  const titleId = useId();

  function onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    snooze.mutate(
      { patientId: client.patientId, until },
      {
        onSuccess: (answer) => {
          notify.success(`Client snoozed until ${formatUsDate(answer.until)}.`);
          onClose();
        },
        onError: (error) => {
          notify.error(errorMessage(error));
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!snooze.isPending) onClose();
      }}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', onSubmit } }}
    >
      <DialogTitle id={titleId}>Snooze {client.name}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The client leaves the retention list and comes back the day after this date.
        </DialogContentText>
        <TextField
          label="Snooze until"
          type="date"
          value={until}
          onChange={(event) => {
            setUntil(event.target.value);
          }}
          required
          fullWidth
          margin="normal"
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: today, max: latestSnoozeUntil(today) },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={snooze.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={snooze.isPending || until === ''}>
          Snooze
        </Button>
      </DialogActions>
    </Dialog>
  );
}
