import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

/**
 * One choice as a native select (light, keyboard- and phone-friendly): a blank first
 * option, then the choices. `error` marks it when its group is incomplete.
 */
export function ChoiceSelect({
  id,
  label,
  value,
  choices,
  disabled,
  error,
  blankLabel = 'Choose…',
  inputRef,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  choices: readonly string[];
  disabled?: boolean;
  error?: boolean;
  blankLabel?: string;
  inputRef?: Ref<HTMLSelectElement>;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      error={error}
      fullWidth
      inputRef={inputRef}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      onBlur={onBlur}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{blankLabel}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </TextField>
  );
}
