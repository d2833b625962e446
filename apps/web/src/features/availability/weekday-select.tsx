import TextField from '@mui/material/TextField';
import { WEEKDAY_NAMES } from '@openpractice/domain';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** The 'Day of the week' select of weekly hours; the value is the weekday's number as text. */
export function WeekdaySelect<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label="Day of the week"
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {WEEKDAY_NAMES.map((weekday, n) => (
            <option key={weekday} value={String(n)}>
              {weekday}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
