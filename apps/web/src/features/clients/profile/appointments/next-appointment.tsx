import Typography from '@mui/material/Typography';

import { MESSAGES } from '../lib/messages';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useClientAppointments } from './api';
import { nextAppointmentText } from './appointment-text';

/**
 * The header's next appointment (date, time, therapist), or nothing when there is none, while
 * it loads, or when the caller may not read the client's appointments. The first page of the
 * Appointments tab is the same read; a failure is told once, here (spec-2 §8, 5 s).
 */
export function NextAppointment({ patientId, enabled }: { patientId: number; enabled: boolean }) {
  const appointments = useClientAppointments(patientId, enabled);
  useLoadErrorToast(appointments, enabled ? MESSAGES.loadAppointments : null);
  const first = appointments.data;
  if (!first?.next) return null;
  return (
    <Typography color="text.secondary">
      Next appointment: {nextAppointmentText(first.next, first.timezone)}
    </Typography>
  );
}
