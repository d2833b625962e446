import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { Ref } from 'react';

/**
 * An outlined text field without MUI's TextField, whose select mode brings Select, Menu,
 * Popover and Modal along (about 20 KiB): the client's portal form page has a 250 KiB budget.
 * Same label, required mark, error and helper text wiring as TextField.
 */
export function LightTextField({
  id,
  label,
  required,
  error,
  helperText,
  shrink,
  inputRef,
  fullWidth = true,
  ...input
}: Omit<OutlinedInputProps, 'label' | 'inputRef'> & {
  id: string;
  label: string;
  helperText?: string;
  shrink?: boolean;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
}) {
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl
      variant="outlined"
      required={required}
      error={error}
      fullWidth={fullWidth}
      disabled={input.disabled}
    >
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={required ? `${label} *` : label}
        notched={shrink}
        inputRef={inputRef}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
