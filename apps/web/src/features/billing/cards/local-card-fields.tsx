import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

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
  const set = (field: keyof LocalCardInput) => (event: { target: { value: string } }) => {
    onChange({ ...value, [field]: event.target.value });
  };
  return (
    <Stack spacing={2}>
      <Alert severity="info" data-testid="local-processor-notice">
        Local test processor: no money moves. Test cards: 4242 4242 4242 4242 is approved, 4000 0000
        0000 0002 is declined.
      </Alert>
      <TextField
        label="Card number"
        value={value.number}
        onChange={set('number')}
        error={errorOn('number') !== null}
        helperText={errorOn('number') ?? ' '}
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Expiration (MM/YY)"
          value={value.expiration}
          onChange={set('expiration')}
          error={errorOn('expiration') !== null}
          helperText={errorOn('expiration') ?? ' '}
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { maxLength: 5 } }}
        />
        <TextField
          label="Security code"
          value={value.cvc}
          onChange={set('cvc')}
          error={errorOn('cvc') !== null}
          helperText={errorOn('cvc') ?? ' '}
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Stack>
    </Stack>
  );
}
