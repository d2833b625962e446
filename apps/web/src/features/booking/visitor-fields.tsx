import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ComponentProps } from 'react';
import { Controller, type Control } from 'react-hook-form';

import {
  dobValidator,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  REASON_MAX,
  usDateOf,
  validateEmail,
  validateName,
  validatePhone,
  validateReason,
} from './booking-form-rules';

export interface VisitorFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** As typed: MM/DD/YYYY. */
  dob: string;
  reasonForAppointment: string;
}

export const EMPTY_VISITOR: VisitorFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dob: '',
  reasonForAppointment: '',
};

/** What a visitor says about themselves when booking: each field checked as the server checks it. */
export function VisitorFields({
  control,
  today,
}: {
  control: Control<VisitorFormValues>;
  /** Today on the practice's calendar (ISO), the latest date of birth. */
  today: string;
}) {
  const validateDob = dobValidator(usDateOf(today));
  const field = { control };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <VisitorField
          {...field}
          name="firstName"
          label="First name"
          validate={validateName}
          max={NAME_MAX}
          extra={{ autoComplete: 'given-name', autoFocus: true }}
        />
        <VisitorField
          {...field}
          name="lastName"
          label="Last name"
          validate={validateName}
          max={NAME_MAX}
          extra={{ autoComplete: 'family-name' }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <VisitorField
          {...field}
          name="email"
          label="Email"
          validate={validateEmail}
          max={EMAIL_MAX}
          extra={{ type: 'email', autoComplete: 'email' }}
        />
        <VisitorField
          {...field}
          name="phone"
          label="Phone"
          validate={validatePhone}
          max={PHONE_MAX}
          extra={{ type: 'tel', autoComplete: 'tel', placeholder: '(888) 555-1212' }}
        />
      </Stack>
      <VisitorField
        {...field}
        name="dob"
        label="Date of birth"
        validate={(value) => validateDob(value)}
        max={10}
        extra={{ autoComplete: 'bday', placeholder: 'MM/DD/YYYY', helperText: 'MM/DD/YYYY' }}
      />
      <VisitorField
        {...field}
        name="reasonForAppointment"
        label="Reason for appointment"
        validate={validateReason}
        max={REASON_MAX}
        extra={{
          multiline: true,
          minRows: 3,
          helperText:
            'A few words about what you would like help with. Only the practice sees this.',
        }}
      />
    </>
  );
}

function VisitorField({
  control,
  name,
  label,
  validate,
  max,
  extra: { helperText, ...extra } = {},
}: {
  control: Control<VisitorFormValues>;
  name: keyof VisitorFormValues;
  label: string;
  validate: (value: unknown) => true | string;
  max: number;
  extra?: Partial<ComponentProps<typeof TextField>>;
}) {
  return (
    <Controller
      name={name}
      control={control}
      rules={{ validate: (value) => validate(value.trim()) }}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          inputRef={f.ref}
          label={label}
          required
          fullWidth
          error={fieldState.invalid}
          {...extra}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { maxLength: max } }}
        />
      )}
    />
  );
}
