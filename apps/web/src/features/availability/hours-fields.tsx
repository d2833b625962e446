import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

import type { PracticeLocation } from './api/types';
import type { HoursFormValues } from './hours-form';
import { HoursFlag, HoursTextInput, LocationSelect } from './hours-inputs';

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

  return (
    <Stack spacing={2}>
      <LocationSelect control={control} name={name.practiceLocationId} locations={locations} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <HoursTextInput
          control={control}
          name={name.startTime}
          label="Start time"
          type="time"
          required
        />
        <HoursTextInput
          control={control}
          name={name.endTime}
          label="End time"
          type="time"
          required
        />
      </Stack>
      <HoursTextInput
        control={control}
        name={name.scheduleEvery}
        label="Schedule every (minutes)"
        type="number"
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, max: 1440, step: 1 } }}
      />
      {/* The group shows the in-person field's error: the domain reports there that nothing is offered. */}
      <Controller
        control={control}
        name={name.inPersonEnabled}
        render={({ fieldState }) => (
          <FormControl error={fieldState.invalid} component="fieldset" variant="standard">
            <FormLabel component="legend">Offered</FormLabel>
            <FormGroup>
              <HoursFlag control={control} name={name.onlineScheduling} label="Online scheduling" />
              <HoursFlag control={control} name={name.inPersonEnabled} label="In person" />
              <HoursFlag
                control={control}
                name={name.teletherapyEnabled}
                label="Telehealth"
                disabled={!telehealthAllowed}
              />
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
