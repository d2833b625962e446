import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';

import { AppointmentBody } from './appointment-body';
import { AppointmentChangeSteps, type ChangeStep } from './appointment-change-steps';
import { useAppointmentChanges } from './use-appointment-changes';
import { useAppointmentLoad } from './use-appointment-load';
import { useAttendanceActions } from './use-attendance-actions';

/**
 * An appointment: client, time, therapist, where, service, telehealth, and per
 * attendee attendance and check-in; Cancel (with a reason) and Edit, asking
 * first which occurrences of a series they apply to.
 */
export function AppointmentDetailsDialog({
  eventId,
  attendeeId,
  onClose,
  onChanged,
}: {
  eventId: number;
  attendeeId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const titleId = useId();
  const { appointment, groupProducts } = useAppointmentLoad(eventId, attendeeId, onClose);
  const [step, setStep] = useState<ChangeStep>({ kind: 'details' });
  const attendance = useAttendanceActions(eventId, onChanged);
  const changes = useAppointmentChanges(
    eventId,
    () => {
      setStep({ kind: 'details' });
    },
    onChanged,
  );
  const busy = attendance.busy || changes.busy;

  const startAction = (action: 'cancel' | 'edit') => {
    if (appointment && appointment.series_id !== null) setStep({ kind: 'scope', action });
    else
      setStep(
        action === 'cancel' ? { kind: 'cancel', scope: 'this' } : { kind: 'edit', scope: null },
      );
  };

  return (
    <>
      <Dialog
        // Stays open under the scope, cancel and edit dialogs: reopening it would hide
        // (aria-hidden) the toast that the change just showed.
        open
        fullWidth
        maxWidth="md"
        aria-labelledby={titleId}
        onClose={() => {
          if (!busy) onClose();
        }}
      >
        <DialogTitle id={titleId}>
          {appointment ? `Appointment with ${appointment.clientName}` : 'Appointment details'}
        </DialogTitle>
        <DialogContent>
          {!appointment ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label="Loading appointment details" />
            </Box>
          ) : (
            <AppointmentBody
              appointment={appointment}
              busy={busy}
              groupProducts={groupProducts}
              onSave={attendance.onSave}
              onReset={attendance.onReset}
              onToggleCheckIn={attendance.onToggleCheckIn}
            />
          )}
        </DialogContent>
        <DialogActions>
          {appointment?.canChange && !appointment.isCancelled && (
            <ChangeButtons busy={busy} onStart={startAction} />
          )}
          <Button onClick={onClose} disabled={busy}>
            Close
          </Button>
        </DialogActions>
      </Dialog>

      <AppointmentChangeSteps
        eventId={eventId}
        appointment={appointment}
        step={step}
        onStep={setStep}
        busy={busy}
        changes={changes}
      />
    </>
  );
}

function ChangeButtons({
  busy,
  onStart,
}: {
  busy: boolean;
  onStart: (action: 'cancel' | 'edit') => void;
}) {
  return (
    <>
      <Button
        color="error"
        disabled={busy}
        onClick={() => {
          onStart('cancel');
        }}
      >
        Cancel appointment
      </Button>
      <Button
        disabled={busy}
        onClick={() => {
          onStart('edit');
        }}
      >
        Edit
      </Button>
    </>
  );
}
