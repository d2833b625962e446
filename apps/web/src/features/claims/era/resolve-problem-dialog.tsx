import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useResolveEraProblem, type EraProblemResolution, type EraProblemRow } from './api';

type Outcome = EraProblemResolution['outcome'];

/** What a biller may say became of a problem: a claim's fate, or a stray payment dismissed. */
const CLAIM_OUTCOMES: { value: Outcome; label: string }[] = [
  { value: 'postedByHand', label: 'I posted the payment by hand: the claim is paid' },
  { value: 'denied', label: 'The payer denied the claim' },
  { value: 'askedPayer', label: 'I asked the payer to send the remittance again' },
];

const NOTE_LIMIT = 500;

/** The claim's fate, one of CLAIM_OUTCOMES; `missing` when the biller pressed Resolve without one. */
function ClaimOutcomeChoice({
  value,
  missing,
  onChange,
}: {
  value: Outcome | '';
  missing: boolean;
  onChange: (value: Outcome) => void;
}) {
  return (
    <FormControl error={missing} required>
      <FormLabel id="resolve-era-outcome">What became of the claim?</FormLabel>
      <RadioGroup
        aria-labelledby="resolve-era-outcome"
        value={value}
        onChange={(event) => {
          onChange(event.target.value as Outcome);
        }}
      >
        {CLAIM_OUTCOMES.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {missing && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Choose what became of the claim.
        </Alert>
      )}
    </FormControl>
  );
}

/**
 * Resolving a problemERA row (issue 20 item 7): the biller says what became of it, with a note
 * kept on the claim's log. A payment that names no claim of the practice can only be dismissed.
 */
export function ResolveProblemDialog({
  row,
  onClose,
  onResolved,
}: {
  row: EraProblemRow;
  onClose: () => void;
  onResolved: () => void;
}) {
  const resolve = useResolveEraProblem();
  const forClaim = row.claimId !== null;
  const [outcome, setOutcome] = useState<Outcome | ''>(forClaim ? '' : 'dismissed');
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState(true);
  const busy = resolve.isPending;
  const noteTooLong = note.trim().length > NOTE_LIMIT;

  const confirm = async () => {
    if (outcome === '') {
      setChosen(false);
      return;
    }
    if (noteTooLong) return;
    try {
      await resolve.mutateAsync({
        problemId: row.id,
        outcome,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      onResolved();
    } catch {
      // Shown below from resolve.error.
    }
  };

  const subject = row.patientControlNumber ?? 'this payment';
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="resolve-era-title"
    >
      <DialogTitle id="resolve-era-title">Resolve the problem with {subject}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{row.reason}</DialogContentText>
        {forClaim ? (
          <ClaimOutcomeChoice
            value={outcome}
            missing={!chosen}
            onChange={(value) => {
              setOutcome(value);
              setChosen(true);
            }}
          />
        ) : (
          <DialogContentText>
            No claim of the practice matches it, so there is nothing to post it to. Dismiss it once
            you have dealt with the payment (returned it, or asked the payer where it belongs).
          </DialogContentText>
        )}
        {forClaim && (
          <TextField
            label="Note (kept on the claim's history)"
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
            }}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            error={noteTooLong}
            helperText={noteTooLong ? 'Keep the note under 500 characters.' : ' '}
          />
        )}
        {resolve.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(resolve.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
          {forClaim ? 'Resolve' : 'Dismiss'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
