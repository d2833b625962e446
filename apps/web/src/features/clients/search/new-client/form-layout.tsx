import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessageValidator } from '@openpractice/domain';
import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';

import type { NewClientValues } from './new-client-form';

/** The first failing rule's message, or true. */
export const all =
  (...rules: MessageValidator[]) =>
  (value: unknown): true | string => {
    for (const rule of rules) {
      const result = rule(value);
      if (result !== true) return result;
    }
    return true;
  };

/** A titled part of the form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Fields on a grid: four across on a wide form, fewer as it narrows. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** Grid cells a field spans (a wide field takes two). */
export const span = (columns: number) => ({ gridColumn: `span ${columns}` });

type TextFieldName =
  'firstName' | 'nickName' | 'middleName' | 'lastName' | 'dob' | 'email' | 'phone';

/** A text field of the new client form, validated with `rules`. */
export function TextInput({
  control,
  name,
  label,
  rules,
  required = false,
  type,
  placeholder,
  autoFocus,
  inputMode,
  wide = false,
  hint,
}: {
  control: Control<NewClientValues>;
  name: TextFieldName;
  label: string;
  rules?: (value: unknown) => true | string;
  required?: boolean;
  type?: string;
  placeholder?: string;
  autoFocus?: boolean;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  wide?: boolean;
  /** Shown under the field while it has no error (e.g. a warning that does not refuse). */
  hint?: ReactNode;
}) {
  return (
    <Controller
      name={name}
      control={control}
      rules={{ validate: rules }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          type={type}
          placeholder={placeholder}
          autoFocus={autoFocus}
          required={required}
          autoComplete="off"
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{ htmlInput: { inputMode } }}
          sx={wide ? span(2) : undefined}
        />
      )}
    />
  );
}
