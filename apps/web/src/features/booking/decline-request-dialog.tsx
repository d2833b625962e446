import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import { useDecideRequest } from './api';

export const DECLINE_REASON_MAX = 500;

/**
 * Declining releases the held time, leaves no client or link behind, and
 * emails the booker with the optional message: it is confirmed here first,
 * as a destructive action.
 */
export function DeclineRequestDialog({
  requestId,
  summary,
  onClose,
  onDeclined,
}: {
  requestId: number;
  /** 'Dana Requester with Daniel Okafor, LCSW on Tuesday, …'. */
  summary: string;
  onClose: () => void;
  onDeclined: () => void;
}) {
  const decide = useDecideRequest();
  const [reason, setReason] = useState('');
  const busy = decide.isPending;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Decline this request?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {summary}. The held time is released, nothing is added to any client&apos;s record, and
          the client is emailed.
        </DialogContentText>
        {decide.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(decide.error)}
          </Alert>
        )}
        <TextField
          label="Message to the client (optional)"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
          }}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: DECLINE_REASON_MAX } }}
          helperText="For example, another time you could offer."
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => {
            decide.mutate(
              { requestId, decision: 'decline', reason: reason.trim() },
              { onSuccess: onDeclined },
            );
          }}
        >
          Decline request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
