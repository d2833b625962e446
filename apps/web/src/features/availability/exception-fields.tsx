import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { AvailabilityExceptionKind } from '@openpractice/domain';
import { Controller, type Control } from 'react-hook-form';

import type { HoursFormValues } from './hours-form';

/** A date exception as its form holds it; the hours count only for extra hours. */
export interface ExceptionFormValues extends HoursFormValues {
  date: string;
  kind: AvailabilityExceptionKind;
  note: string;
}

/** Day off or extra hours: the choice changes the dialog's title and whether hours are asked. */
export function ExceptionKindField({ control }: { control: Control<ExceptionFormValues> }) {
  return (
    <Controller
      control={control}
      name="kind"
      render={({ field }) => (
        <FormControl component="fieldset">
          <FormLabel component="legend">Exception</FormLabel>
          <RadioGroup row name={field.name} value={field.value} onChange={field.onChange}>
            <FormControlLabel value="off" control={<Radio />} label="Day off" />
            <FormControlLabel value="extra" control={<Radio />} label="Extra hours" />
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/** The exception's date; the picker starts at today, since past dates cannot be added. */
export function ExceptionDateField({
  control,
  today,
}: {
  control: Control<ExceptionFormValues>;
  today: string;
}) {
  return (
    <Controller
      control={control}
      name="date"
      render={({ field, fieldState }) => (
        <TextField
          label="Date"
          type="date"
          required
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
      )}
    />
  );
}

/** An optional note shown with the exception in the list. */
export function ExceptionNoteField({ control }: { control: Control<ExceptionFormValues> }) {
  return (
    <Controller
      control={control}
      name="note"
      render={({ field }) => (
        <TextField
          label="Note"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          inputRef={field.ref}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      )}
    />
  );
}
