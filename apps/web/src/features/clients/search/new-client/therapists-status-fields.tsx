import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { required } from '@openpractice/domain';
import { Controller, type Control } from 'react-hook-form';

import {
  therapistName,
  usePracticeTherapists,
  type PracticeTherapist,
} from '../api/practice-lists';
import { CLIENT_STATUSES, CLIENT_STATUS_LABELS } from '../search-criteria';
import { FieldGrid, span } from './form-layout';
import type { NewClientValues } from './new-client-form';

/** The client's therapists (at least one, active ones only) and their status with them. */
export function TherapistsAndStatusFields({ control }: { control: Control<NewClientValues> }) {
  const therapists = usePracticeTherapists();
  const active = (therapists.data ?? []).filter((t) => t.active);
  const byId = new Map<number, PracticeTherapist>(active.map((t) => [t.id, t]));

  return (
    <FieldGrid>
      <Controller
        name="therapistIds"
        control={control}
        rules={{ validate: required }}
        render={({ field, fieldState }) => (
          <Autocomplete<PracticeTherapist, true>
            multiple
            options={active}
            loading={therapists.isPending}
            value={field.value.flatMap((id) => byId.get(id) ?? [])}
            onChange={(_event, chosen) => {
              field.onChange(chosen.map((t) => t.id));
            }}
            onBlur={field.onBlur}
            getOptionLabel={therapistName}
            getOptionKey={(t) => t.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={span(2)}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label="Therapists"
                required
                error={fieldState.invalid || therapists.isError}
                helperText={
                  fieldState.error?.message ??
                  (therapists.isError ? 'Unable to load the list of therapists.' : undefined)
                }
              />
            )}
          />
        )}
      />
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <TextField {...field} inputRef={field.ref} select label="Status" sx={span(1)}>
            {CLIENT_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {CLIENT_STATUS_LABELS[status]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FieldGrid>
  );
}
