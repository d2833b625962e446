import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export function idleCountdownText(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'Signing you out…';
  return `You will be signed out in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}.`;
}

/** 'Is the chair empty?': the countdown before the inactivity sign-out. */
export function IdleDialog({
  secondsLeft,
  onStillHere,
}: {
  secondsLeft: number;
  onStillHere: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      maxWidth="xs"
      fullWidth
      onClose={onStillHere}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Is the chair empty?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{idleCountdownText(secondsLeft)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus disabled={secondsLeft <= 0} onClick={onStillHere}>
          I&apos;m still here
        </Button>
      </DialogActions>
    </Dialog>
  );
}
