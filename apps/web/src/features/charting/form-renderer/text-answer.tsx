import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';

import { ChoiceSelect } from './choice-select';
import { DEFAULT_MAX_LENGTH, type AnswerProps } from './types';

/** A text, long text or single-choice answer. */
export function TextAnswer({ field, control, disabled, idPrefix }: AnswerProps) {
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
  return (
    <Controller
      control={control}
      name={field.id}
      render={({ field: input, fieldState }) => {
        const value = typeof input.value === 'string' ? input.value : '';
        if (field.type === 'select') {
          return (
            <ChoiceSelect
              id={`${idPrefix}-${field.id}`}
              label={field.required ? `${field.label} *` : field.label}
              value={value}
              choices={field.options ?? []}
              disabled={disabled}
              error={fieldState.invalid}
              inputRef={input.ref}
              onChange={input.onChange}
              onBlur={input.onBlur}
            />
          );
        }
        return (
          <TextField
            id={`${idPrefix}-${field.id}`}
            label={field.label}
            required={field.required}
            value={value}
            name={input.name}
            inputRef={input.ref}
            onChange={input.onChange}
            onBlur={input.onBlur}
            disabled={disabled}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            multiline={field.type === 'textarea'}
            minRows={field.type === 'textarea' ? 4 : undefined}
            fullWidth
            slotProps={{ htmlInput: { maxLength: max } }}
          />
        );
      }}
    />
  );
}
