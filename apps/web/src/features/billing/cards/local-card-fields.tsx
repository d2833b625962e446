import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useId } from 'react';

import { LightTextField } from '../../../ui/questionnaire/light-text-field';

import type { LocalCardInput } from './api';

/** What the person has typed; kept only in the page until it is sent to the processor. */
export const EMPTY_CARD: LocalCardInput = { number: '', expiration: '', cvc: '' };

/**
 * The local processor's card fields. It stands in for a processor's hosted fields: the number
 * goes to the processor's tokenising call and is forgotten; the notice says plainly that this
 * processor moves no money, so no one mistakes a test payment for a real one.
 */
export function LocalCardFields({
  value,
  onChange,
  errorOn,
}: {
  value: LocalCardInput;
  onChange: (next: LocalCardInput) => void;
  /** The processor's message for a field (number, expiration, cvc), or null. */
  errorOn: (field: 'number' | 'expiration' | 'cvc') => string | null;
}) {
  const id = useId();
  const set = (field: keyof LocalCardInput) => (event: { target: { value: string } }) => {
    onChange({ ...value, [field]: event.target.value });
  };
  // Light fields (no MUI TextField, whose select mode costs about 20 KiB): the client's portal
  // takes cards here too, within its page budget.
  const field = (name: keyof LocalCardInput) => ({
    id: `${id}-${name}`,
    value: value[name],
    onChange: set(name),
    error: errorOn(name) !== null,
    helperText: errorOn(name) ?? ' ',
  });
  return (
    <Stack spacing={2}>
      <Alert severity="info" data-testid="local-processor-notice">
        Local test processor: no money moves. Test cards: 4242 4242 4242 4242 is approved, 4000 0000
        0000 0002 is declined.
      </Alert>
      <LightTextField
        label="Card number"
        {...field('number')}
        autoComplete="cc-number"
        inputProps={{ inputMode: 'numeric', maxLength: 23 }}
      />
      <Stack direction="row" spacing={2}>
        <LightTextField
          label="Expiration (MM/YY)"
          {...field('expiration')}
          autoComplete="cc-exp"
          inputProps={{ maxLength: 5 }}
          fullWidth={false}
        />
        <LightTextField
          label="Security code"
          {...field('cvc')}
          autoComplete="cc-csc"
          inputProps={{ inputMode: 'numeric', maxLength: 4 }}
          fullWidth={false}
        />
      </Stack>
    </Stack>
  );
}
