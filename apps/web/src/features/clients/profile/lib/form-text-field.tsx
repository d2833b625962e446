import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A MUI text field (or, with `select`, a select) bound to a text field of a
 * react-hook-form form. `validate` gets the text as typed and answers true or
 * the message, which replaces the helper text (the domain validators' shape).
 */
export function FormTextField<T extends FieldValues>({
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
          ? { validate: (value: unknown) => validate(typeof value === 'string' ? value : '') }
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
