import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { max, required } from '@openpractice/domain';
import { Controller, type Control } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import { insuranceLabel, usePracticeInsurance } from '../api/practice-lists';
import { all, FieldGrid, span } from './form-layout';
import type { NewClientValues } from './new-client-form';

/** The insurance company (one of the practice's payers) and the client's number with it. */
export function InsurancePaymentFields({ control }: { control: Control<NewClientValues> }) {
  const insurance = usePracticeInsurance();
  return (
    <FieldGrid>
      <Controller
        name="insuranceCompanyId"
        control={control}
        rules={{ validate: required }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            select
            required
            label="Insurance company"
            error={fieldState.invalid || insurance.isError}
            helperText={
              fieldState.error?.message ??
              (insurance.isError ? errorMessage(insurance.error) : undefined)
            }
            onChange={(event) => {
              const id = Number(event.target.value);
              field.onChange(Number.isInteger(id) && id > 0 ? id : '');
            }}
            sx={span(2)}
          >
            {(insurance.data ?? []).map((payer) => (
              <MenuItem key={payer.practice_insurance_id} value={payer.practice_insurance_id}>
                {insuranceLabel(payer)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="insuranceNumber"
        control={control}
        rules={{ validate: all(required, max(40)) }}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            required
            label="Insurance number"
            autoComplete="off"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            sx={span(1)}
          />
        )}
      />
    </FieldGrid>
  );
}
