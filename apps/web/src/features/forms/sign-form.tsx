import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-errors';
import { LightTextField } from '../../ui/questionnaire';
import { useResponseStep, type ResponseDetail } from './api';

/** Today on this device's calendar, as the date the signer sees beside their name. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A typed-name signature with its date: the client signs (in the portal, or on the staff
 * member's screen, which the server records as such). The server keeps who, when and from
 * where; the signed response can no longer change.
 */
export function SignForm({ detail, portal }: { detail: ResponseDetail; portal: boolean }) {
  const step = useResponseStep(detail.assignment.id, portal);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedOn = today();
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-labelledby="sign-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim().length < 2) {
          setError('Type your full name.');
          return;
        }
        setError(null);
        step.mutate(
          { step: 'sign', typedName: name.trim(), signedOn },
          {
            onError: (e) => {
              setError(errorMessage(e));
            },
          },
        );
      }}
    >
      <Typography id="sign-heading" component="h2" variant="h6">
        Sign
      </Typography>
      <Typography>
        {portal
          ? 'Typing your full name below is your signature on this form.'
          : 'The client types their full name below to sign this form on your screen.'}
      </Typography>
      <LightTextField
        id="signature-name"
        label="Full name"
        required
        value={name}
        autoComplete="name"
        onChange={(event) => {
          setName(event.target.value);
        }}
        error={error !== null}
        helperText={error ?? `Signed on ${signedOn}`}
        fullWidth={false}
        sx={{ maxWidth: 420 }}
      />
      {step.isError && error === null && <Alert severity="error">{errorMessage(step.error)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={step.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Sign
      </Button>
    </Stack>
  );
}
