import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ReactNode } from 'react';

export interface AutocompleteTextBoxProps extends AutocompleteRenderInputParams {
  label: string;
  placeholder?: string;
  helperText?: ReactNode;
  slotProps?: { formHelperText?: FormHelperTextProps };
}

/**
 * An Autocomplete's text box (`renderInput={(params) => <AutocompleteTextBox {...params} … />}`)
 * with the markup and look of MUI's outlined TextField, without TextField: TextField always
 * loads MUI's Select, Menu and Popover, which a page's first paint (the calendar's filters)
 * does not need (issue 14 budgets).
 */
export function AutocompleteTextBox({
  id,
  disabled,
  fullWidth,
  size,
  InputLabelProps,
  InputProps,
  inputProps,
  label,
  placeholder,
  helperText,
  slotProps,
}: AutocompleteTextBoxProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" disabled={disabled} fullWidth={fullWidth} size={size}>
      <InputLabel {...InputLabelProps}>{label}</InputLabel>
      <OutlinedInput
        {...InputProps}
        id={id}
        label={label}
        placeholder={placeholder}
        aria-describedby={helperId}
        inputProps={inputProps}
      />
      {helperText && (
        <FormHelperText {...slotProps?.formHelperText} id={helperId}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
