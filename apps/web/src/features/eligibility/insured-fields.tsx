import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { max, required } from '@openpractice/domain';
import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';

import type { CreateValues } from './create-values';

const RELATIONSHIPS = [
  { value: 'child', label: 'Child' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'other', label: 'Other' },
] as const;

const all =
  (...rules: ((value: unknown) => true | string)[]) =>
  (value: unknown) => {
    for (const rule of rules) {
      const result = rule(value);
      if (result !== true) return result;
    }
    return true;
  };

/**
 * Whose policy it is: the client as the insured, or as a dependent (then the insured's
 * name and the relationship).
 */
export function InsuredFields({ control }: { control: Control<CreateValues> }) {
  const insured = useWatch({ control, name: 'insured' });
  const insuredLabelId = useId();
  return (
    <>
      <Controller
        name="insured"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={insuredLabelId}>The client is</FormLabel>
            <RadioGroup
              row
              aria-labelledby={insuredLabelId}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
              }}
            >
              <FormControlLabel value="insured" control={<Radio />} label="Insured" />
              <FormControlLabel value="dependent" control={<Radio />} label="Dependent" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {insured === 'dependent' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            name="insuredFirstName"
            control={control}
            rules={{ validate: all(required, max(35)) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                required
                fullWidth
                label="Insured first name"
                autoComplete="off"
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="insuredLastName"
            control={control}
            rules={{ validate: all(required, max(60)) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                required
                fullWidth
                label="Insured last name"
                autoComplete="off"
                error={fieldState.invalid}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            name="insuredRelationship"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                fullWidth
                label="Relationship to insured"
              >
                {RELATIONSHIPS.map((r) => (
                  <MenuItem key={r.value} value={r.value}>
                    {r.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      )}
    </>
  );
}

/** The insured's member id. */
export function InsuranceNumberField({ control }: { control: Control<CreateValues> }) {
  return (
    <Controller
      name="insuranceNumber"
      control={control}
      rules={{ validate: all(required, max(80)) }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          required
          label="Insurance number"
          autoComplete="off"
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? "The insured's member id."}
        />
      )}
    />
  );
}
