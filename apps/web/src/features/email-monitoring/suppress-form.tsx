import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { email as emailRule, REQUIRED_MESSAGE } from '@openpractice/domain';
import { useState, type SyntheticEvent } from 'react';

import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../ui/snackbar/use-notify';
import {
  SUPPRESSION_REASON_LABELS,
  SUPPRESSION_REASONS,
  useAddSuppressed,
  type SuppressionReason,
} from './api';

/** Adds an address to the suppression list, with a reason (Complaint unless chosen). */
export function SuppressForm() {
  const add = useAddSuppressed();
  const notify = useNotify();
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('COMPLAINT');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const typed = address.trim();
    const verdict = typed === '' ? REQUIRED_MESSAGE : emailRule(typed);
    if (verdict !== true) {
      setFieldError(verdict);
      return;
    }
    setFieldError(null);
    add.mutate(
      { email: typed, reason },
      {
        onSuccess: () => {
          notify.success(`${typed} will not be sent email.`);
          setAddress('');
          setReason('COMPLAINT');
        },
        onError: (error) => {
          notify.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      aria-label="Suppress an address"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      onSubmit={submit}
    >
      <TextField
        label="Email address"
        size="small"
        type="email"
        value={address}
        error={fieldError !== null}
        helperText={fieldError ?? ' '}
        onChange={(event) => {
          setAddress(event.target.value);
        }}
        sx={{ minWidth: { sm: 280 } }}
      />
      <TextField
        select
        size="small"
        label="Reason"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value as SuppressionReason);
        }}
        sx={{ minWidth: 160 }}
      >
        {SUPPRESSION_REASONS.map((r) => (
          <MenuItem key={r} value={r}>
            {SUPPRESSION_REASON_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <Button type="submit" variant="contained" disabled={add.isPending}>
          Suppress
        </Button>
      </div>
    </Stack>
  );
}
