import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

import { COLLISION_TEXTS, CollisionWarning } from './collision-warning';
import type { CollisionWarningState } from './use-collision-check';

/**
 * Deleting weekly hours that booked appointments fall in (issue 15 item 7):
 * the appointments, each opening on the calendar, and Delete anyway.
 */
export function DeleteDayAnywayDialog({
  hours,
  warning,
  busy,
  onConfirm,
  onClose,
}: {
  /** 'Tuesday 9:00 AM–5:00 PM'. */
  hours: string;
  warning: CollisionWarningState;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
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
      <DialogTitle id={titleId}>{`Delete ${hours}?`}</DialogTitle>
      <DialogContent>
        <CollisionWarning warning={warning} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting…' : COLLISION_TEXTS.deleteAnyway}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
