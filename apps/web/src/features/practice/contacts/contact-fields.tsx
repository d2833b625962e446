import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A text field of a practice set-up form; `validate` answers true or the message to show. */
export function SetupTextField<T extends FieldValues>({
  control,
  name,
  validate,
  helperText,
  ...props
}: {
  control: Control<T>;
  name: Path<T>;
  validate?: (value: string) => true | string;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={
        validate
          ? {
              validate: (value: unknown) => validate(typeof value === 'string' ? value.trim() : ''),
            }
          : {}
      }
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** Whether the contact is active (offered as a referral source). */
export function ActiveCheckbox<T extends FieldValues & { active: boolean }>({
  control,
  disabled,
}: {
  control: Control<T>;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={'active' as Path<T>}
      render={({ field }) => (
        <FormControlLabel
          label="Active (offered as a referral source)"
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(event) => {
                field.onChange(event.target.checked);
              }}
              disabled={disabled}
            />
          }
        />
      )}
    />
  );
}
