import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState, type SubmitEvent } from 'react';

import type { Reviewer } from '../api/notes';

export const CHOOSE_REVIEWER = 'Choose the supervisor who reviews it.';

/** A supervisee with several supervisors chooses who reviews the note (or addendum). */
export function SendForReviewDialog({
  what,
  reviewers,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  what: 'note' | 'addendum';
  reviewers: readonly Reviewer[];
  busy: boolean;
  error: string | null;
  onSubmit: (reviewerTherapistId: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const labelId = useId();
  const [chosen, setChosen] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (chosen === '') {
      setMissing(true);
      return;
    }
    onSubmit(Number(chosen));
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
      // noValidate: the dialog says what is missing, in words, rather than the browser.
      slotProps={{
        paper: { component: 'form', onSubmit: submit, ...({ noValidate: true } as object) },
      }}
    >
      <DialogTitle id={titleId}>Send the {what} for review</DialogTitle>
      <DialogContent>
        <FormControl error={missing} required>
          <FormLabel id={labelId}>Reviewer</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              setMissing(false);
            }}
          >
            {reviewers.map((r) => (
              <FormControlLabel
                key={r.therapistId}
                value={String(r.therapistId)}
                control={<Radio disabled={busy} />}
                label={r.name}
              />
            ))}
          </RadioGroup>
          {missing && <FormHelperText>{CHOOSE_REVIEWER}</FormHelperText>}
        </FormControl>
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
        <Button type="submit" variant="contained" disabled={busy}>
          Send for review
        </Button>
      </DialogActions>
    </Dialog>
  );
}
