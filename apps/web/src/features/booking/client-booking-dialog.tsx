import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import {
  isSlotGone,
  useClientBooking,
  type BookableSlot,
  type BookingMode,
  type BookingResult,
} from './api';
import { REASON_MAX } from './booking-form-rules';
import { defaultModeOf, ModeChoice, SlotSummary } from './slot-summary';

/**
 * A signed-in client books the chosen slot for themselves: their record
 * supplies who they are, so only the way to meet and an optional reason are asked.
 */
export function ClientBookingDialog({
  therapistId,
  therapistName,
  slot,
  timezone,
  durationMinutes,
  preferredMode,
  attemptKey,
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
  attemptKey: string;
  onClose: () => void;
  onBooked: (result: BookingResult) => void;
  onSlotGone: (message: string) => void;
}) {
  const booking = useClientBooking();
  const [mode, setMode] = useState<BookingMode>(defaultModeOf(slot, preferredMode));
  const [reason, setReason] = useState('');

  const submit = async () => {
    if (booking.isPending) return;
    try {
      const response = await booking.mutateAsync({
        therapistId,
        start: slot.start,
        end: slot.end,
        mode,
        idempotencyKey: attemptKey,
        ...(reason.trim() ? { reasonForAppointment: reason.trim() } : {}),
      });
      onBooked(response.data);
    } catch (error) {
      if (isSlotGone(error)) onSlotGone(error.message);
    }
  };

  const failure = booking.error;
  return (
    <Dialog open onClose={booking.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Book this appointment</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogContent>
          <Stack spacing={2}>
            <SlotSummary
              slot={slot}
              timezone={timezone}
              durationMinutes={durationMinutes}
              therapistName={therapistName}
            />
            {failure !== null && !isSlotGone(failure) && (
              <Alert severity="error">{errorMessage(failure)}</Alert>
            )}
            <ModeChoice slot={slot} value={mode} onChange={setMode} />
            <TextField
              label="Reason for appointment (optional)"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
              }}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
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
