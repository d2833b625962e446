import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

import type { PracticeLocation } from './api/types';

/**
 * The inputs HoursFields is made of, each bound to one form field by name, so the same
 * fields serve the weekly-hours form and the extra-hours form.
 */

/** A text, time or number input with its error under it. */
export function HoursTextInput<T extends FieldValues>({
  control,
  name,
  label,
  type,
  ...extra
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type: string;
} & Pick<TextFieldProps, 'required' | 'slotProps'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type={type}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          {...extra}
        />
      )}
    />
  );
}

/** A checkbox of what the hours offer (online scheduling, in person, telehealth). */
export function HoursFlag<T extends FieldValues>({
  control,
  name,
  label,
  disabled = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              name={field.name}
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.target.checked);
              }}
            />
          }
        />
      )}
    />
  );
}

/** The practice's locations, and no location for telehealth-only hours. */
export function LocationSelect<T extends FieldValues>({
  control,
  name,
  locations,
}: {
  control: Control<T>;
  name: Path<T>;
  locations: readonly PracticeLocation[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label="Location"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">No location (telehealth only)</option>
          {locations.map((l) => (
            <option key={l.practiceLocationId} value={String(l.practiceLocationId)}>
              {l.name}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
