import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/**
 * An amount of money typed as dollars and cents. Checked before sending (readMoney), so the
 * field shows its own error; `helperText` says what may be entered when there is none.
 */
export function MoneyField({
  label,
  value,
  onChange,
  error,
  helperText,
  autoFocus = false,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  helperText?: string | undefined;
  autoFocus?: boolean;
  name: string;
}) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      required
      autoFocus={autoFocus}
      autoComplete="off"
      onChange={(event) => {
        onChange(event.target.value);
      }}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  );
}
