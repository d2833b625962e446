import InputAdornment from '@mui/material/InputAdornment';
import { useId } from 'react';

import { LightTextField } from '../../../ui/questionnaire/light-text-field';

/**
 * The amount to pay, typed as dollars and cents: the staff pages' MoneyField on a light field
 * (no MUI TextField, about 20 KiB), since the portal page keeps within its 250 KiB budget.
 */
export function AmountField({
  value,
  onChange,
  error,
  helperText,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  helperText: string;
}) {
  const id = useId();
  return (
    <LightTextField
      id={id}
      label="Amount"
      name="amount"
      required
      value={value}
      autoComplete="off"
      onChange={(event) => {
        onChange(event.target.value);
      }}
      error={error !== null}
      helperText={error ?? helperText}
      inputProps={{ inputMode: 'decimal' }}
      startAdornment={<InputAdornment position="start">$</InputAdornment>}
    />
  );
}
