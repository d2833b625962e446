import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { parseMoneyToCents } from '@openpractice/domain';
import { useId } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';

import { usePracticeInsurance } from '../api/practice-lists';
import { InsurancePaymentFields } from './insurance-payment-fields';
import { USUAL_FEE_MESSAGE, type NewClientValues } from './new-client-form';

const validUsualFee = (value: string) =>
  value.trim() === '' || parseMoneyToCents(value) !== null ? true : USUAL_FEE_MESSAGE;

/** How the client pays: an insurance company and number, private pay with a usual fee, or not known yet. */
export function PaymentFields({ control }: { control: Control<NewClientValues> }) {
  const payment = useWatch({ control, name: 'payment' });
  // Loaded before insurance is chosen, so the payers are there the moment it is.
  usePracticeInsurance();
  const labelId = useId();

  return (
    <>
      <Controller
        name="payment"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id={labelId}>How the client pays</FormLabel>
            <RadioGroup
              row
              aria-labelledby={labelId}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
              }}
            >
              <FormControlLabel value="insurance" control={<Radio />} label="Insurance" />
              <FormControlLabel value="privatePay" control={<Radio />} label="Private pay" />
              <FormControlLabel value="none" control={<Radio />} label="Not known yet" />
            </RadioGroup>
          </FormControl>
        )}
      />
      {payment === 'insurance' && <InsurancePaymentFields control={control} />}
      {payment === 'privatePay' && (
        <Controller
          name="usualFee"
          control={control}
          rules={{ validate: validUsualFee }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Usual fee"
              autoComplete="off"
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
              sx={{ maxWidth: 240 }}
            />
          )}
        />
      )}
    </>
  );
}
