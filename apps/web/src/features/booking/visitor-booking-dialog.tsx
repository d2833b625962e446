import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';

import { ApiError, errorMessage } from '../../lib/api-client';
import {
  isSlotGone,
  usePublicBooking,
  type BookableSlot,
  type BookingMode,
  type BookingResult,
} from './api';
import { isoDobOf } from './booking-form-rules';
import { defaultModeOf, ModeChoice, SlotSummary } from './slot-summary';
import { EMPTY_VISITOR, VisitorFields, type VisitorFormValues } from './visitor-fields';

const FIELDS = new Set<string>(Object.keys(EMPTY_VISITOR));

/** The details as the server takes them: trimmed, the date of birth as an ISO date. */
const visitorDetailsOf = (values: VisitorFormValues) => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  dob: isoDobOf(values.dob) ?? values.dob,
  reasonForAppointment: values.reasonForAppointment.trim(),
});

interface VisitorBookingDialogProps {
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
}

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
}: VisitorBookingDialogProps) {
  const booking = usePublicBooking();
  const [mode, setMode] = useState<BookingMode>(defaultModeOf(slot, preferredMode));
  const { control, handleSubmit, setError, getValues } = useForm<VisitorFormValues>({
    defaultValues: remembered,
  });

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
        ...visitorDetailsOf(values),
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
            <VisitorFields control={control} today={today} />
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
