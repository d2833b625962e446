import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useState } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { useReverseEntry, type LedgerEntry } from '../api';
import { formErrorOf, type FormError } from '../logic/server-error';
import { ActionDialog } from '../parts/action-dialog';

const FIELDS = ['notation'] as const;
const REASON_REQUIRED = 'Enter the reason for the reversal.';

/**
 * Reversing an entry: the ledger never edits, so this adds the opposite entry and keeps the
 * original, and a reason is required because the reversal is how the history explains itself.
 */
export function ReverseDialog({
  patientId,
  entry,
  entryName,
  onClose,
}: {
  patientId: number;
  entry: LedgerEntry;
  entryName: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const reverse = useReverseEntry(patientId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<FormError | null>(null);

  const submit = () => {
    if (reason.trim() === '') {
      setError({ field: 'notation', message: REASON_REQUIRED });
      return;
    }
    setError(null);
    reverse.mutate(
      { entryId: entry.entryId, notation: reason.trim() },
      {
        onSuccess: () => {
          notify.success('Entry reversed.');
          onClose();
        },
        onError: (failure) => {
          setError(formErrorOf(failure, FIELDS));
        },
      },
    );
  };

  return (
    <ActionDialog
      open
      title="Reverse this entry?"
      submitLabel="Reverse"
      submitColor="error"
      busy={reverse.isPending}
      error={error && error.field === null ? error.message : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>
        {entryName} ({formatMoney(entry.amountCents)}) will be undone by an entry of the opposite
        amount. The original stays on the ledger, marked reversed; this cannot be undone.
      </Typography>
      <TextField
        label="Reason"
        required
        autoFocus
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
        }}
        multiline
        minRows={2}
        error={error?.field === 'notation'}
        helperText={error?.field === 'notation' ? error.message : undefined}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </ActionDialog>
  );
}
