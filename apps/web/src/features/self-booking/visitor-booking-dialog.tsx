import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ComponentProps } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';

import { ApiError, errorMessage } from '../../lib/api-client';
import {
  isSlotGone,
  usePublicBooking,
  type BookableSlot,
  type BookingMode,
  type BookingResult,
} from './api';
import {
  dobValidator,
  EMAIL_MAX,
  isoDobOf,
  NAME_MAX,
  PHONE_MAX,
  REASON_MAX,
  usDateOf,
  validateEmail,
  validateName,
  validatePhone,
  validateReason,
} from './booking-form-rules';
import { defaultModeOf, ModeChoice, SlotSummary } from './slot-summary';

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

const FIELDS = new Set<string>(Object.keys(EMPTY_VISITOR));

/**
 * The visitor's details for the chosen slot. One booking key per opening of
 * the dialog (an attempt), sent again if the same attempt is retried, so a
 * double submission books once; Book is disabled while it is sent. A taken
 * slot closes the dialog through `onSlotGone`; what was typed is kept for
 * the next slot through `onRemember`.
 */
export function VisitorBookingDialog({
  therapistId,
  therapistName,
  slot,
  timezone,
  durationMinutes,
  preferredMode,
  today,
  attemptKey,
  remembered,
  onRemember,
  onClose,
  onBooked,
  onSlotGone,
}: {
  therapistId: number;
  therapistName: string;
  slot: BookableSlot;
  timezone: string;
  durationMinutes: number;
  preferredMode: 'any' | BookingMode;
  /** Today on the practice's calendar (ISO), the latest date of birth. */
  today: string;
  attemptKey: string;
  remembered: VisitorFormValues;
  onRemember: (values: VisitorFormValues) => void;
  onClose: () => void;
  onBooked: (result: BookingResult) => void;
  onSlotGone: (message: string) => void;
}) {
  const booking = usePublicBooking();
  const [mode, setMode] = useState<BookingMode>(defaultModeOf(slot, preferredMode));
  const { control, handleSubmit, setError, getValues } = useForm<VisitorFormValues>({
    defaultValues: remembered,
  });
  const validateDob = dobValidator(usDateOf(today));

  useEffect(
    () => () => {
      onRemember(getValues());
    },
    // Remember once, when the dialog goes away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const onSubmit = handleSubmit(async (values) => {
    if (booking.isPending) return;
    try {
      const response = await booking.mutateAsync({
        therapistId,
        start: slot.start,
        end: slot.end,
        mode,
        idempotencyKey: attemptKey,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        dob: isoDobOf(values.dob) ?? values.dob,
        reasonForAppointment: values.reasonForAppointment.trim(),
      });
      onBooked(response.data);
    } catch (error) {
      if (isSlotGone(error)) {
        onSlotGone(error.message);
        return;
      }
      if (error instanceof ApiError && error.field && FIELDS.has(error.field)) {
        setError(
          error.field as Path<VisitorFormValues>,
          { message: error.message },
          { shouldFocus: true },
        );
      }
    }
  });

  const failure = booking.error;
  const fieldFailure =
    failure instanceof ApiError && failure.field !== undefined && FIELDS.has(failure.field);

  const field = (
    name: keyof VisitorFormValues,
    label: string,
    validate: (value: unknown) => true | string,
    { helperText, ...extra }: Partial<ComponentProps<typeof TextField>> = {},
    max?: number,
  ) => (
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

  return (
    <Dialog open onClose={booking.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Book this appointment</DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogContent>
          <Stack spacing={2}>
            <SlotSummary
              slot={slot}
              timezone={timezone}
              durationMinutes={durationMinutes}
              therapistName={therapistName}
            />
            {failure !== null && !fieldFailure && !isSlotGone(failure) && (
              <Alert severity="error">{errorMessage(failure)}</Alert>
            )}
            <ModeChoice slot={slot} value={mode} onChange={setMode} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field(
                'firstName',
                'First name',
                validateName,
                { autoComplete: 'given-name', autoFocus: true },
                NAME_MAX,
              )}
              {field(
                'lastName',
                'Last name',
                validateName,
                { autoComplete: 'family-name' },
                NAME_MAX,
              )}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field(
                'email',
                'Email',
                validateEmail,
                { type: 'email', autoComplete: 'email' },
                EMAIL_MAX,
              )}
              {field(
                'phone',
                'Phone',
                validatePhone,
                { type: 'tel', autoComplete: 'tel', placeholder: '(888) 555-1212' },
                PHONE_MAX,
              )}
            </Stack>
            {field(
              'dob',
              'Date of birth',
              (value) => validateDob(value),
              { autoComplete: 'bday', placeholder: 'MM/DD/YYYY', helperText: 'MM/DD/YYYY' },
              10,
            )}
            {field(
              'reasonForAppointment',
              'Reason for appointment',
              validateReason,
              {
                multiline: true,
                minRows: 3,
                helperText:
                  'A few words about what you would like help with. Only the practice sees this.',
              },
              REASON_MAX,
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={booking.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={booking.isPending}>
            {booking.isPending ? 'Booking…' : 'Book appointment'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
