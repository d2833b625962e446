import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode, type SubmitEvent } from 'react';

/** A dialog around one of the editor's forms: Save submits, Cancel closes (not while saving). */
export function FormDialog({
  title,
  busy,
  failure,
  warning,
  submitLabel = 'Save',
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  /**
   * Why the last save failed, shown inside the dialog too: while a dialog is
   * open the rest of the page (the snackbar with it) is hidden from assistive technology.
   */
  failure?: string | null;
  /** Shown above the fields, e.g. the booked appointments a change collides with. */
  warning?: ReactNode;
  /** The submit button's text ('Save anyway' once a warning asks to confirm). */
  submitLabel?: string;
  onSubmit: (event: SubmitEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            {warning}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
