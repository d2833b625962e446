import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';

import { errorMessage } from '../../../lib/api-client';
import type { CardProcessor } from './api';
import { useConnectStripe, type ConnectStripeBody } from './processors-api';

type Fields = {
  name: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  feePercent: string;
  feeFixed: string;
};

/** Stripe's standard US card pricing as the starting figures; the owner changes them. */
const EMPTY: Fields = {
  name: 'Stripe',
  publishableKey: '',
  secretKey: '',
  webhookSecret: '',
  feePercent: '2.90',
  feeFixed: '0.30',
};

/** Dollars and percent as typed into whole cents and basis points; null when not a number. */
export function feesOf(fields: Pick<Fields, 'feePercent' | 'feeFixed'>) {
  const percent = Number(fields.feePercent);
  const fixed = Number(fields.feeFixed);
  if (!Number.isFinite(percent) || !Number.isFinite(fixed) || percent < 0 || fixed < 0) return null;
  return { feePercentBp: Math.round(percent * 100), feeFixedCents: Math.round(fixed * 100) };
}

function bodyOf(fields: Fields, reconnect: CardProcessor | undefined): ConnectStripeBody | null {
  const fees = feesOf(fields);
  if (!fees) return null;
  return {
    ...(reconnect ? { processorId: reconnect.processorId } : {}),
    name: fields.name.trim(),
    publishableKey: fields.publishableKey.trim(),
    secretKey: fields.secretKey.trim(),
    webhookSecret: fields.webhookSecret.trim(),
    ...fees,
  };
}

type FieldProps = { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };

/** The processor's fees as the practice is charged them, shown wherever a card is taken. */
function FeeFields({
  percent,
  fixed,
  error,
}: {
  percent: FieldProps;
  fixed: FieldProps;
  error: boolean;
}) {
  return (
    <Stack direction="row" spacing={2}>
      <TextField label="Fee (%)" {...percent} error={error} />
      <TextField
        label="Fee per payment ($)"
        {...fixed}
        error={error}
        helperText={error ? 'Enter the fees as numbers, e.g. 2.90 and 0.30.' : undefined}
      />
    </Stack>
  );
}

/** A heading that takes the focus once shown, when the form was opened by a button. */
function useFocusWhen(focus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return heading;
}

/**
 * Connects the practice's Stripe account (the owner's, whose bank account receives the money).
 * The secrets are typed here once, go to the server, and are never shown again: the fields
 * empty themselves after a success and the browser is told not to remember them.
 */
export function StripeConnectForm({
  reconnect,
  autoFocus = false,
}: {
  reconnect?: CardProcessor | undefined;
  /** Opened by a button ("Change keys"): the heading takes the focus, so the form is found. */
  autoFocus?: boolean;
}) {
  const connect = useConnectStripe();
  const heading = useFocusWhen(autoFocus);
  const [fields, setFields] = useState<Fields>(() =>
    reconnect
      ? {
          ...EMPTY,
          name: reconnect.name,
          feePercent: (reconnect.feePercentBp / 100).toFixed(2),
          feeFixed: (reconnect.feeFixedCents / 100).toFixed(2),
        }
      : EMPTY,
  );
  const [feeError, setFeeError] = useState(false);
  const field = (key: keyof Fields): FieldProps => ({
    value: fields[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setFields((old) => ({ ...old, [key]: event.target.value }));
    },
  });
  const secret = { htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 255 } };
  const title = reconnect
    ? `Change the Stripe keys of ${reconnect.name}`
    : 'Connect a Stripe account';
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 520 }}
      aria-label={title}
      autoComplete="off"
      onSubmit={(event) => {
        event.preventDefault();
        const body = bodyOf(fields, reconnect);
        setFeeError(body === null);
        if (!body) return;
        connect.mutate(body, {
          onSuccess: () => {
            setFields((old) => ({ ...old, secretKey: '', webhookSecret: '', publishableKey: '' }));
          },
        });
      }}
    >
      <Typography component="h2" variant="h6" ref={heading} tabIndex={-1}>
        {title}
      </Typography>
      <Typography variant="body2">
        From the Stripe dashboard (Developers, API keys; and Webhooks for the signing secret). The
        keys are checked with Stripe before they are kept; the secret key and signing secret are
        stored encrypted and never shown again.
      </Typography>
      {connect.isError && <Alert severity="error">{errorMessage(connect.error)}</Alert>}
      {connect.isSuccess && (
        <Alert severity="success">
          Connected to {connect.data.data.stripeAccount?.label ?? 'Stripe'}.
        </Alert>
      )}
      <TextField
        label="Name"
        required
        {...field('name')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField label="Publishable key" required {...field('publishableKey')} slotProps={secret} />
      <TextField
        label="Secret key"
        type="password"
        required
        {...field('secretKey')}
        slotProps={secret}
      />
      <TextField
        label="Webhook signing secret"
        type="password"
        required
        {...field('webhookSecret')}
        slotProps={secret}
      />
      <FeeFields percent={field('feePercent')} fixed={field('feeFixed')} error={feeError} />
      <Button
        type="submit"
        variant="contained"
        loading={connect.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {reconnect ? 'Change the keys' : 'Connect'}
      </Button>
    </Stack>
  );
}
