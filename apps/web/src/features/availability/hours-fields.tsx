import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

import type { PracticeLocation } from './api/types';
import type { HoursFormValues } from './hours-form';

type Named<T> = { [K in keyof HoursFormValues]: Path<T> };

/** Location, start and end time, spacing and the three switches of a block of hours. */
export function HoursFields<T extends FieldValues & HoursFormValues>({
  control,
  locations,
  telehealthAllowed,
}: {
  control: Control<T>;
  locations: readonly PracticeLocation[];
  telehealthAllowed: boolean;
}) {
  const name = {
    practiceLocationId: 'practiceLocationId',
    startTime: 'startTime',
    endTime: 'endTime',
    scheduleEvery: 'scheduleEvery',
    onlineScheduling: 'onlineScheduling',
    inPersonEnabled: 'inPersonEnabled',
    teletherapyEnabled: 'teletherapyEnabled',
  } as Named<T>;

  const text = (field: Path<T>, label: string, type: string, extra: object = {}) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f, fieldState }) => (
        <TextField
          label={label}
          type={type}
          name={f.name}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          {...extra}
        />
      )}
    />
  );

  const flag = (field: Path<T>, label: string, disabled = false) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              name={f.name}
              checked={f.value}
              onChange={(event) => {
                f.onChange(event.target.checked);
              }}
            />
          }
        />
      )}
    />
  );

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name={name.practiceLocationId}
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text(name.startTime, 'Start time', 'time', { required: true })}
        {text(name.endTime, 'End time', 'time', { required: true })}
      </Stack>
      {text(name.scheduleEvery, 'Schedule every (minutes)', 'number', {
        required: true,
        slotProps: { inputLabel: { shrink: true }, htmlInput: { min: 1, max: 1440, step: 1 } },
      })}
      <Controller
        control={control}
        name={name.inPersonEnabled}
        render={({ fieldState }) => (
          <FormControl error={fieldState.invalid} component="fieldset" variant="standard">
            <FormLabel component="legend">Offered</FormLabel>
            <FormGroup>
              {flag(name.onlineScheduling, 'Online scheduling')}
              {flag(name.inPersonEnabled, 'In person')}
              {flag(name.teletherapyEnabled, 'Telehealth', !telehealthAllowed)}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            {!telehealthAllowed && (
              <FormHelperText>This therapist does not offer telehealth.</FormHelperText>
            )}
          </FormControl>
        )}
      />
    </Stack>
  );
}
