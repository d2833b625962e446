import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

import { scopeDescription, type Scope } from './details-logic';

const REASON_MAX = 500;

/** Asks for the reason and confirms what a cancel will change before it does. */
export function CancelAppointmentDialog({
  scope,
  busy,
  onConfirm,
  onClose,
}: {
  scope: Scope;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason.trim());
        }}
      >
        <DialogTitle id={titleId}>Cancel appointment</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            This cancels {scopeDescription(scope)}. Cancelled appointments stay on the calendar
            (shown in red when cancelled events are included).
          </DialogContentText>
          <TextField
            label="Reason for cancelling"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value.slice(0, REASON_MAX));
            }}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            helperText={`${reason.length}/${REASON_MAX}`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Keep appointment
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            Cancel appointment
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
