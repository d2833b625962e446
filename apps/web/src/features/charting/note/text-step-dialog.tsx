import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';

/**
 * A step that needs words first: returning with feedback (the comment) or unlocking (the
 * reason). The text is required; the server's refusal shows in the dialog.
 */
export function TextStepDialog({
  title,
  description,
  label,
  submitText,
  requiredMessage,
  maxLength,
  color = 'primary',
  busy,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  description: ReactNode;
  label: string;
  submitText: string;
  requiredMessage: string;
  maxLength: number;
  color?: 'primary' | 'warning' | 'error';
  busy: boolean;
  error: string | null;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    onSubmit(text.trim());
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={() => {
        if (!busy) onClose();
      }}
      // noValidate: the dialog says what is missing, in words, rather than the browser.
      slotProps={{
        paper: { component: 'form', onSubmit: submit, ...({ noValidate: true } as object) },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {description}
        </DialogContentText>
        <TextField
          label={label}
          value={text}
          required
          autoFocus
          fullWidth
          multiline
          minRows={3}
          disabled={busy}
          error={missing}
          helperText={missing ? requiredMessage : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '') setMissing(false);
          }}
          slotProps={{ htmlInput: { maxLength } }}
        />
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={color} disabled={busy}>
          {submitText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
